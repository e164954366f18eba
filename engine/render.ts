/** `render`: run a compiled template (or source) over data with render options. */
import type { TemplateError } from './errors.js';
import { DEFAULT_RENDER_LIMITS, limitOf, RenderAbort, type RenderLimits } from './exec/limits.js';
import { RenderState, type Runnable } from './exec/state.js';
import type { ExprLimits } from './syntax/expr/index.js';
import { compile, compileWithTables, isTemplate, type CompileOptions, type Template } from './template.js';

export interface RenderOptions extends CompileOptions {
  /** Partials by name: template source or a compiled Template. */
  partials?: Readonly<Record<string, string | Template>>;
  /** `.inject` documents by path, as JSON text. */
  injects?: Readonly<Record<string, string>>;
  /** BCP-47 locale (default en-US); null means no locale data. */
  locale?: string | null;
  /** Time zone used when the data has no `website.timeZone` (default America/New_York). */
  timeZone?: string;
  /** Fixed "now", epoch ms. */
  now?: number;
  enableExpr?: boolean;
  enableInclude?: boolean;
  /** `.eval` limits; default DEFAULT_EXPR_LIMITS (1,000 tokens, 64 Ki-character strings); 0 turns one off. */
  exprLimits?: ExprLimits;
  /** Work, output and error limits; each defaults to DEFAULT_RENDER_LIMITS, 0 turns one off. */
  limits?: RenderLimits;
}

export type { RenderLimits };

export interface RenderResult {
  output: string;
  errors: TemplateError[];
}

const DEFAULT_TIME_ZONE = 'America/New_York';
const MAX_CACHED = 500;

/** Compiled helper and partial sources, per plugin-table pair; compiled templates are immutable so sharing is safe. */
const compiledBySource = new WeakMap<object, Map<string, Template>>();

function cachedCompile(source: string, owner: Template): Template {
  let cache = compiledBySource.get(owner.formatters);
  if (cache === undefined) {
    cache = new Map();
    compiledBySource.set(owner.formatters, cache);
  }
  let template = cache.get(source);
  if (template === undefined || template.predicates !== owner.predicates) {
    template = compileWithTables(source, owner.formatters, owner.predicates);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(source, template);
  }
  return template;
}

/**
 * Render a template with data. Never throws for template problems: errors are returned.
 *
 * @example
 *   render('{.section user}Hi {name}{.end}', { user: { name: 'Ada' } }).output; // 'Hi Ada'
 */
export function render(template: Template | string, data: unknown, options: RenderOptions = {}): RenderResult {
  const compiled = isTemplate(template) ? template : compile(template, options);
  const partials = options.partials ?? {};
  const state = new RenderState({
    root: data,
    locale: options.locale === undefined ? 'en-US' : options.locale,
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    now: options.now,
    enableExpr: options.enableExpr ?? true,
    enableInclude: options.enableInclude ?? true,
    exprLimits: options.exprLimits,
    maxSteps: limitOf(options.limits?.maxSteps, DEFAULT_RENDER_LIMITS.maxSteps),
    maxOutputLength: limitOf(options.limits?.maxOutputLength, DEFAULT_RENDER_LIMITS.maxOutputLength),
    maxErrors: limitOf(options.limits?.maxErrors, DEFAULT_RENDER_LIMITS.maxErrors),
    injects: options.injects ?? {},
    partial: (name): Runnable | undefined => {
      if (!Object.prototype.hasOwnProperty.call(partials, name)) return undefined;
      const p = partials[name];
      return isTemplate(p) ? p : cachedCompile(p, compiled);
    },
    helperTemplate: (source) => cachedCompile(source, compiled),
  });
  try {
    compiled.run(state);
  } catch (e) {
    // A crossed limit was already reported; the output so far is kept.
    if (!(e instanceof RenderAbort)) state.unexpected('template', e);
  }
  return { output: state.out, errors: [...compiled.errors, ...state.errors] };
}

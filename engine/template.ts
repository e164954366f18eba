/**
 * `compile`: source to an immutable Template (instruction tree, errors and the
 * closures that render it). Bad templates never throw: errors are values.
 */
import type { TemplateError } from './errors.js';
import { CodeBuilder } from './exec/codegen.js';
import type { Run, Runnable } from './exec/state.js';
import { BUILTIN_FORMATTERS, BUILTIN_PREDICATES } from './plugins/index.js';
import type { FormatterTable, PredicateTable } from './plugin-contract.js';
import { assembleTemplate, lazyLocate, parseTemplate } from './syntax/assembler.js';
import type { RootCode } from './syntax/opcodes.js';

export interface CompileOptions {
  /** Extra or replacement formatters, merged over the built-ins. */
  formatters?: FormatterTable;
  /** Extra or replacement predicates, merged over the built-ins. */
  predicates?: PredicateTable;
}

const TEMPLATE = Symbol('atelier.template');
/** Most templates have no errors: one frozen empty list for all of them. */
const NO_ERRORS: readonly TemplateError[] = Object.freeze([]);

/** Instruction trees of templates a tool asked for one (compile itself builds closures, not the tree). */
const TREES = new WeakMap<Template, RootCode>();

export class Template implements Runnable {
  declare readonly [TEMPLATE]: true;

  constructor(
    readonly source: string,
    readonly errors: readonly TemplateError[],
    readonly run: Run,
    readonly formatters: FormatterTable,
    readonly predicates: PredicateTable,
  ) {
    Object.freeze(this);
  }

  /** The dialect's instruction tree, read from the source on first use and kept (tools such as `atelier check` ask). */
  get tree(): RootCode {
    let tree = TREES.get(this);
    if (tree === undefined) TREES.set(this, (tree = parseTemplate(this.source).tree));
    return tree;
  }
}

// The brand lives on the prototype: one property for all templates, not a symbol-keyed field defined per compile.
Object.defineProperty(Template.prototype, TEMPLATE, { value: true });

export function isTemplate(value: unknown): value is Template {
  return typeof value === 'object' && value !== null && (value as Template)[TEMPLATE] === true;
}

/** The built-in tables, shared by every compile without options (no object per compile). */
const BUILTIN_TABLES = Object.freeze({ formatters: BUILTIN_FORMATTERS, predicates: BUILTIN_PREDICATES });

function tablesFor(options?: CompileOptions): { formatters: FormatterTable; predicates: PredicateTable } {
  if (options?.formatters === undefined && options?.predicates === undefined) return BUILTIN_TABLES;
  return {
    formatters: options?.formatters ? { ...BUILTIN_FORMATTERS, ...options.formatters } : BUILTIN_FORMATTERS,
    predicates: options?.predicates ? { ...BUILTIN_PREDICATES, ...options.predicates } : BUILTIN_PREDICATES,
  };
}

/** Compile with resolved plugin tables (shared by `compile` and partial compilation). */
export function compileWithTables(source: string, formatters: FormatterTable, predicates: PredicateTable): Template {
  const builder = new CodeBuilder(source, formatters, predicates, lazyLocate(source));
  // The builder carries the plugin tables the assembler checks names against.
  const errors = assembleTemplate(source, builder, builder.at, builder);
  return new Template(source, errors.length === 0 ? NO_ERRORS : Object.freeze(errors), builder.finish(), formatters, predicates);
}

/**
 * Compile a template once; render it many times.
 *
 * @example
 *   const t = compile('Hello {name|html}!');
 *   t.errors; // []
 *   render(t, { name: 'Ada' }).output; // 'Hello Ada!'
 */
export function compile(source: string, options?: CompileOptions): Template {
  const { formatters, predicates } = tablesFor(options);
  return compileWithTables(source, formatters, predicates);
}

/** The dialect's JSON instruction tree of a template (conformance "ast" fixtures). */
export function instructionTree(source: string): RootCode {
  return parseTemplate(source).tree;
}

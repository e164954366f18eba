import { ErrorCode, render, type TemplateError } from '../../engine/index.js';
import type { SiteRecord } from '../services/websites.js';
import { RenderLimitError, TemplateMissingError } from '../errors.js';
import type { CompiledTemplate, Theme } from './theme-templates.js';
import type { PageLayout } from '../../blocks/layout-schema.js';
import { renderLayout, type LayoutData } from '../../blocks/render-layout.js';

const LAYOUT = 'layout.html';
/** Errors that stop a render part-way: the output is incomplete, so the page is not served. */
const STOPPING: ReadonlySet<string> = new Set([ErrorCode.STEP_BUDGET_EXCEEDED, ErrorCode.OUTPUT_TOO_LARGE]);

function logErrors(path: string, url: string, errors: readonly TemplateError[]) {
  for (const e of errors) {
    console.warn(`render ${url} ${path}:${e.line}:${e.column} ${e.code} ${e.message}`);
  }
}

function renderOne(theme: Theme, site: SiteRecord, path: string, template: CompiledTemplate, data: unknown, url: string): string {
  const { output, errors } = render(template, data, {
    partials: theme.partials,
    locale: site.locale,
    timeZone: site.timeZone,
  });
  // Template runtime errors never fail the page: it renders and the errors are logged.
  // A crossed render limit does: the output stops short, so the error page is served instead.
  if (errors.length) {
    logErrors(path, url, errors);
    const stop = errors.find((e) => STOPPING.has(e.code));
    if (stop) throw new RenderLimitError(path, stop.code, `${stop.message} (${path}:${stop.line}:${stop.column})`);
  }
  return output;
}

/**
 * Renders the first of `paths` the site's theme has, wrapped in `layout.html` when
 * the theme has one (the page's output becomes `pageContent`).
 * Throws `TemplateMissingError` when the theme has none of `paths`, `RenderLimitError`
 * when a render stops at a limit (STEP_BUDGET_EXCEEDED, OUTPUT_TOO_LARGE).
 */
export function renderThemed(
  theme: Theme,
  site: SiteRecord,
  paths: readonly string[],
  data: Record<string, unknown>,
  url: string,
): string {
  const path = paths.find((p) => theme.byPath.has(p));
  if (!path) throw new TemplateMissingError(paths[0] ?? '');
  const page = renderOne(theme, site, path, theme.byPath.get(path)!, data, url);
  const layout = theme.byPath.get(LAYOUT);
  if (!layout) return page;
  return renderOne(theme, site, LAYOUT, layout, { ...data, pageContent: page }, url);
}

/**
 * `pageContent` (markup built elsewhere and already escaped, such as an account page) inside
 * the theme's `layout.html`; undefined when the theme has no layout.
 */
export function renderInLayout(theme: Theme, site: SiteRecord, data: Record<string, unknown>, pageContent: string, url: string): string | undefined {
  const layout = theme.byPath.get(LAYOUT);
  return layout ? renderOne(theme, site, LAYOUT, layout, { ...data, pageContent }, url) : undefined;
}

/**
 * A block layout as HTML (blocks/render-layout.ts): blocks and sections through the
 * theme's `blocks/<type>.html` and `section.html` when it has them, else the defaults.
 * `extra` carries the blocks' loaded data and the page context (edge/pages/block-data.ts).
 * Errors are logged like a page's; a crossed render limit throws `RenderLimitError`.
 */
export function renderBlocks(theme: Theme, site: SiteRecord, layout: PageLayout, url: string, extra?: LayoutData): string {
  const { html, errors } = renderLayout(
    layout,
    (path) => theme.byPath.get(path),
    { partials: theme.partials, locale: site.locale, timeZone: site.timeZone },
    extra,
  );
  if (errors.length) {
    logErrors('blocks', url, errors);
    const stop = errors.find((e) => STOPPING.has(e.code));
    if (stop) throw new RenderLimitError('blocks', stop.code, stop.message);
  }
  return html;
}

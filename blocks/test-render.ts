/** Helpers of the block tests: one block rendered the way a page renders it. */
import { parseLayout } from './layout-schema.js';
import { renderLayout } from './render-layout.js';

const AT = { desktop: { col: 1, row: 1, span: 12, rows: 1 } };

/**
 * The HTML of one `type` block with `props`, through parseLayout (the write's check and
 * defaults) and renderLayout with no theme overrides, cut down to the block's own markup.
 * Throws with the refused fields when the props do not pass.
 */
export function renderBlock(type: string, props: Record<string, unknown> = {}, options: { locale?: string } = {}): string {
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type, props, layout: AT }] }] });
  if (!check.ok) throw new Error(JSON.stringify(check.fields));
  const { html, errors } = renderLayout(check.layout, () => undefined, { locale: options.locale ?? 'en-US' });
  if (errors.length) throw new Error(JSON.stringify(errors));
  const open = html.indexOf('">', html.indexOf('id="block-b"')) + 2;
  return html.slice(open, html.lastIndexOf('</div>\n  </div>'));
}

/** The fields a write of one `type` block with `props` is refused with, or undefined when it passes. */
export function refusedFields(type: string, props: Record<string, unknown>): Record<string, string> | undefined {
  const check = parseLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type, props, layout: AT }] }] });
  return check.ok ? undefined : check.fields;
}

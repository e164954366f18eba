/**
 * Placeholder filling for the commerce wording strings (`from {fromPrice}`,
 * `Only {qtyInStock} left!`). Only simple `{name}` placeholders occur in these
 * strings; an unknown name is left as written.
 */
import { escapeHtml } from '../../exec/escape.js';
import { ownEntry } from '../../exec/values.js';

const PLACEHOLDER = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

/**
 * Fill `{name}` placeholders with plain values.
 * @example fillMessage('Only {qtyInStock} left!', { qtyInStock: 3 }) === 'Only 3 left!'
 */
export function fillMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (ownEntry(values, name) !== undefined ? String(values[name]) : whole));
}

/**
 * Fill placeholders with markup: the wording itself is escaped, the values
 * (already-safe markup such as the money span) are inserted as they are.
 * @example fillMarkup('{price} & more', { price: '<b>1</b>' }) === '<b>1</b> &amp; more'
 */
export function fillMarkup(text: string, markup: Readonly<Record<string, string | number>>): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1];
    if (ownEntry(markup, name) === undefined) continue;
    out += escapeHtml(text.slice(last, m.index)) + String(markup[name]);
    last = (m.index ?? 0) + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/**
 * Placeholder filling for the commerce wording strings (`from {fromPrice}`,
 * `Only {qtyInStock} left!`). Only simple `{name}` placeholders occur in these
 * strings; an unknown name is left as written.
 */
import { escapeHtml } from '../../escape.js';
import { ownEntry } from '../../values.js';

const PLACEHOLDER = /\{\s*([A-Za-z_$][\w$]*)\s*\}/g;

/**
 * A wording split at its placeholders once: literal texts (raw and escaped) around
 * each `{name}` and the placeholder as written. Wordings are few per site and
 * filled on every price and option, so the parse is kept per text (bounded).
 */
interface Wording {
  /** texts.length === names.length + 1 */
  readonly texts: readonly string[];
  readonly escaped: readonly string[];
  readonly names: readonly string[];
  readonly wholes: readonly string[];
}

const wordings = new Map<string, Wording>();
const MAX_WORDINGS = 1000;

function wordingOf(text: string): Wording {
  let wording = wordings.get(text);
  if (wording === undefined) {
    const texts: string[] = [];
    const names: string[] = [];
    const wholes: string[] = [];
    let last = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      texts.push(text.slice(last, m.index));
      names.push(m[1]);
      wholes.push(m[0]);
      last = (m.index ?? 0) + m[0].length;
    }
    texts.push(text.slice(last));
    wording = Object.freeze({ texts, escaped: texts.map(escapeHtml), names, wholes });
    if (wordings.size >= MAX_WORDINGS) wordings.clear();
    wordings.set(text, wording);
  }
  return wording;
}

/**
 * Fill `{name}` placeholders with plain values.
 * @example fillMessage('Only {qtyInStock} left!', { qtyInStock: 3 }) === 'Only 3 left!'
 */
export function fillMessage(text: string, values: Readonly<Record<string, string | number>>): string {
  const { texts, names, wholes } = wordingOf(text);
  let out = texts[0];
  for (let i = 0; i < names.length; i++) {
    const value = ownEntry(values, names[i]);
    out += (value !== undefined ? String(value) : wholes[i]) + texts[i + 1];
  }
  return out;
}

/**
 * Fill placeholders with markup: the wording itself is escaped, the values
 * (already-safe markup such as the money span) are inserted as they are.
 * @example fillMarkup('{price} & more', { price: '<b>1</b>' }) === '<b>1</b> &amp; more'
 */
export function fillMarkup(text: string, markup: Readonly<Record<string, string | number>>): string {
  const { escaped, names, wholes } = wordingOf(text);
  // Escaping is per character, so escaping the pieces equals escaping the whole text.
  let out = escaped[0];
  for (let i = 0; i < names.length; i++) {
    const value = ownEntry(markup, names[i]);
    out += (value !== undefined ? String(value) : escapeHtml(wholes[i])) + escaped[i + 1];
  }
  return out;
}

/**
 * The small text helpers the islands share (fill a text's `{name}` slots, read their words
 * over the English), apart from the store texts' table: an island that imports them does not
 * carry every store text in its chunk.
 */

/** `text` with each `{name}` replaced by `values[name]` (unknown names stay). */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * fillText's inverse: the messages `text` makes as one pattern of the whole message. A slot
 * named in `known` matches exactly that value; each other slot matches any words, captured in
 * order (`names`).
 * @example textPattern('{site}: order #{number} shipped', { number: '1001' }).pattern.exec('Fern: order #1001 shipped')?.[1] === 'Fern'
 */
export function textPattern(text: string, known: Record<string, string> = {}): { pattern: RegExp; names: string[] } {
  const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const names: string[] = [];
  const source = text.split(/(\{\w+\})/).map((part) => {
    const slot = /^\{(\w+)\}$/.exec(part)?.[1];
    if (slot === undefined) return escape(part);
    if (slot in known) return escape(known[slot]!);
    names.push(slot);
    return '([\\s\\S]*?)';
  });
  return { pattern: new RegExp(`^${source.join('')}$`), names };
}

/**
 * The words an island received in its `texts` prop (by name, the page's language) over its
 * English ones: a page without the prop, or an older page, still reads English.
 * @example textsOver({ close: 'Close' }, { close: 'Fermer', other: 1 }).close === 'Fermer'
 */
export function textsOver<T extends Record<string, string>>(english: T, value: unknown): T {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const texts = { ...english };
  for (const key of Object.keys(english) as (keyof T & string)[]) {
    const text = given[key];
    if (typeof text === 'string') texts[key] = text as T[keyof T & string];
  }
  return texts;
}

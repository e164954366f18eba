/** Text helpers shared by the content formatters and predicates. */

/**
 * Replace every `<...>` tag with one space, so words on either side of a tag
 * stay apart (the reference output keeps those spaces: `<b>a</b>b` → ` a b`).
 *
 * @example removeTags('<b>bold</b>x') // ' bold x'
 *
 * Text between tags is copied a run at a time (not a character at a time: bodies
 * run to kilobytes). A `>` outside a tag is dropped. With `limit`, stops once the
 * output has at least that many characters: output only grows at its end, so
 * its first `limit` characters are those of the whole result.
 */
export function removeTags(s: string, limit = Infinity): string {
  let out = '';
  let inTag = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 60 /* < */) {
      if (!inTag) out += s.slice(start, i);
      inTag = true;
    } else if (c === 62 /* > */) {
      out += inTag ? ' ' : s.slice(start, i);
      inTag = false;
      start = i + 1;
      if (out.length >= limit) return out;
    }
  }
  return inTag ? out : out + s.slice(start);
}

/**
 * A number as the reference prints a double: integers keep one decimal
 * (`1` → `1.0`), everything else as JavaScript prints it.
 */
export function formatDouble(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

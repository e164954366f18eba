/** Text helpers shared by the content formatters and predicates. */

/**
 * Replace every `<...>` tag with one space, so words on either side of a tag
 * stay apart (the reference output keeps those spaces: `<b>a</b>b` → ` a b`).
 *
 * @example removeTags('<b>bold</b>x') // ' bold x'
 */
export function removeTags(s: string): string {
  let out = '';
  let inTag = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '<') {
      inTag = true;
    } else if (ch === '>') {
      if (inTag) out += ' ';
      inTag = false;
    } else if (!inTag) {
      out += ch;
    }
  }
  return out;
}

/**
 * A number as the reference prints a double: integers keep one decimal
 * (`1` → `1.0`), everything else as JavaScript prints it.
 */
export function formatDouble(n: number): string {
  return Number.isInteger(n) ? n.toFixed(1) : String(n);
}

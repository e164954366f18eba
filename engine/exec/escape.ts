/** HTML escaping used by every formatter that emits markup. */

/**
 * Escape `&`, `<`, `>` (and `"` when `quotes`): one scan that returns the string
 * itself when nothing needs escaping (the usual case), building only past the first hit.
 */
function escape(s: string, quotes: boolean): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let entity: string;
    if (c === 38) entity = '&amp;';
    else if (c === 60) entity = '&lt;';
    else if (c === 62) entity = '&gt;';
    else if (c === 34 && quotes) entity = '&quot;';
    else continue;
    out += s.slice(last, i) + entity;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Escape text content: & < >. */
export function escapeHtml(s: string): string {
  return escape(s, false);
}

/** Escape an attribute value: & < > ". */
export function escapeAttr(s: string): string {
  return escape(s, true);
}

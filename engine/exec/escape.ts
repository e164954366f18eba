/** HTML escaping used by every formatter that emits markup. */

const HTML_FIRST = /[&<>]/;
const ATTR_FIRST = /[&<>"]/;

/** `s` with & < > (and " when `quote`) replaced from `from` on, built in one pass rather than a callback per match. */
function escapeFrom(s: string, from: number, quote: boolean): string {
  let out = '';
  let last = 0;
  for (let i = from; i < s.length; i++) {
    let entity: string;
    switch (s.charCodeAt(i)) {
      case 38:
        entity = '&amp;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      case 34:
        if (!quote) continue;
        entity = '&quot;';
        break;
      default:
        continue;
    }
    out += s.substring(last, i) + entity;
    last = i + 1;
  }
  return out + s.substring(last);
}

/** Escape text content: & < >. */
export function escapeHtml(s: string): string {
  const first = s.search(HTML_FIRST);
  return first === -1 ? s : escapeFrom(s, first, false);
}

/** Escape an attribute value: & < > ". */
export function escapeAttr(s: string): string {
  const first = s.search(ATTR_FIRST);
  return first === -1 ? s : escapeFrom(s, first, true);
}

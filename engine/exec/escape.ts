/** HTML escaping used by every formatter that emits markup. */

const HTML_RE = /[&<>]/g;
const ATTR_RE = /[&<>"]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const replaceEntity = (c: string): string => ENTITY[c];

/** Escape text content: & < >. */
export function escapeHtml(s: string): string {
  return HTML_RE.test(s) ? ((HTML_RE.lastIndex = 0), s.replace(HTML_RE, replaceEntity)) : s;
}

/** Escape an attribute value: & < > ". */
export function escapeAttr(s: string): string {
  return ATTR_RE.test(s) ? ((ATTR_RE.lastIndex = 0), s.replace(ATTR_RE, replaceEntity)) : s;
}

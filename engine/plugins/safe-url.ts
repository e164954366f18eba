/**
 * URL values a formatter writes into `href` or `src` (or the `data-src` a loader
 * turns into one): only http, https, mailto, tel and relative URLs pass; any other
 * scheme (`javascript:`, `data:`, `vbscript:` ...) becomes ''. The scheme is read
 * the way a browser reads it: leading spaces and control characters skipped, tabs
 * and newlines inside it ignored, letters compared case-insensitively.
 */

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** The URL when its scheme is safe (or it has none), else ''. Linear in the URL's length. */
export function safeUrl(url: string): string {
  let i = 0;
  while (i < url.length && url.charCodeAt(i) <= 0x20) i++;
  let scheme = '';
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) continue; // the URL parser drops these anywhere
    if (c === 58 /* : */) return SAFE_SCHEMES.has(scheme) ? url : '';
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    const schemeChar = letter || (scheme.length > 0 && ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46));
    // A path, query or fragment before any `:` means a relative URL.
    if (!schemeChar) return url;
    scheme += String.fromCharCode(c | (letter ? 0x20 : 0));
  }
  return url;
}

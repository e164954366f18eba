/** Text or attribute content for XML: the five predefined entities, and no control characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** W3C datetime (sitemaps' lastmod) of epoch milliseconds. */
export function w3cDate(ms: number): string {
  return new Date(ms).toISOString();
}

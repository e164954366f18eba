import { ACTIVE_CONTENT_POLICY } from '../middleware/security-headers/index.js';

/**
 * Types a browser would run script in when the file is opened directly (a top-level
 * navigation to it): SVG, HTML, XML and PDF. Served from the site's own origin, such a
 * file could otherwise act as the site, so it gets a sandbox.
 */
const ACTIVE = new Set(['image/svg+xml', 'text/html', 'application/xhtml+xml', 'application/xml', 'text/xml', 'application/pdf']);

function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** True when `contentType` can carry script (see ACTIVE). */
export function isActiveContent(contentType: string): boolean {
  return ACTIVE.has(mediaType(contentType));
}

/** The last path segment, safe inside a quoted Content-Disposition filename. */
function downloadName(path: string): string {
  const name = path.split('/').pop() || 'download';
  return name.replace(/[^\w.-]+/g, '_');
}

/**
 * Headers for a stored file of `contentType`: active content gets a policy that blocks
 * script in a sandbox, and (when it is not an image) `Content-Disposition: attachment`
 * so opening it downloads it instead of rendering it as the site. Others get none.
 * @example activeContentHeaders('application/pdf', 'files/guide.pdf')
 * // { 'Content-Security-Policy': "default-src 'none'; ... sandbox", 'Content-Disposition': 'attachment; filename="guide.pdf"' }
 */
export function activeContentHeaders(contentType: string, path: string): Record<string, string> {
  if (!isActiveContent(contentType)) return {};
  const headers: Record<string, string> = { 'Content-Security-Policy': ACTIVE_CONTENT_POLICY };
  if (!mediaType(contentType).startsWith('image/')) headers['Content-Disposition'] = `attachment; filename="${downloadName(path)}"`;
  return headers;
}

/**
 * The server-side allow-list of served content types, by extension. A stored file's type
 * is always decided here, never taken from the uploader; anything else is binary.
 */
const TYPES: Record<string, string> = {
  avif: 'image/avif',
  css: 'text/css; charset=utf-8',
  gif: 'image/gif',
  htm: 'text/html; charset=utf-8',
  html: 'text/html; charset=utf-8',
  ico: 'image/x-icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  webp: 'image/webp',
  xml: 'application/xml',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** Content type from a file name's extension; binary when unknown. */
export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot === -1 ? undefined : TYPES[path.slice(dot + 1).toLowerCase()]) ?? 'application/octet-stream';
}

/** The file path after `prefix`, decoded; undefined when empty, malformed or escaping upwards. */
export function filePath(requestPath: string, prefix: string): string | undefined {
  try {
    const path = decodeURIComponent(requestPath.slice(prefix.length).replace(/^\/+/, ''));
    return path && !path.split('/').includes('..') ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Types the page CSP trusts from the site's own origin ('self'): never served for uploads. */
const TRUSTED_BY_POLICY = new Set(['text/javascript', 'text/css', 'application/json']);

/**
 * Content type of an uploaded file (R2, /assets/): the allow-list of contentTypeOf, except
 * scripts and stylesheets, which are served as binary. The page policy trusts same-origin
 * scripts and styles, so an upload must never become one.
 */
export function uploadContentTypeOf(path: string): string {
  const type = contentTypeOf(path);
  return TRUSTED_BY_POLICY.has(type.split(';')[0]!) ? 'application/octet-stream' : type;
}

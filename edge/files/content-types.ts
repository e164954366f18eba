const TYPES: Record<string, string> = {
  avif: 'image/avif',
  css: 'text/css; charset=utf-8',
  gif: 'image/gif',
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

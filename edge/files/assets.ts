import { Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { activeContentHeaders } from './active-content.js';
import { filePath, uploadContentTypeOf } from './content-types.js';

/** Uploaded files are stored under content-addressed keys, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /assets/<key>: streams an object from R2 with long-lived cache headers.
 * `?format=500w` (srcset widths) is accepted and serves the original.
 */
export const assets = new Hono<AppEnv>();

assets.get('/*', async (c) => {
  const key = filePath(c.req.path, '/assets');
  if (!key) return c.text('Not found', 404);
  const ifNoneMatch = c.req.header('if-none-match');
  const object = await c.env.FILES.get(key, ifNoneMatch ? { onlyIf: { etagDoesNotMatch: ifNoneMatch.replace(/^W\//, '').replaceAll('"', '') } } : {});
  if (!object) return c.text('Not found', 404);
  // The type comes from the server's allow-list, never from the uploader's metadata; files
  // that could run script get a sandbox (edge/files/active-content.ts).
  const type = uploadContentTypeOf(key);
  const headers = new Headers({ 'Content-Type': type, ...activeContentHeaders(type, key) });
  // Public media that mail clients and other sites may embed (product images in order mail).
  headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', IMMUTABLE);
  // Without a body the If-None-Match precondition failed: the client's copy is current.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(object.body as unknown as ReadableStream, { headers });
});

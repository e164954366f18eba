import { Hono, type Context } from 'hono';
import type { R2Bucket, R2Object, R2ObjectBody } from '@cloudflare/workers-types';
import type { AppEnv } from '../env.js';
import { activeContentHeaders } from './active-content.js';
import { filePath, uploadContentTypeOf } from './content-types.js';
import { EXTENSIONS, ImageVariantError, outputType, rasterInfo, requestedWidth, resizeImage } from './image-variants.js';

/** Uploaded files are stored under content-addressed keys, so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /assets/<key>: streams an object from R2 with long-lived cache headers.
 * `?format=<N>w` for a SPEC §9 width serves a raster image resized to N pixels wide
 * (JPEG, PNG or WebP: image-variants.ts `outputType`), made once and stored in R2 beside the
 * original as `<key>@<N>w.<ext>`. SVG, unknown formats, `?format=original` and
 * originals not wider than N are served as they are.
 */
export const assets = new Hono<AppEnv>();

type Stored = R2Object | R2ObjectBody;

function etagCondition(c: Context<AppEnv>) {
  const ifNoneMatch = c.req.header('if-none-match');
  return ifNoneMatch ? { onlyIf: { etagDoesNotMatch: ifNoneMatch.replace(/^W\//, '').replaceAll('"', '') } } : {};
}

/** Public media that mail clients and other sites may embed (product images in order mail). */
const EMBEDDABLE = { 'Cross-Origin-Resource-Policy': 'cross-origin' };

function serve(object: Stored, key: string, vary: boolean): Response {
  // The type comes from the server's allow-list by the key's extension (variants end in
  // .jpg/.png/.webp), never from the uploader's metadata; files that could run script get a
  // sandbox (edge/files/active-content.ts).
  const type = uploadContentTypeOf(key);
  const headers = new Headers({ 'Content-Type': type, ...activeContentHeaders(type, key), ...EMBEDDABLE });
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', IMMUTABLE);
  // The same URL answers WebP or JPEG/PNG by Accept.
  if (vary) headers.set('Vary', 'Accept');
  // Without a body the If-None-Match precondition failed: the client's copy is current.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(object.body as unknown as ReadableStream, { headers });
}

const RASTER_TYPES = /^image\/(?:jpeg|png|webp|gif)$/;

/** The stored variant, making it from the original first when it does not exist yet. */
async function variant(c: Context<AppEnv>, files: R2Bucket, key: string, width: number): Promise<Response | undefined> {
  const head = await files.head(key);
  if (!head) return undefined;
  const sourceType = uploadContentTypeOf(key);
  const original = async () => serve((await files.get(key, etagCondition(c))) as Stored, key, false);
  // SVG, PDF and unknown formats are served as they are.
  if (!RASTER_TYPES.test(sourceType)) return original();
  const type = outputType(c.req.header('accept'), sourceType);
  const variantKey = `${key}@${width}w.${EXTENSIONS[type]}`;
  const existing = await files.get(variantKey, etagCondition(c));
  if (existing) return serve(existing, variantKey, true);

  const bytes = new Uint8Array(await (await files.get(key))!.arrayBuffer());
  const info = rasterInfo(bytes);
  if (!info) throw new ImageVariantError(415, 'Image data is corrupt');
  // Never upscaled: an original no wider than asked is the best there is.
  if (info.width <= width) return original();
  const resized = resizeImage(bytes, width, type);
  // Concurrent first requests may both write: the same bytes under the same key.
  const stored = await files.put(variantKey, resized, { httpMetadata: { contentType: type } });
  const headers = new Headers({ 'Content-Type': type, ETag: stored!.httpEtag, 'Cache-Control': IMMUTABLE, Vary: 'Accept', ...EMBEDDABLE });
  headers.set('Content-Length', String(resized.byteLength));
  return new Response(resized as unknown as BodyInit, { headers });
}

/**
 * Digital products' files (`<site>/files/...`, schema/seed) are sold: they are served only
 * through an order's signed download link (edge/pages/download-pages.ts), never here.
 */
export const SOLD_FILES = /^[^/]+\/files\//;

assets.get('/*', async (c) => {
  const key = filePath(c.req.path, '/assets');
  if (!key || SOLD_FILES.test(key)) return c.text('Not found', 404);
  const format = c.req.query('format');
  const width = requestedWidth(format);
  if (format !== undefined && format !== 'original' && width === undefined) {
    return c.text('Unsupported format: use one of the widths 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w', 400);
  }
  if (width !== undefined) {
    try {
      const res = await variant(c, c.env.FILES, key, width);
      return res ?? c.text('Not found', 404);
    } catch (err) {
      if (err instanceof ImageVariantError) return c.text(err.message, err.status);
      throw err;
    }
  }
  const object = await c.env.FILES.get(key, etagCondition(c));
  if (!object) return c.text('Not found', 404);
  return serve(object, key, false);
});

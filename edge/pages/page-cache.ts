import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { cacheKey, isCacheableRequest } from './cache-policy.js';

/** How long a cached page lives: stock sold through the cart API shows within this. */
export const PAGE_TTL_SECONDS = 60;
// Browsers keep nothing without asking: they revalidate with If-None-Match and get a 304.
const SHARED = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';
// Only these headers of a rendered page are stored: never Set-Cookie or per-request ones.
const STORED_HEADERS = ['content-type', 'content-language'];

/** A strong ETag from the body's SHA-1 (the same bytes always get the same tag). */
export async function bodyEtag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `"${Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
}

/** The response a visitor gets: 304 when their copy is current, else the page. */
function deliver(c: Context<AppEnv>, body: ArrayBuffer | ReadableStream | null, status: number, headers: Headers, state: string): Response {
  headers.set('X-Page-Cache', state);
  const etag = headers.get('etag');
  if (etag && status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status, headers });
}

function edgeCache(c: Context<AppEnv>): Cache | undefined {
  if (c.env.PAGE_CACHE === 'off' || typeof caches === 'undefined') return undefined;
  return (caches as unknown as { default: Cache }).default;
}

function later(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (app.request in unit tests): let it finish on its own.
    work.catch(() => undefined);
  }
}

/**
 * The page cache layer of the page routes (GET/HEAD). A cacheable request
 * (cache-policy.ts) is answered from `caches.default` when the site's current content
 * version has the page; otherwise the page renders and a copy holding only the body,
 * status, content type and ETag is stored. Every page gets an ETag and answers
 * If-None-Match with 304. Middleware outside this layer (crumb cookie, security
 * headers) adds its per-request headers to what this returns, never to what is stored.
 */
export const pageCache = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  const url = new URL(c.req.url);
  const cache = isCacheableRequest(c.req.raw, url) ? edgeCache(c) : undefined;
  const key = cache ? cacheKey(url, c.var.site.contentVersion) : undefined;
  if (cache && key) {
    const hit = await cache.match(key);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('Cache-Control', SHARED);
      return deliver(c, hit.body, hit.status, headers, 'HIT');
    }
  }
  await next();
  const res = c.res;
  if (res.status !== 200 && res.status !== 404) return;
  const body = await res.arrayBuffer();
  const etag = await bodyEtag(body);
  const stored = !!(cache && key) && !res.headers.has('set-cookie');
  if (stored) {
    const headers = new Headers({ ETag: etag, 'Cache-Control': `public, max-age=${PAGE_TTL_SECONDS}` });
    for (const name of STORED_HEADERS) {
      const value = res.headers.get(name);
      if (value) headers.set(name, value);
    }
    later(c, cache!.put(key!, new Response(body, { status: res.status, headers })));
  }
  const headers = new Headers(res.headers);
  headers.set('ETag', etag);
  if (!headers.has('cache-control')) headers.set('Cache-Control', stored ? SHARED : PRIVATE);
  // Replace, not merge: the rendered response's headers are already in `headers`.
  c.res = undefined;
  c.res = deliver(c, body, res.status, headers, stored ? 'MISS' : 'BYPASS');
});

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { hostName } from '../services/websites.js';
import { knownVersion, rememberVersion, SITE_VERSION_TTL_MS } from '../services/site-versions.js';
import { cacheKey, isCacheableRequest } from './cache-policy.js';
import { memoryGet, memoryPut, type MemoryPage } from './memory-tier.js';

/** How long a cached page lives: stock sold through the cart API shows within this. */
export const PAGE_TTL_SECONDS = 60;
// Browsers keep nothing without asking: they revalidate with If-None-Match and get a 304.
const SHARED = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, no-cache';
// Only these headers of a rendered page are stored: never Set-Cookie or per-request ones.
// A policy or disposition set by the handler itself (the sandboxed SVG favicon) is part of
// the answer; the site-wide security headers are added outside the cache on every request.
const STORED_HEADERS = ['content-type', 'content-language', 'content-security-policy', 'content-disposition', 'x-theme-templates'];
// Internal header of stored copies: when the entry expires (epoch ms).
const EXPIRES = 'x-page-expires';
// Stored pages of these types are gzipped once and served compressed to visitors who accept
// it; otherwise the runtime (Cloudflare's front line, Miniflare's entry) gzips them again on
// every hit, which costs more than the rest of a hit put together.
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json)|image\/svg\+xml)/i;
// Smaller bodies are not worth it (the front line leaves them alone as well).
const MIN_GZIP_BYTES = 1024;

/** A strong ETag from the body's SHA-1 (the same bytes always get the same tag). */
export async function bodyEtag(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body));
  return `"${Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
}

/**
 * True when an Accept-Encoding header takes gzip. In front of the worker, Cloudflare's front
 * line (and Miniflare's entry worker) sets this header to what it takes itself and decodes
 * or re-encodes for a visitor who asked for something else (transparent decompression), so
 * the header is all the worker reads: `request.cf.clientAcceptEncoding` would be exact too,
 * but reading `cf` builds its whole object and costs more than the rest of a hit's own code.
 * @example acceptsGzip('br, gzip;q=0.8') === true; acceptsGzip('gzip;q=0, identity') === false
 */
export function acceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.split(';');
    const name = coding!.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The page's body gzipped (CompressionStream), when its type and size make it worth it. */
async function gzipFor(body: ArrayBuffer, contentType: string | null): Promise<ArrayBuffer | undefined> {
  if (body.byteLength < MIN_GZIP_BYTES || !COMPRESSIBLE.test(contentType ?? '')) return undefined;
  return new Response(new Response(body).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/**
 * The response a visitor gets: 304 when their copy is current, else the page, already
 * gzipped when stored so and the visitor takes gzip (`encodeBody: 'manual'`: the runtime
 * sends the bytes as they are instead of compressing the page again).
 */
function deliver(c: Context<AppEnv>, page: Pick<MemoryPage, 'body' | 'gzip'>, status: number, headers: Headers, state: string): Response {
  headers.set('X-Page-Cache', state);
  const etag = headers.get('etag');
  if (etag && status === 200 && etagMatches(c.req.header('if-none-match'), etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  if (page.gzip) {
    headers.append('Vary', 'Accept-Encoding');
    if (acceptsGzip(c.req.header('accept-encoding') ?? '')) {
      headers.set('Content-Encoding', 'gzip');
      return new Response(page.gzip, { status, headers, encodeBody: 'manual' } as ResponseInit);
    }
  }
  return new Response(page.body, { status, headers });
}

function edgeCache(c: Context<AppEnv>): Cache | undefined {
  if (c.env.PAGE_CACHE === 'off' || typeof caches === 'undefined') return undefined;
  return (caches as unknown as { default: Cache }).default;
}

function versionTtl(c: Context<AppEnv>): number {
  const raw = Number(c.env.PAGE_CACHE_SITE_TTL_MS);
  return c.env.PAGE_CACHE_SITE_TTL_MS !== undefined && Number.isFinite(raw) ? raw : SITE_VERSION_TTL_MS;
}

/** A cached page from isolate memory, else from the Cache API (then kept in memory too). */
async function cachedPage(c: Context<AppEnv>, cache: Cache, key: string): Promise<Response | undefined> {
  let page = memoryGet(key);
  if (!page) {
    const hit = await cache.match(key);
    if (!hit) return undefined;
    // The memory copy dies when the stored one does, so no page outlives PAGE_TTL_SECONDS.
    const expires = Number(hit.headers.get(EXPIRES)) || Date.now();
    const headers = [...hit.headers].filter(([name]) => name !== EXPIRES);
    const body = await hit.arrayBuffer();
    page = { body, gzip: await gzipFor(body, hit.headers.get('content-type')), status: hit.status, headers, expires };
    memoryPut(key, page);
  }
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', SHARED);
  return deliver(c, page, page.status, headers, 'HIT');
}

function later(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (app.request in unit tests): let it finish on its own.
    work.catch(() => undefined);
  }
}

const readsPage = (c: Context<AppEnv>) => c.req.method === 'GET' || c.req.method === 'HEAD';

/**
 * First stage, ahead of site selection: when this isolate saw the host's content
 * version within the last second (services/site-versions.ts), a cached page is
 * answered without any D1 query. Anything else passes on.
 */
export const pageCacheFastPath = createMiddleware<AppEnv>(async (c, next) => {
  if (!readsPage(c)) return next();
  const url = new URL(c.req.url);
  const cache = isCacheableRequest(c.req.raw, url) ? edgeCache(c) : undefined;
  const version = cache ? knownVersion(hostName(url.host), versionTtl(c)) : undefined;
  const hit = cache && version !== undefined ? await cachedPage(c, cache, cacheKey(url, version)) : undefined;
  if (hit) return hit;
  await next();
});

/**
 * Second stage, the page routes' layer (GET/HEAD): a cacheable request (cache-policy.ts)
 * is answered from `caches.default` when the site's current content version has the
 * page; otherwise the page renders and a copy holding only the body, status, content
 * type and ETag is stored. Every page gets an ETag and answers If-None-Match with 304.
 * Middleware outside this layer (crumb cookie, security headers) adds its per-request
 * headers to what this returns, never to what is stored.
 */
export const pageCache = createMiddleware<AppEnv>(async (c, next) => {
  if (!readsPage(c)) return next();
  // A page of an added language is keyed by the URL asked for, its `/fr` prefix included.
  const url = new URL(c.var.language?.publicUrl ?? c.req.url);
  const site = c.var.site;
  rememberVersion(hostName(url.host), site.id, site.contentVersion);
  const cache = isCacheableRequest(c.req.raw, url) ? edgeCache(c) : undefined;
  const key = cache ? cacheKey(url, site.contentVersion) : undefined;
  const hit = cache && key ? await cachedPage(c, cache, key) : undefined;
  if (hit) return hit;
  await next();
  const res = c.res;
  if (res.status !== 200 && res.status !== 404) return;
  const body = await res.arrayBuffer();
  const etag = await bodyEtag(body);
  // A per-visitor answer (a lock screen, a member page: `private` or `no-store`) is never stored.
  const personal = /\b(?:private|no-store)\b/i.test(res.headers.get('cache-control') ?? '');
  const store = cache && key && !res.headers.has('set-cookie') && !personal ? { cache, key } : undefined;
  const gzip = store ? await gzipFor(body, res.headers.get('content-type')) : undefined;
  if (store) {
    const expires = Date.now() + PAGE_TTL_SECONDS * 1000;
    const headers = new Headers({ ETag: etag });
    for (const name of STORED_HEADERS) {
      const value = res.headers.get(name);
      if (value) headers.set(name, value);
    }
    memoryPut(store.key, { body, gzip, status: res.status, headers: [...headers], expires });
    headers.set('Cache-Control', `public, max-age=${PAGE_TTL_SECONDS}`);
    headers.set(EXPIRES, String(expires));
    later(c, store.cache.put(store.key, new Response(body.slice(0), { status: res.status, headers })));
  }
  const headers = new Headers(res.headers);
  headers.set('ETag', etag);
  if (!headers.has('cache-control')) headers.set('Cache-Control', store ? SHARED : PRIVATE);
  // Replace, not merge: the rendered response's headers are already in `headers`.
  c.res = undefined;
  c.res = deliver(c, { body, gzip }, res.status, headers, store ? 'MISS' : 'BYPASS');
});

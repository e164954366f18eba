import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpContentVersion, contentChanged } from '../services/content-version.js';
import { openDb } from '../services/db.js';
import { startWorker, type RunningWorker } from '../test-support.js';

/**
 * The edge page cache over HTTP on the real worker (workerd's Cache API). The worker
 * asks D1 for the content version on every request (PAGE_CACHE_SITE_TTL_MS=0) so a
 * bump made here is seen by the very next request.
 */
let worker: RunningWorker;
let siteId: string;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '0' } });
  siteId = (await worker.db.prepare(`select id from websites where identifier = 'fern-and-kiln'`).first<{ id: string }>())!.id;
});

afterAll(async () => {
  await worker?.dispose();
});

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await worker.fetch(path, { headers, method });
  return { status: res.status, state: res.headers.get('x-page-cache'), etag: res.headers.get('etag'), headers: res.headers, text: await res.text() };
}

describe('hits and misses', () => {
  it('renders once, then serves the stored page with the same ETag', async () => {
    const first = await get('/shop/moon-jar');
    const second = await get('/shop/moon-jar');
    expect([first.state, second.state]).toEqual(['MISS', 'HIT']);
    expect(second.text).toBe(first.text);
    expect(second.etag).toMatch(/^"[0-9a-f]{24}"$/);
    expect(second.etag).toBe(first.etag);
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(second.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await get('/shop/moon-jar', {}, 'HEAD')).state).toBe('HIT');
  });

  it('answers If-None-Match with 304 and no body, hit or miss', async () => {
    const { etag } = await get('/journal');
    const cached = await get('/journal', { 'if-none-match': etag! });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    expect(cached.etag).toBe(etag);
    const stale = await get('/journal', { 'if-none-match': '"0000"' });
    expect(stale.status).toBe(200);
    // A bypassed page still gets an ETag and its 304.
    const cart = await get('/cart');
    expect((await get('/cart', { 'if-none-match': cart.etag! })).status).toBe(304);
  });

  it('keys by host, path and the page-selecting query; tracking parameters share the entry', async () => {
    await get('/shop');
    expect((await get('/shop?utm_source=news&utm_medium=email')).state).toBe('HIT');
    expect((await get('/shop?page=2')).state).toBe('MISS');
    expect((await get('/shop?format=json')).state).toBe('MISS');
    expect((await get('/shop?format=json')).headers.get('content-type')).toMatch(/^application\/json/);
    // An unknown parameter might change the page: rendered fresh, never stored.
    expect((await get('/shop?view=list')).state).toBe('BYPASS');
    const alias = await worker.fetch('/shop', { host: 'www.fernandkiln.com' });
    expect(alias.headers.get('x-page-cache')).toBe('MISS');
    expect(await alias.text()).toContain('href="https://fernandkiln.atelier.site/shop"');
  });

  it('serves a stored page gzipped as stored to visitors who take gzip, byte for byte the same page', async () => {
    const plain = await get('/journal', { 'accept-encoding': 'identity' });
    const zipped = await get('/journal', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.state).toBe('HIT');
    // Miniflare's dispatchFetch decodes the body and moves Content-Encoding to MF-Content-Encoding.
    expect(zipped.headers.get('mf-content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('mf-content-encoding')).toBeNull();
    expect(zipped.text).toBe(plain.text);
    expect(zipped.etag).toBe(plain.etag);
  });

  it('caches 404 pages but never errors', async () => {
    expect((await get('/nothing-here')).state).toBe('MISS');
    const again = await get('/nothing-here');
    expect([again.status, again.state]).toEqual([404, 'HIT']);
  });
});

describe('never cached', () => {
  it('cart, checkout, the editor and accounts bypass the cache', async () => {
    for (const path of ['/cart', '/checkout', '/shop/config/x']) {
      await get(path);
      expect((await get(path)).state, path).toBe('BYPASS');
    }
    // The owner area and accounts have routers of their own, in front of the page layer.
    for (const path of ['/config/pages', '/account']) {
      await get(path);
      expect((await get(path)).state, path).not.toBe('HIT');
    }
    expect((await get('/cart')).headers.get('cache-control')).toBe('no-store');
  });

  it('a request with a session cookie or credentials is rendered for itself and not stored', async () => {
    const signedIn = await get('/about', { cookie: 'crumb=abc; SiteUserInfo=%7B%22name%22%3A%22Ada%22%7D; session=s3cret' });
    expect(signedIn.state).toBe('BYPASS');
    expect((await get('/about', { authorization: 'Bearer x' })).state).toBe('BYPASS');
    // Nothing was stored by those: the first anonymous request still renders.
    expect((await get('/about')).state).toBe('MISS');
  });

  it('cookies that never change a page (crumb, cart token, census) still get the shared page', async () => {
    await get('/contact');
    const res = await get('/contact', { cookie: 'crumb=abcdefghijklmnopqrstuv; CART=tok; hasCart=true; ss_cvr=1; ss_cvt=2' });
    expect(res.state).toBe('HIT');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('invalidation by content version', () => {
  it('a content change with a bump renders fresh on the next request', async () => {
    const db = openDb(worker.db);
    const before = await get('/shop/bud-vase');
    await worker.db.prepare(`update items set title = 'Bud Vase, Second Firing' where url_id = 'bud-vase'`).run();
    // Without a bump the stored page stands (owner writes always bump).
    expect((await get('/shop/bud-vase')).text).toBe(before.text);
    await bumpContentVersion(db, siteId);
    const after = await get('/shop/bud-vase');
    expect(after.state).toBe('MISS');
    expect(after.text).toContain('Bud Vase, Second Firing');
    expect(after.etag).not.toBe(before.etag);
    expect((await get('/shop/bud-vase')).state).toBe('HIT');
  });

  it('contentChanged reindexes the items for search and bumps once', async () => {
    const db = openDb(worker.db);
    const version = async () => (await worker.db.prepare('select content_version v from websites where id = ?').bind(siteId).first<{ v: number }>())!.v;
    const start = await version();
    await worker.db.prepare(`update items set excerpt = '<p>Glazed in zanzibarite blue</p>' where url_id = 'incense-holder'`).run();
    expect((await get('/search?q=zanzibarite')).text).toContain('0 results');
    await contentChanged(db, siteId, [(await worker.db.prepare(`select id from items where url_id = 'incense-holder'`).first<{ id: string }>())!.id]);
    expect(await version()).toBe(start + 1);
    const found = await get('/search?q=zanzibarite');
    expect(found.state).toBe('MISS');
    expect(found.text).toContain('1 result for');
    expect(found.text).toContain('<mark>zanzibarite</mark>');
  });

  it('concurrent bumps are all counted (one atomic UPDATE each)', async () => {
    const db = openDb(worker.db);
    const read = async () => (await worker.db.prepare('select content_version v from websites where id = ?').bind(siteId).first<{ v: number }>())!.v;
    const start = await read();
    await Promise.all(Array.from({ length: 20 }, () => bumpContentVersion(db, siteId)));
    expect(await read()).toBe(start + 20);
  });
});

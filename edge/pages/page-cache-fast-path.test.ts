import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { ifMatch, pageClient, textLayout } from '../api/pages/test-pages.js';
import { rememberVersion } from '../services/site-versions.js';
import { demoOwner, signIn, startWorker, type RunningWorker } from '../test-support.js';
import { cacheKey } from './cache-policy.js';
import { memoryPut } from './memory-tier.js';
import { acceptsGzip } from './page-cache.js';

/**
 * What makes a cache hit cheap, held as behaviour (bench/README.md has the timings): the
 * whole app answers a hit without one D1 call, hits are served gzipped as stored, and the
 * isolate's memory of content versions never hides a publish from the next request.
 */

/** A D1 binding that counts every use and fails it, like a database that is down. */
function countingD1() {
  const used: string[] = [];
  const binding = new Proxy({}, {
    get(_target, name) {
      used.push(String(name));
      return () => {
        throw new Error(`D1 ${String(name)} used`);
      };
    },
  });
  return { binding, used };
}

async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Response(text).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

async function gunzip(body: ArrayBuffer): Promise<string> {
  return new Response(new Response(body).body!.pipeThrough(new DecompressionStream('gzip'))).text();
}

describe('a cache hit through the whole app (createApp)', () => {
  const html = `<!doctype html><p>${'Thrown by hand. '.repeat(200)}</p>`;
  let d1: ReturnType<typeof countingD1>;

  beforeEach(async () => {
    d1 = countingD1();
    // No Cache API needed: the page sits in the isolate's memory tier, as after a first visit.
    (globalThis as Record<string, unknown>).caches = { default: { match: async () => undefined, put: async () => undefined } };
    rememberVersion('hit.test', 'site_hit', 9);
    memoryPut(cacheKey(new URL('http://hit.test/about'), 9), {
      body: new TextEncoder().encode(html).buffer as ArrayBuffer,
      gzip: await gzip(html),
      status: 200,
      headers: [
        ['content-type', 'text/html; charset=UTF-8'],
        ['etag', '"0123456789abcdef01234567"'],
      ],
      expires: Date.now() + 60_000,
    });
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).caches;
  });

  const request = (path: string, headers: Record<string, string> = {}) => createApp().request(`http://hit.test${path}`, { headers }, { DB: d1.binding });

  it('answers without any D1 call, with the per-request headers added outside the cache', async () => {
    const res = await request('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-cache')).toBe('HIT');
    expect(await res.text()).toBe(html);
    expect(res.headers.get('content-encoding')).toBeNull();
    // A new visitor still gets a crumb, and the site-wide security headers are there.
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['crumb', 'crumbAt']);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(d1.used).toEqual([]);
  });

  it('serves the stored gzip to a visitor who takes it, and answers If-None-Match with 304', async () => {
    const res = await request('/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await gunzip(await res.arrayBuffer())).toBe(html);
    const same = await request('/about', { 'accept-encoding': 'gzip', 'if-none-match': '"0123456789abcdef01234567"' });
    expect(same.status).toBe(304);
    expect(same.headers.get('content-encoding')).toBeNull();
    expect(d1.used).toEqual([]);
  });

  it('the counter sees D1 used when the request cannot be a hit (a signed-in visitor)', async () => {
    // The app logs the failed query it answers 503 for.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await request('/about', { cookie: 'session=s1' });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(d1.used.length).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['', false],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000, identity', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('publishing with the isolate remembering content versions for ten minutes', () => {
  let worker: RunningWorker;
  let owner: ReturnType<typeof pageClient>;

  beforeAll(async () => {
    // Far longer than any test: a publish must not wait for the memory to expire.
    worker = await startWorker({ bindings: { PAGE_CACHE_SITE_TTL_MS: '600000' } });
    const demo = await demoOwner();
    owner = pageClient(worker, await signIn(worker, demo.email, demo.password));
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  const visit = async (path: string) => {
    const res = await worker.fetch(path, { headers: { 'accept-encoding': 'gzip' } });
    return { state: res.headers.get('x-page-cache'), text: await res.text() };
  };

  it('the very next request after each publish answer sees the new page, then hits again', async () => {
    const created = await owner('POST', '', { title: 'Kiln Diary', slug: 'kiln-diary' });
    const id = created.json.page.id as string;
    await owner('PUT', `/${id}/draft`, { layout: textLayout('First firing went well') }, ifMatch(1));
    expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
    expect(await visit('/kiln-diary')).toMatchObject({ state: 'MISS', text: expect.stringContaining('First firing went well') });
    expect(await visit('/kiln-diary')).toMatchObject({ state: 'HIT', text: expect.stringContaining('First firing went well') });
    // Other cached pages are hits too, with the same remembered version.
    await visit('/about');
    expect((await visit('/about')).state).toBe('HIT');

    await owner('PUT', `/${id}/draft`, { layout: textLayout('Second firing cracked two jars') }, ifMatch(2));
    // A saved draft changes nothing a visitor sees.
    expect(await visit('/kiln-diary')).toMatchObject({ state: 'HIT', text: expect.not.stringContaining('Second firing') });
    expect((await owner('POST', `/${id}/publish`, { version: 3 })).status).toBe(200);
    const next = await visit('/kiln-diary');
    expect(next.state).toBe('MISS');
    expect(next.text).toContain('Second firing cracked two jars');
    expect(next.text).not.toContain('First firing went well');
    expect((await visit('/kiln-diary')).state).toBe('HIT');

    expect((await owner('POST', `/${id}/unpublish`)).status).toBe(200);
    const gone = await worker.fetch('/kiln-diary');
    expect(gone.status).toBe(404);
  });
});

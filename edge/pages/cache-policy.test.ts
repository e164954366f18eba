import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../env.js';
import { knownVersion, rememberVersion, forgetSite } from '../services/site-versions.js';
import { cacheKey, isCacheableRequest, pageUrl } from './cache-policy.js';
import { memoryGet, memoryPut } from './memory-tier.js';
import { pageCache, pageCacheFastPath } from './page-cache.js';

const req = (url: string, headers: Record<string, string> = {}) => [new Request(url, { headers }), new URL(url)] as const;

describe('cache policy', () => {
  it('shares pages, but not carts, checkout, accounts, the editor or APIs', () => {
    expect(isCacheableRequest(...req('http://a.test/shop/mug'))).toBe(true);
    for (const path of ['/cart', '/checkout/x', '/account', '/config/', '/blog/config/x', '/api/search/suggest', '/theme/a.css']) {
      expect(isCacheableRequest(...req(`http://a.test${path}`)), path).toBe(false);
    }
  });

  it('bypasses any cookie that could be a session, and credentials', () => {
    expect(isCacheableRequest(...req('http://a.test/', { cookie: 'crumb=1; CART=2; hasCart=true; ss_cvr=3; _ga=4' }))).toBe(true);
    expect(isCacheableRequest(...req('http://a.test/', { cookie: 'crumb=1; sid=2' }))).toBe(false);
    expect(isCacheableRequest(...req('http://a.test/', { authorization: 'Basic x' }))).toBe(false);
  });

  it('keys the page-selecting parameters in a fixed order with the content version', () => {
    expect(cacheKey(new URL('http://a.test/search?utm_source=x&page=2&q=mug'), 7)).toBe('http://a.test/search?page=2&q=mug&v=7');
    expect(cacheKey(new URL('http://b.test/search?q=mug&page=2'), 8)).toBe('http://b.test/search?page=2&q=mug&v=8');
    // Without a query, the key is built without a second URL: the same form.
    expect(cacheKey(new URL('http://b.test/shop/mug'), 8)).toBe('http://b.test/shop/mug?v=8');
    expect(cacheKey(new URL('http://b.test/shop/mug?'), 8)).toBe('http://b.test/shop/mug?v=8');
    expect(cacheKey(new URL('http://b.test:8787/caf%C3%A9'), 8)).toBe(new URL('http://b.test:8787/caf%C3%A9?v=8').href);
    expect(isCacheableRequest(...req('http://a.test/shop?sort=price'))).toBe(false);
    expect(pageUrl('http://a.test/shop?utm_campaign=x&page=2&fbclid=y').href).toBe('http://a.test/shop?page=2');
  });
});

describe('per-isolate memories', () => {
  it('trusts a remembered content version only within its TTL, and forgets a bumped site', () => {
    rememberVersion('x.test', 'site_x', 4, 1000);
    expect(knownVersion('x.test', 1000, 1999)).toBe(4);
    expect(knownVersion('x.test', 1000, 2000)).toBeUndefined();
    expect(knownVersion('x.test', 0, 1000)).toBeUndefined();
    forgetSite('site_x');
    expect(knownVersion('x.test', 1000, 1001)).toBeUndefined();
  });

  it('drops expired pages', () => {
    memoryPut('k', { body: new ArrayBuffer(3), status: 200, headers: [], expires: 5000 });
    expect(memoryGet('k', 4999)?.status).toBe(200);
    expect(memoryGet('k', 5000)).toBeUndefined();
  });
});

/** A Map-backed stand-in for workerd's `caches.default`. */
class FakeCache {
  stored = new Map<string, Response>();
  async match(key: string) {
    return this.stored.get(key)?.clone();
  }
  async put(key: string, res: Response) {
    this.stored.set(key, res);
  }
}

describe('the cache layer inside other middleware', () => {
  let cache: FakeCache;
  let renders: number;
  let site = { id: 'site_1', contentVersion: 1 };

  beforeEach(() => {
    cache = new FakeCache();
    renders = 0;
    site = { id: 'site_1', contentVersion: 1 };
    (globalThis as Record<string, unknown>).caches = { default: cache };
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).caches;
  });

  function app() {
    const a = new Hono<AppEnv>();
    // Stands for the crumb and security-header middleware the app wraps pages in.
    a.use('*', async (c, next) => {
      await next();
      c.res.headers.append('Set-Cookie', 'crumb=fresh; Path=/; SameSite=Lax');
      c.res.headers.set('X-Frame-Options', 'DENY');
    });
    a.use('*', pageCacheFastPath);
    a.use('*', async (c, next) => {
      c.set('site', site as never);
      await next();
    });
    a.use('*', pageCache);
    a.get('/page', (c) => c.html(`<p>render ${++renders}</p>`));
    a.get('/personal', (c) => {
      c.header('Set-Cookie', 'session=abc; HttpOnly');
      return c.html(`<p>yours ${++renders}</p>`);
    });
    // Bindings are empty: the cache is on and versions are trusted for the default TTL.
    return { request: (url: string) => a.request(url, undefined, {}) };
  }

  it('stores only the body, status, content type and ETag; outer headers are added per request', async () => {
    const a = app();
    const first = await a.request('http://t1.test/page');
    const second = await a.request('http://t1.test/page');
    expect(await second.text()).toBe('<p>render 1</p>');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(second.headers.get('set-cookie')).toBe('crumb=fresh; Path=/; SameSite=Lax');
    expect(first.headers.get('set-cookie')).toBe('crumb=fresh; Path=/; SameSite=Lax');
    const [stored] = [...cache.stored.values()];
    expect([...stored!.headers.keys()].sort()).toEqual(['cache-control', 'content-type', 'etag', 'x-page-expires']);
  });

  it('never stores a response that sets a cookie', async () => {
    const a = app();
    await a.request('http://t2.test/personal');
    const again = await a.request('http://t2.test/personal');
    expect(await again.text()).toBe('<p>yours 2</p>');
    expect(again.headers.get('x-page-cache')).toBe('BYPASS');
    expect(cache.stored.size).toBe(0);
  });

  it('the fast path trusts a remembered version for its TTL; a bump in this isolate ends that at once', async () => {
    const a = app();
    expect(await (await a.request('http://t3.test/page')).text()).toBe('<p>render 1</p>');
    // Bumped elsewhere: this isolate serves what it has until the version memory expires.
    site.contentVersion = 2;
    expect(await (await a.request('http://t3.test/page')).text()).toBe('<p>render 1</p>');
    // What bumpContentVersion does in the isolate that made the change.
    forgetSite('site_1');
    expect(await (await a.request('http://t3.test/page')).text()).toBe('<p>render 2</p>');
    expect((await a.request('http://t3.test/page')).headers.get('x-page-cache')).toBe('HIT');
  });
});

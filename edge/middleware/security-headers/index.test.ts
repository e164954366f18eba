import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.js';
import type { SiteRecord } from '../../services/websites.js';
import { HSTS, securityHeaders } from './index.js';

function appWith(site?: Partial<SiteRecord>) {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders);
  if (site) app.use('*', async (c, next) => (c.set('site', site as SiteRecord), next()));
  app.get('/ok', (c) => c.text('ok'));
  app.get('/own-policy', (c) => c.text('svg', 200, { 'Content-Security-Policy': 'sandbox' }));
  // Response.redirect() has immutable headers, like a Cache API or fetch() response.
  app.get('/immutable', () => Response.redirect('http://localhost/ok', 302));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_err, c) => c.text('error', 500));
  return app;
}

const NO_INTEGRATIONS: Partial<SiteRecord> = { captchaSiteKey: null, siteSettings: {}, storeSettings: {} as never };

describe('securityHeaders', () => {
  it.each([
    ['a handler answer', '/ok', 200],
    ['an error answer', '/boom', 500],
    ['a 404 nobody routed', '/missing', 404],
    ['a response with immutable headers', '/immutable', 302],
  ])('sets every header on %s', async (_what, path, status) => {
    const res = await appWith().request(`http://localhost${path}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/frame-ancestors 'self'/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Permissions-Policy')).toMatch(/camera=\(\)/);
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  it('sends HSTS outside localhost only', async () => {
    const app = appWith();
    expect((await app.request('http://localhost/ok')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await app.request('http://127.0.0.1/ok')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await app.request('https://shop.example.com/ok')).headers.get('Strict-Transport-Security')).toBe(HSTS);
  });

  it('adds third-party hosts only for a site that enables them', async () => {
    const plain = (await appWith(NO_INTEGRATIONS).request('http://localhost/ok')).headers.get('Content-Security-Policy')!;
    expect(plain).not.toMatch(/stripe|recaptcha|facebook|paypal/);
    const shop = await appWith({ ...NO_INTEGRATIONS, captchaSiteKey: 'key', storeSettings: { paymentProviders: ['stripe'] } as never }).request(
      'http://localhost/ok',
    );
    const csp = shop.headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).not.toMatch(/facebook|paypal/);
    expect(shop.headers.get('Permissions-Policy')).toContain('payment=(self "https://js.stripe.com")');
  });

  it('gives an answer served before site selection (page cache) the policy of the site its host just had', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', securityHeaders);
    app.get('/selected', (c) => (c.set('site', { ...NO_INTEGRATIONS, captchaSiteKey: 'key' } as SiteRecord), c.text('page')));
    app.get('/cached', (c) => c.text('cached page'));
    await app.request('http://pixel-shop.test/selected');
    expect((await app.request('http://pixel-shop.test/cached')).headers.get('Content-Security-Policy')).toContain('https://www.google.com/recaptcha/');
    expect((await app.request('http://other-shop.test/cached')).headers.get('Content-Security-Policy')).not.toContain('recaptcha');
  });

  it('keeps a policy the route set itself (sandboxed files)', async () => {
    const res = await appWith().request('http://localhost/own-policy');
    expect(res.headers.get('Content-Security-Policy')).toBe('sandbox');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.js';
import { handleError } from '../../pages/error-page.js';
import { CRUMB_FAIL_MESSAGE, issueCrumb, requireCrumb } from './index.js';

const CRUMB = 'abcdefghijklmnopqrstuv';

function app(xsrfToken?: string) {
  const a = new Hono<AppEnv>();
  a.use('*', issueCrumb);
  if (xsrfToken) a.use('*', async (c, next) => (c.set('xsrfToken', xsrfToken), next()));
  a.use('/api/*', requireCrumb);
  a.all('/api/echo', (c) => c.json({ ok: true }));
  a.get('/page', (c) => c.html('<p>hi</p>'));
  a.onError(handleError);
  return a;
}

const post = (init: RequestInit) => app().request('http://localhost/api/echo', { method: 'POST', ...init });

describe('issueCrumb', () => {
  it('gives a new visitor a script-readable, SameSite=Lax crumb cookie', async () => {
    const res = await app().request('http://localhost/page');
    const [cookie, at] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^crumb=[A-Za-z0-9_-]{22}; Path=\/; SameSite=Lax$/);
    // With it, when it was issued (the no-JS forms' time-to-fill clock), out of scripts' reach.
    expect(at).toMatch(/^crumbAt=\d{13}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('marks the crumb Secure outside localhost', async () => {
    const res = await app().request('https://shop.example.com/page');
    expect(res.headers.get('Set-Cookie')).toContain('Secure');
  });

  it('leaves a visitor with a valid crumb alone', async () => {
    const res = await app().request('http://localhost/page', { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('replaces a malformed crumb', async () => {
    const res = await app().request('http://localhost/page', { headers: { Cookie: 'crumb=<x>' } });
    expect(res.headers.get('Set-Cookie')).toMatch(/^crumb=/);
  });

  it('gives two visitors different crumbs', async () => {
    const [a, b] = await Promise.all([app().request('http://localhost/page'), app().request('http://localhost/page')]);
    expect(a.headers.get('Set-Cookie')).not.toBe(b.headers.get('Set-Cookie'));
  });
});

describe('requireCrumb', () => {
  it('lets reads through without a crumb', async () => {
    expect((await app().request('http://localhost/api/echo')).status).toBe(200);
  });

  it.each([
    ['no header and no cookie', {}],
    ['a header but no cookie', { 'X-CSRF-Token': CRUMB }],
    ['a cookie but no header', { Cookie: `crumb=${CRUMB}` }],
    ['a header that differs from the cookie', { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': `${CRUMB}x` }],
  ])('answers 401 crumbFail for %s', async (_, headers) => {
    const res = await post({ headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ crumbFail: true, error: 'crumb_fail', message: CRUMB_FAIL_MESSAGE });
  });

  it('accepts the crumb echoed in X-CSRF-Token', async () => {
    const res = await post({ headers: { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB } });
    expect(res.status).toBe(200);
  });

  it('accepts the crumb as a form field of a form-encoded post', async () => {
    const res = await post({
      headers: { Cookie: `crumb=${CRUMB}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `crumb=${CRUMB}&x=1`,
    });
    expect(res.status).toBe(200);
  });

  it("accepts the signed-in session's xsrfToken", async () => {
    const res = await app('session-token-0123456789abcdef').request('http://localhost/api/echo', {
      method: 'DELETE',
      headers: { 'X-CSRF-Token': 'session-token-0123456789abcdef' },
    });
    expect(res.status).toBe(200);
  });
});

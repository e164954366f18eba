import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../env.js';
import { DatabaseUnavailableError, SiteNotFoundError } from '../errors.js';
import { handleError } from './error-page.js';

function appThrowing(err: unknown) {
  const app = new Hono<AppEnv>();
  app.get('*', () => {
    throw err;
  });
  app.onError(handleError);
  return app;
}

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('handleError', () => {
  it('maps an unknown host to the plain "Site not found" page', async () => {
    const res = await appThrowing(new SiteNotFoundError('nope.example')).request('/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Site not found</h1>');
  });

  it('maps a database failure to 503 with Retry-After, in HTML and JSON', async () => {
    const log = quiet();
    const err = new DatabaseUnavailableError(new Error('D1_ERROR: network connection lost'));
    const html = await appThrowing(err).request('/shop');
    expect(html.status).toBe(503);
    expect(html.headers.get('retry-after')).toBe('30');
    expect(await html.text()).not.toContain('D1_ERROR');
    const json = await appThrowing(err).request('/shop?format=json');
    expect(await json.json()).toMatchObject({ error: 'service_unavailable' });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answers other errors with a 500 page that leaks nothing', async () => {
    const log = quiet();
    const res = await appThrowing(new TypeError('secret detail')).request('/x');
    const body = await res.text();
    expect(res.status).toBe(500);
    expect(body).toContain('Something went wrong');
    expect(body).not.toContain('secret detail');
    expect(String(log.mock.calls[0]?.[0])).toContain('secret detail');
    log.mockRestore();
  });
});

import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv, Env } from '../../env.js';
import { handleError } from '../../pages/error-page.js';
import { selectSite } from './index.js';

/** A D1 stand-in: every statement answers no rows, or fails like an unreachable database. */
function fakeD1(fail: boolean): Env['DB'] {
  const statement = {
    bind: () => statement,
    all: async () => (fail ? Promise.reject(new Error('D1_ERROR: Network connection lost.')) : { results: [], success: true, meta: {} }),
    raw: async () => (fail ? Promise.reject(new Error('D1_ERROR: Network connection lost.')) : []),
    first: async () => null,
    run: async () => ({ results: [], success: true, meta: {} }),
  };
  return { prepare: () => statement } as unknown as Env['DB'];
}

function app() {
  const a = new Hono<AppEnv>();
  a.use('*', selectSite);
  a.get('*', (c) => c.text(c.var.site.title));
  a.onError(handleError);
  return a;
}

describe('selectSite', () => {
  it('refuses a host no website has', async () => {
    const res = await app().request('http://unknown.example.org/', {}, { DB: fakeD1(false) } as Env);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Site not found');
  });

  it('turns a failing database into a 503', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app().request('http://localhost/', {}, { DB: fakeD1(true) } as Env);
    expect(res.status).toBe(503);
    log.mockRestore();
  });
});

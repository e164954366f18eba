import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import type { AppEnv, Env } from '../../env.js';
import { handleError } from '../../pages/error-page.js';
import { RATE_LIMITED_MESSAGE, rateLimit } from './index.js';

/** A rate-limit binding stand-in with a fixed budget per key. */
function budget(limit: number) {
  const spent = new Map<string, number>();
  return {
    limit: async ({ key }: { key: string }) => {
      spent.set(key, (spent.get(key) ?? 0) + 1);
      return { success: spent.get(key)! <= limit };
    },
  };
}

function app() {
  const a = new Hono<AppEnv>();
  a.use('/api/*', rateLimit({ binding: 'RATE_VISITOR_WRITES', periodSeconds: 60, key: (c) => c.req.header('X-Visitor') }));
  a.post('/api/write', (c) => c.json({ ok: true }));
  a.onError(handleError);
  return a;
}

describe('rateLimit', () => {
  it('answers 429 with Retry-After once a visitor spends the budget, and only for that visitor', async () => {
    const env = { RATE_VISITOR_WRITES: budget(2) } as unknown as Env;
    const write = (visitor: string) => app().request('http://localhost/api/write', { method: 'POST', headers: { 'X-Visitor': visitor } }, env);
    expect((await write('a')).status).toBe(200);
    expect((await write('a')).status).toBe(200);
    const refused = await write('a');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: RATE_LIMITED_MESSAGE });
    expect((await write('b')).status).toBe(200);
  });

  it('skips a rule whose key is undefined', async () => {
    const env = { RATE_VISITOR_WRITES: budget(0) } as unknown as Env;
    const res = await app().request('http://localhost/api/write', { method: 'POST' }, env);
    expect(res.status).toBe(200);
  });

  it('does not refuse writes when the binding is missing, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const res = await app().request('http://localhost/api/write', { method: 'POST', headers: { 'X-Visitor': 'a' } }, {} as Env);
    expect(res.status).toBe(200);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

async function crumbFromHome(): Promise<string> {
  const res = await worker.fetch('/');
  await res.arrayBuffer();
  const crumb = /crumb=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1];
  if (!crumb) throw new Error('the home page set no crumb');
  return crumb;
}

describe('the /api shell on the worker', () => {
  it('sets a crumb cookie on pages and on API answers to new visitors', async () => {
    expect(await crumbFromHome()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await worker.fetch('/api/nothing-here');
    expect(res.headers.get('Set-Cookie')).toMatch(/^crumb=/);
  });

  it('answers an unknown API as JSON 404, never cached', async () => {
    const res = await worker.fetch('/api/nothing-here', { headers: { Cookie: `crumb=${await crumbFromHome()}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toContain('application/json');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses a state-changing call without the crumb before anything else', async () => {
    const res = await worker.fetch('/api/nothing-here', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ crumbFail: true, error: 'crumb_fail' });
  });

  it('refuses oversize and non-JSON bodies with 413 and 415', async () => {
    const crumb = await crumbFromHome();
    const headers = { Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb };
    const big = await worker.fetch('/api/nothing-here', { method: 'POST', body: 'x'.repeat(65 * 1024), headers: { ...headers, 'Content-Type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.headers.get('Cache-Control')).toBe('no-store');
    const xml = await worker.fetch('/api/nothing-here', { method: 'POST', body: '<a/>', headers: { ...headers, 'Content-Type': 'application/xml' } });
    expect(xml.status).toBe(415);
  });
});

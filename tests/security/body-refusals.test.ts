import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge/app.js';
import { createPlatformApp } from '../../edge/platform-app.js';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';
import { STATE_CHANGING_APIS, type BodyRule } from './body-refusals.js';

/** 413 for bodies over each state-changing API's limit, 415 for types it does not take; nothing stored. */
let worker: RunningWorker;
let auth: Record<string, string>;

beforeAll(async () => {
  worker = await startWorker();
  const home = await worker.fetch('/');
  await home.arrayBuffer();
  const crumb = /crumb=([^;]+)/.exec(home.headers.get('Set-Cookie') ?? '')![1]!;
  auth = { Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb };
}, 60_000);

afterAll(() => worker?.dispose());

/** A route that can change state: a body method, or any method under /api (catch-alls, `all`). */
// The JSON APIs; the server-rendered form posts of /account and /config guard their bodies in formPost.
const isStateChanging = (route: string) => /^(POST|PUT|PATCH|DELETE) \/api\//.test(route) || route.startsWith('ALL /api/');

async function storedCount(rule: BodyRule): Promise<number | undefined> {
  return rule.stored ? ((await worker.db.prepare(rule.stored).first<{ n: number }>())?.n ?? 0) : undefined;
}

async function expectRefused(rule: BodyRule, init: RequestInit, status: 413 | 415, error: string): Promise<void> {
  const before = await storedCount(rule);
  const res = await worker.fetch(rule.path, { host: rule.host, method: rule.method, ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  expect(await res.json()).toMatchObject({ error });
  expect(await storedCount(rule)).toBe(before);
}

/** A body sent in chunks without Content-Length, so only counting while reading can catch it. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(8 * 1024, bytes - sent)).fill(0x20);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe('body refusals on every state-changing API', () => {
  it('the table covers every state-changing route the app registers', () => {
    const registered = new Set([...createApp().routes, ...createPlatformApp().routes].map((r) => `${r.method} ${r.path}`).filter(isStateChanging));
    const covered = new Set(STATE_CHANGING_APIS.map((r) => r.route));
    expect([...registered].filter((r) => !covered.has(r)), 'routes without a row in tests/security/body-refusals.ts').toEqual([]);
  });

  const label = (r: BodyRule) => `${r.method} ${r.path}`;

  it.each(STATE_CHANGING_APIS.map((r) => [label(r), r] as const))('%s: one byte over the limit is 413 (by Content-Length)', async (_l, rule) => {
    await expectRefused(rule, { body: ' '.repeat(rule.maxBytes + 1), headers: { 'Content-Type': rule.accepts } }, 413, 'payload_too_large');
  });

  it.each(STATE_CHANGING_APIS.map((r) => [label(r), r] as const))('%s: a streamed body over the limit is 413', async (_l, rule) => {
    await expectRefused(rule, { body: streamOf(rule.maxBytes + 1), headers: { 'Content-Type': rule.accepts }, duplex: 'half' } as RequestInit, 413, 'payload_too_large');
  });

  it.each(STATE_CHANGING_APIS.flatMap((r) => r.refuses.map((type) => [`${label(r)} as ${type}`, r, type] as const)))(
    '%s is 415',
    async (_l, rule, type) => {
      await expectRefused(rule, { body: '{}', headers: { 'Content-Type': type } }, 415, 'unsupported_media_type');
    },
  );

  // Issue 33, finding 4: a body nested thousands deep (a few KB) once overflowed the stack (500).
  const JSON_RULES = STATE_CHANGING_APIS.filter((r) => /json|csp-report/.test(r.accepts));
  it.each(JSON_RULES.map((r) => [label(r), r] as const))('%s: JSON nested 3,000 deep is 400 too_deep, storing nothing', async (_l, rule) => {
    const before = await storedCount(rule);
    const deep = `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    const res = await worker.fetch(rule.path, { host: rule.host, method: rule.method, body: deep, headers: { ...auth, 'Content-Type': rule.accepts } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'too_deep' });
    expect(await storedCount(rule)).toBe(before);
  });

  it.each(STATE_CHANGING_APIS.map((r) => [label(r), r] as const))('%s: a body at the limit is not refused for its size', async (_l, rule) => {
    const res = await worker.fetch(rule.path, { host: rule.host, method: rule.method, body: ' '.repeat(rule.maxBytes), headers: { ...auth, 'Content-Type': rule.accepts } });
    expect([413, 415]).not.toContain(res.status);
  });
});

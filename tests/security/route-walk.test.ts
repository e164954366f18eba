import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge/app.js';
import { createPlatformApp } from '../../edge/platform-app.js';
import { ACTIVE_CONTENT_POLICY, HSTS } from '../../edge/middleware/security-headers/index.js';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';
import { ROUTE_WALK, WALK_THEME_FILES, WALK_UPLOADS, type WalkRow } from './route-walk.js';

/**
 * Walks every route of the worker (tests/security/route-walk.ts) over HTTP, on localhost
 * and on the demo site's HTTPS host, and checks the security headers of each answer.
 */
const PRIMARY_HOST = 'fernandkiln.atelier.site';
let seeded: RunningWorker;
let empty: RunningWorker;

beforeAll(async () => {
  [seeded, empty] = await Promise.all([startWorker(), startWorker({ seed: false })]);
  for (const [key, file] of Object.entries(WALK_UPLOADS)) {
    await seeded.files.put(key, new TextEncoder().encode(file.body).buffer as never, { httpMetadata: { contentType: file.uploaderType } });
  }
  for (const [path, content] of Object.entries(WALK_THEME_FILES)) {
    await seeded.db
      .prepare(`insert into templates (website_id, path, content, hash, updated_on) select id, ?, ?, ?, 0 from websites where is_default = 1`)
      .bind(path, content, `walk-${path}`)
      .run();
  }
}, 60_000);

afterAll(async () => {
  await Promise.all([seeded?.dispose(), empty?.dispose()]);
});

async function send(row: WalkRow, origin: string): Promise<Response> {
  const worker = row.state === 'no-database' ? empty : seeded;
  const res = (await worker.mf.dispatchFetch(new URL(row.path, origin).href, {
    method: row.method ?? 'GET',
    headers: row.headers,
    body: row.body,
  })) as unknown as Response;
  await res.arrayBuffer();
  return res;
}

function expectHeaders(res: Response, row: WalkRow, https: boolean): void {
  const h = (name: string) => res.headers.get(name) ?? '';
  const csp = h('content-security-policy');
  expect(res.status).toBe(row.status);
  // Every answer.
  expect(csp).toMatch(/frame-ancestors 'self'/);
  expect(h('x-content-type-options')).toBe('nosniff');
  expect(h('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h('x-frame-options')).toBe('SAMEORIGIN');
  expect(h('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(h('strict-transport-security')).toBe(https ? HSTS : '');
  if (row.type) expect(h('content-type').startsWith(row.type)).toBe(true);
  expect(h('cross-origin-resource-policy')).toBe(row.path.startsWith('/assets/') && res.status === 200 ? 'cross-origin' : 'same-origin');
  // By kind.
  if (row.expect.startsWith('sandboxed')) {
    expect(csp).toBe(ACTIVE_CONTENT_POLICY);
    expect(h('content-disposition')).toMatch(row.expect === 'sandboxed-download' ? /^attachment; filename="/ : /^$/);
    return;
  }
  expect(csp).toMatch(/^default-src 'self'; script-src 'self'[^;]*;/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain('report-uri /api/security/csp-report');
  if (row.expect === 'page') expect(h('content-type')).toMatch(/^text\/html/);
  if (row.expect === 'api' || row.expect === 'page-json') expect(h('content-type')).toMatch(/^application\/json/);
  if (row.expect === 'api') expect(h('cache-control')).toBe('no-store');
}

// Rows that break the demo data run after the others.
const ORDER = { seeded: 0, 'no-database': 0, 'broken-item': 1 } as const;
const rows = [...ROUTE_WALK].sort((a, b) => ORDER[a.state ?? 'seeded'] - ORDER[b.state ?? 'seeded']);
const label = (row: WalkRow) => `${row.method ?? 'GET'} ${row.path}${row.host ? ` (${row.host})` : ''}${row.state ? ` [${row.state}]` : ''} -> ${row.status}`;

describe('security headers on every route', () => {
  it('the walk covers every route the app registers', () => {
    // The platform host's app too (its rows name host app.localhost).
    const registered = new Set([...createApp().routes, ...createPlatformApp().routes].map((r) => `${r.method} ${r.path}`));
    const walked = new Set(ROUTE_WALK.map((r) => r.route));
    expect([...registered].filter((route) => !walked.has(route)), 'routes without a row in tests/security/route-walk.ts').toEqual([]);
    expect([...walked].filter((route) => !registered.has(route)), 'rows naming no registered route').toEqual([]);
  });

  it('a page from the page cache keeps its site policy (the demo site enables reCAPTCHA)', async () => {
    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await send({ route: 'GET /:collection', path: '/journal', status: 200, expect: 'page' }, 'http://localhost');
      states.push(res.headers.get('x-page-cache') ?? '');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
    }
    expect(states).toContain('HIT');
  });

  it.each(rows.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
    if (row.state === 'broken-item') await seeded.db.prepare(`update items set tags = '{not json' where url_id = 'moon-jar'`).run();
    if (row.host) {
      // A *.localhost host (the local platform host) is loopback: no HSTS there.
      expectHeaders(await send(row, `https://${row.host}`), row, !row.host.endsWith('.localhost'));
      return;
    }
    expectHeaders(await send(row, 'http://localhost'), row, false);
    expectHeaders(await send(row, `https://${PRIMARY_HOST}`), row, true);
  });
});

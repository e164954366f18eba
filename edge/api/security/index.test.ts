import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_REPORT_ROWS_PER_DAY } from '../../services/csp-reports.js';
import { RATE_LIMITS, spendBudget, startWorker, type RunningWorker } from '../../test-support.js';

/** POST /api/security/csp-report on the worker: no crumb, bounded, rate limited, counted atomically. */
let worker: RunningWorker;
let ip = 0;

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

/** Each test reports from its own client address, so budgets do not leak between tests. */
const nextIp = () => `203.0.113.${++ip}`;

function report(from: string, directive: string, blocked = 'inline', init: { type?: string; body?: unknown } = {}) {
  const body = init.body ?? { 'csp-report': { 'document-uri': 'http://localhost/shop?q=1', 'effective-directive': directive, 'blocked-uri': blocked } };
  return worker.fetch('/api/security/csp-report', {
    method: 'POST',
    headers: { 'Content-Type': init.type ?? 'application/csp-report', 'CF-Connecting-IP': from },
    body: JSON.stringify(body),
  });
}

const rows = (directive: string) =>
  worker.db.prepare('select count, blocked_url, page_path, kind from csp_reports where effective_directive = ?').bind(directive).all<{ count: number; blocked_url: string; page_path: string; kind: string }>();

describe('CSP report endpoint', () => {
  it('stores a report sent without cookies or crumb, in both browser formats', async () => {
    const from = nextIp();
    const legacy = await report(from, 'script-src-elem');
    expect(legacy.status).toBe(202);
    expect(await legacy.json()).toEqual({ accepted: 1 });
    const batch = [{ type: 'csp-violation', age: 1, url: 'http://localhost/', body: { documentURL: 'http://localhost/cart', effectiveDirective: 'img-src', blockedURL: 'https://x.example/p.gif?id=7' } }];
    expect((await report(from, '', '', { type: 'application/reports+json', body: batch })).status).toBe(202);
    expect((await rows('script-src-elem')).results).toEqual([{ count: 1, blocked_url: 'inline', page_path: '/shop', kind: 'csp' }]);
    expect((await rows('img-src')).results).toEqual([{ count: 1, blocked_url: 'https://x.example/p.gif', page_path: '/cart', kind: 'csp' }]);
  });

  it('answers a malformed body with a 400 and stores nothing', async () => {
    const res = await worker.fetch('/api/security/csp-report', { method: 'POST', headers: { 'Content-Type': 'application/csp-report', 'CF-Connecting-IP': nextIp() }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('counts concurrent reports of one violation in one row without losing any', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => report(nextIp(), 'font-src', 'https://fonts.example/a.woff2')));
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(202));
    expect((await rows('font-src')).results).toEqual([{ count: 25, blocked_url: 'https://fonts.example/a.woff2', page_path: '/shop', kind: 'csp' }]);
  });

  it('refuses a client address over its budget with 429', async () => {
    const from = nextIp();
    const limit = RATE_LIMITS.RATE_CSP_REPORTS.simple.limit;
    const { granted } = await spendBudget(limit, () => report(from, 'media-src'));
    expect(granted.length).toBeGreaterThanOrEqual(limit);
    expect(granted.every((res) => res.status === 202)).toBe(true);
    const refused = await report(from, 'media-src');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect((await report(nextIp(), 'media-src')).status).toBe(202);
  });

  it(`keeps at most ${CSP_REPORT_ROWS_PER_DAY} distinct violations a day per site; repeats still count`, async () => {
    const site = await worker.db.prepare(`select id from websites where is_default = 1`).first<{ id: string }>();
    const day = new Date().toISOString().slice(0, 10);
    const existing = (await worker.db.prepare('select count(*) as n from csp_reports where website_id = ? and day = ?').bind(site!.id, day).first<{ n: number }>())!.n;
    await worker.db
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
         insert into csp_reports (website_id, day, fingerprint, disposition, effective_directive, blocked_url, page_path, message, first_seen_on, last_seen_on)
         select ?, ?, 'filler-' || i, 'enforce', 'filler', 'inline', '/', 'filler', 0, 0 from n`,
      )
      .bind(CSP_REPORT_ROWS_PER_DAY - existing, site!.id, day)
      .run();
    expect((await report(nextIp(), 'worker-src')).status).toBe(202);
    expect((await rows('worker-src')).results).toEqual([]);
    expect((await report(nextIp(), 'font-src', 'https://fonts.example/a.woff2')).status).toBe(202);
    expect((await rows('font-src')).results[0]!.count).toBe(26);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendBudget, startWorker, type RunningWorker } from '../../test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
let n = 0;
const pageLoadId = () => `pl-${Date.now()}-${n++}`;

/** What navigator.sendBeacon(url, string) sends: text/plain, cookies, no crumb header. */
function beacon(body: unknown, cookie = `crumb=visitor${n++}aaaaaaaaaaaaaaaaaaaa`) {
  return worker.fetch('/api/1/performance/records', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Cookie: cookie, 'User-Agent': CHROME },
  });
}

const pageSpeed = (pagePath: string, metrics: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  raw: false,
  app: 'atelier-rum',
  event: 'page_speed',
  pageLoadId: pageLoadId(),
  ts: Date.now(),
  data: { pagePath, env: 'dev', metrics, ...extra },
});

describe('POST /api/1/performance/records (RUM)', () => {
  it('takes a beacon without a crumb and feeds the vitals histograms with server-side ratings', async () => {
    const path = `/perf-${Date.now()}`;
    const res = await beacon([
      pageSpeed(path, { LCP: 2400, FCP: 900, CLS: 0.3, TTFB: 120, FID: 12, INP: 350 }, { interactions: [{ target: 'main>button.add', type: 'click', duration: 350 }], marks: [{ name: 'rum-hero', startTime: 800 }] }),
      pageSpeed(path, { LCP: 4200 }),
    ]);
    expect(res.status).toBe(204);
    const rows = await worker.db.prepare('select metric, sum(count) as count, sum(good) as good, sum(poor) as poor from census_vitals where page_path = ? group by metric order by metric').bind(path).all();
    expect(rows.results).toEqual([
      { metric: 'CLS', count: 1, good: 0, poor: 1 },
      { metric: 'FCP', count: 1, good: 1, poor: 0 },
      { metric: 'FID', count: 1, good: 1, poor: 0 },
      { metric: 'INP', count: 1, good: 0, poor: 0 },
      { metric: 'LCP', count: 2, good: 1, poor: 1 },
      { metric: 'TTFB', count: 1, good: 1, poor: 0 },
    ]);
    const slow = await worker.db.prepare("select data from census_events where kind = 'rum-interactions' and page_path = ?").bind(path).first<{ data: string }>();
    expect(JSON.parse(slow!.data)).toMatchObject({ interactions: [{ target: 'main>button.add', duration: 350 }], marks: [{ name: 'rum-hero' }] });
  });

  it('stores image, user and a11y records as events; images only for the site’s own assets', async () => {
    const path = `/perf-img-${Date.now()}`;
    const env = { raw: true, app: 'atelier-rum', pageLoadId: pageLoadId(), ts: Date.now() };
    const ok = await beacon([
      { ...env, event: 'image', data: { pagePath: path, env: 'prod', url: 'http://localhost/assets/a.jpg', duration: 120, bytes: 5000 } },
      { ...env, event: 'user', data: { pagePath: path, env: 'prod', name: 'rum-checkout-open', duration: 42 } },
      { ...env, event: 'a11y', data: { pagePath: path, env: 'prod', issues: 2, rules: ['image-alt'] } },
    ]);
    expect(ok.status).toBe(204);
    const kinds = await worker.db.prepare('select kind from census_events where page_path = ? order by id').bind(path).all();
    expect(kinds.results.map((r) => r['kind'])).toEqual(['rum-image', 'rum-user', 'rum-a11y']);
    const foreign = await beacon([{ ...env, event: 'image', data: { pagePath: path, env: 'prod', url: 'https://cdn.other.example/a.jpg', duration: 1 } }]);
    expect(foreign.status).toBe(400);
  });

  it('refuses malformed payloads with 400 and stores none of them', async () => {
    const path = `/perf-bad-${Date.now()}`;
    const good = pageSpeed(path, { LCP: 1000 });
    const bad: unknown[] = [
      '{not json',
      [],
      {},
      [{ ...good, event: 'nope' }],
      [{ ...good, data: { ...good.data, env: 'qa' } }],
      [good, pageSpeed(path, { LCP: -1 })],
      [pageSpeed(path, {}, { interactions: Array.from({ length: 11 }, () => ({ target: 'a', type: 'click', duration: 1 })) })],
      [pageSpeed(path, {}, { interactions: [{ target: 'x'.repeat(201), type: 'click', duration: 1 }] })],
      [pageSpeed(path, {}, { marks: [{ name: 'hero', startTime: 1 }] })],
      Array.from({ length: 51 }, () => good),
    ];
    for (const body of bad) expect((await beacon(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await worker.db.prepare('select count(*) as n from census_vitals where page_path = ?').bind(path).first<{ n: number }>())!.n).toBe(0);
    const big = await beacon('x'.repeat(65 * 1024));
    expect(big.status).toBe(413);
    const xml = await worker.fetch('/api/1/performance/records', { method: 'POST', body: '<a/>', headers: { 'Content-Type': 'application/xml' } });
    expect(xml.status).toBe(415);
  });

  it('holds one visitor to the census budget', async () => {
    const cookie = 'crumb=ratelimitedvisitoraaaaaaaa';
    // Limits count in wall-clock-minute windows: a run across a boundary is granted up to two budgets.
    const { granted, refused } = await spendBudget(120, () => beacon([pageSpeed('/perf-rl', { LCP: 1 })], cookie));
    expect(granted.length).toBeGreaterThanOrEqual(120);
    expect(granted.length).toBeLessThanOrEqual(240);
    expect(granted.every((res) => res.status === 204)).toBe(true);
    expect(refused?.status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

let worker: RunningWorker;
let owner: SignedIn;
const PASSWORD = process.env.ATELIER_DEMO_OWNER_PASSWORD ?? 'check-Owner-pass-7';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

beforeAll(async () => {
  worker = await startWorker();
  owner = await signIn(worker, 'owner@fernandkiln.test', PASSWORD);
});
afterAll(() => worker?.dispose());

async function hit(crumb: string, data: Record<string, unknown>, cookie = `crumb=${crumb}`) {
  const res = await worker.fetch('/api/census/RecordHit', {
    method: 'POST',
    body: new URLSearchParams({ event: 'view', data: JSON.stringify(data) }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'X-CSRF-Token': crumb, 'User-Agent': CHROME },
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('SPEC §6 with real sessions', () => {
  it('skips signed-in users, but counts a viewer-only user outside /config/', async () => {
    expect(await hit(owner.xsrfToken, { pagePath: '/shop' }, owner.cookie)).toEqual({ recorded: false, reason: 'signed-in' });
    await createSiteUser(worker, { email: 'viewer@fernandkiln.test', password: 'viewer-Pass-123', roles: [10] });
    const viewer = await signIn(worker, 'viewer@fernandkiln.test', 'viewer-Pass-123');
    expect(await hit(viewer.xsrfToken, { pagePath: '/shop' }, viewer.cookie)).toMatchObject({ recorded: true });
    expect(await hit(viewer.xsrfToken, { pagePath: '/config/traffic' }, viewer.cookie)).toEqual({ recorded: false, reason: 'signed-in' });
  });
});

describe('the traffic dashboard', () => {
  it('reports seeded traffic to the traffic roles, with CSV export, and refuses others', async () => {
    for (let i = 0; i < 3; i++) await hit(`dashvisitor${i}aaaaaaaaaaaaaa`, { pagePath: '/shop/speckled-stoneware-mug', referrer: 'https://news.example.org/' });
    const res = await worker.fetch('/api/census/dashboard', { headers: owner.headers });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { totals: { pageViews: number; visitors: number }; top: { pages: { key: string; views: number }[]; referrers: { key: string }[] } };
    expect(report.totals.pageViews).toBeGreaterThanOrEqual(3);
    expect(report.totals.visitors).toBeGreaterThanOrEqual(3);
    expect(report.top.pages).toContainEqual(expect.objectContaining({ key: '/shop/speckled-stoneware-mug' }));
    expect(report.top.referrers.map((r) => r.key)).toContain('news.example.org');
    const csv = await worker.fetch('/api/census/dashboard/pages.csv', { headers: owner.headers });
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(await csv.text()).toMatch(/^page,views,visits\r\n\/shop\/speckled-stoneware-mug,\d+,\d+/m);
    expect((await worker.fetch('/api/census/dashboard')).status).toBe(401);
    await createSiteUser(worker, { email: 'editor@fernandkiln.test', password: 'editor-Pass-123', roles: [4] });
    const editor = await signIn(worker, 'editor@fernandkiln.test', 'editor-Pass-123');
    expect((await worker.fetch('/api/census/dashboard', { headers: editor.headers })).status).toBe(403);
    expect((await worker.fetch('/api/census/dashboard?from=2020-01-01&to=2026-01-01', { headers: owner.headers })).status).toBe(400);
    const page = await worker.fetch('/config/traffic', { headers: owner.headers });
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<h1>Traffic</h1>');
    expect(body).toContain('news.example.org');
    expect(body).toMatch(/<script type="application\/json" id="traffic-series">\[\{"day"/);
  });
});

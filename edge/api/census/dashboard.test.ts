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

  it("never counts the page editor's preview frame (editor mode), wherever a link in it leads", async () => {
    // The frame is the owner's session: its draft preview and a page a link in it opened.
    for (const pagePath of ['/workshops?preview', '/workshops?preview&revision=2', '/cart'])
      expect(await hit(owner.xsrfToken, { pagePath, referrer: new URL('/config/pages/p1/edit', worker.url).href }, owner.cookie)).toEqual({ recorded: false, reason: 'signed-in' });
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
    // The screen is the owner app's (client/editor/screens/traffic.tsx), drawn from the JSON above.
    expect(body).toContain('<h1>Traffic</h1>');
    expect(body).toContain('data-owner-shell');
  });
});

describe('the commerce funnel and speed vs. sales with real orders', () => {
  const DAY = 86_400_000;
  let site: string;
  let mug: { id: string; full_url: string };
  let other: { id: string; full_url: string };
  let next = 5000;

  /** An order as checkout writes it (edge/services/orders/record.ts), with its lines. */
  async function order(o: { testMode?: boolean; status?: string; currency?: string; total: number; at: number; lines: [item: string, quantity: number, unitCents: number][] }) {
    const id = `ord-${next}`;
    await worker.db
      .prepare(
        `insert into orders (id, website_id, order_number, purchased_cart_id, test_mode, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status, status_token_hash, created_on)
         values (?1, ?2, ?3, ?4, ?5, 'buyer@example.org', ?6, ?7, 0, 0, 0, ?7, ?8, 'x', ?9)`,
      )
      .bind(id, site, next++, `cart-${id}`, o.testMode ? 1 : 0, o.currency ?? 'USD', o.total, o.status ?? 'paid', o.at)
      .run();
    for (const [i, [item, quantity, unit]] of o.lines.entries()) {
      await worker.db
        .prepare(`insert into order_lines (id, order_id, website_id, item_id, product_name, product_type, quantity, unit_price_cents, position) values (?1, ?2, ?3, ?4, 'P', 1, ?5, ?6, ?7)`)
        .bind(`${id}-${i}`, id, site, item, quantity, unit, i)
        .run();
    }
  }

  beforeAll(async () => {
    site = (await worker.db.prepare('select id from websites where is_default = 1').first<{ id: string }>())!.id;
    const item = (where: string) => worker.db.prepare(`select id, full_url from items where website_id = ? and ${where} order by full_url limit 1`).bind(site).first<{ id: string; full_url: string }>();
    mug = (await item("full_url = '/shop/speckled-stoneware-mug'"))!;
    other = (await item("full_url like '/shop/%' and full_url != '/shop/speckled-stoneware-mug'"))!;
    const now = Date.now();
    await order({ total: 5_000, at: now - DAY, lines: [[mug.id, 2, 1_800], [other.id, 1, 1_400]] });
    await order({ total: 1_800, at: now - 2 * DAY, lines: [[mug.id, 1, 1_800]] });
    // Not counted: a test-mode order, one older than the range; a refund counts as an order, not as revenue.
    await order({ testMode: true, total: 99_900, at: now - DAY, lines: [[mug.id, 50, 1_998]] });
    await order({ total: 77_700, at: now - 60 * DAY, lines: [[mug.id, 40, 1_942]] });
    await order({ status: 'refunded', total: 3_300, at: now - DAY, lines: [[mug.id, 1, 3_300]] });
    // The mug page: 4 views, a product-page visit each, one slow load (LCP 5 s) of one.
    const crumb = 'salesvisitoraaaaaaaaaaaa';
    for (let i = 0; i < 4; i++) {
      await hit(`salesvisitor${i}aaaaaaaaaaaa`, { pagePath: mug.full_url });
      const res = await worker.fetch('/api/events/RecordEvent', {
        method: 'POST',
        body: new URLSearchParams({ crumb, event: 'product_page_visit', data: JSON.stringify({ pagePath: mug.full_url, itemId: mug.id }) }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${crumb}`, 'User-Agent': CHROME },
      });
      expect(res.status).toBe(200);
    }
    const rum = await worker.fetch('/api/1/performance/records', {
      method: 'POST',
      body: JSON.stringify([{ raw: false, app: 'atelier-rum', event: 'page_speed', pageLoadId: 'pl-sales-1', ts: Date.now(), data: { pagePath: mug.full_url, env: 'dev', metrics: { LCP: 5_000 } } }]),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Cookie: `crumb=${crumb}`, 'User-Agent': CHROME },
    });
    expect(rum.status).toBe(204);
  });

  it('counts orders and revenue (integer minor units) without test-mode orders, and joins them per product page', async () => {
    const res = await worker.fetch('/api/census/dashboard', { headers: owner.headers });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { funnel: Record<string, unknown>; speedVsSales: Record<string, unknown>[] };
    expect(report.funnel).toMatchObject({ orders: 3, revenueCents: 6_800, currency: 'USD' });
    expect(report.funnel['productViews']).toBeGreaterThanOrEqual(4);
    const row = report.speedVsSales.find((s) => s['pagePath'] === mug.full_url)!;
    // Lines of the two paid live orders: 2 × 1800 + 1 × 1800; the refunded and test orders are not revenue.
    expect(row).toMatchObject({ orders: 2, revenueCents: 5_400, slowShare: 1, revenueAtRiskCents: 5_400 });
    expect(row['conversionRate']).toBeCloseTo(2 / (row['views'] as number));
    expect(Number.isInteger(row['revenueCents'])).toBe(true);
    // Ranked by revenue at risk: the mug page (the only page with sales) comes first.
    expect(report.speedVsSales[0]!['pagePath']).toBe(mug.full_url);
    const csv = await (await worker.fetch('/api/census/dashboard/funnel.csv', { headers: owner.headers })).text();
    expect(csv).toContain('orders,3\r\nrevenue_minor_units_USD,6800\r\n');
  });

  it('narrows orders to the range asked for', async () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const old = Date.now() - 60 * DAY;
    const res = await worker.fetch(`/api/census/dashboard?from=${day(old)}&to=${day(old)}`, { headers: owner.headers });
    const report = (await res.json()) as { funnel: Record<string, unknown> };
    expect(report.funnel).toMatchObject({ orders: 1, revenueCents: 77_700 });
  });
});

describe('INP per page type (issue 37)', () => {
  const CHROME_UA = { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME };
  let n = 0;
  /** One real visitor's page: its page view (with the page type the layout gives) and its RUM beacon. */
  async function visit(pagePath: string, inp: number) {
    const crumb = `inpvisitor${n++}aaaaaaaaaaaaaaaa`;
    const record = { raw: false, app: 'atelier-rum', event: 'page_speed', pageLoadId: `inp-load-${n}`, ts: Date.now(), data: { pagePath, env: 'prod', metrics: { INP: inp } } };
    const res = await worker.fetch('/api/1/performance/records', { method: 'POST', body: JSON.stringify([record]), headers: { ...CHROME_UA, Cookie: `crumb=${crumb}` } });
    expect(res.status).toBe(204);
  }

  it('reads the p75 of real visitors per page type (from the path: products, listings, cart, home), in the JSON and the CSV', async () => {
    // Two demo products: 3 fast and 1 slow interaction -> p75 is a fast one (within the 10 % buckets).
    for (const inp of [40, 48, 56]) await visit('/shop/speckled-stoneware-mug', inp);
    await visit('/shop/moon-jar?variant=1', 900);
    // The cart (a query string left off): all slow.
    for (const inp of [600, 640]) await visit('/cart?from=pill', inp);
    await visit('/', 120);
    await visit('/shop', 90);
    const res = await worker.fetch('/api/census/dashboard', { headers: owner.headers });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { inpByPageType: { pageType: string; label: string; samples: number; p75: number; good: number; poor: number }[] };
    const type = (t: string) => report.inpByPageType.find((r) => r.pageType === t)!;
    expect(type('product')).toMatchObject({ label: 'Product', samples: 4, good: 3, poor: 1 });
    expect(type('product').p75).toBeGreaterThanOrEqual(56);
    expect(type('product').p75).toBeLessThan(56 * 1.1);
    expect(type('cart')).toMatchObject({ label: 'Cart', samples: 2, poor: 2 });
    expect(type('cart').p75).toBeGreaterThanOrEqual(640);
    expect(type('home')).toMatchObject({ label: 'Home', samples: 1, good: 1 });
    expect(type('listing')).toMatchObject({ label: 'Listing', samples: 1, good: 1 });
    const csv = await (await worker.fetch('/api/census/dashboard/inp-by-page-type.csv', { headers: owner.headers })).text();
    expect(csv).toMatch(/^page_type,label,samples,inp_p75_ms,good,needs_improvement,poor\r\n/);
    expect(csv).toMatch(/\r\ncart,Cart,2,\d/);
  });
});

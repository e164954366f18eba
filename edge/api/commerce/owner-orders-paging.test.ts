import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { addOne, placeOrder } from './test-checkout.js';
import { TestVisitor } from './test-visitor.js';

/** GET /api/commerce/owner/orders: the owner app's data table sorts and pages on the server. */
let worker: RunningWorker;
let admin: SignedIn;
const placed: { orderNumber: number; grandTotal: number }[] = [];

beforeAll(async () => {
  worker = await startWorker();
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
  const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
  // Quantities 3, 1, 2, 1: two orders share a total, so the cursor's tie-break is exercised.
  for (const [i, quantity] of [3, 1, 2, 1].entries()) {
    const v = new TestVisitor(worker, `198.51.100.${40 + i}`);
    await v.visit('/api/commerce/shopping-cart');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', quantity);
    const res = await placeOrder(v, { extra: { email: `paging${i}@example.com` } });
    expect(res.status).toBe(201);
    placed.push({ orderNumber: res.json.order.orderNumber, grandTotal: res.json.order.grandTotal });
  }
}, 90_000);
afterAll(() => worker?.dispose());

async function walk(sort: string, limit: number) {
  const seen: { orderNumber: number; grandTotalCents: number }[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ sort, limit: String(limit), q: 'paging', ...(after ? { after } : {}) });
    const res = await worker.fetch(`/api/commerce/owner/orders?${qs}`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orders: { orderNumber: number; grandTotalCents: number }[]; next: string | null };
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    seen.push(...body.orders);
    after = body.next;
    pages++;
  } while (after && pages < 10);
  return { seen, pages };
}

describe('owner orders: sort and cursor pages', () => {
  it('pages newest first by default and oldest first on request, every order once', async () => {
    const numbers = placed.map((p) => p.orderNumber);
    const newest = await walk('-number', 3);
    expect(newest.pages).toBe(2);
    expect(newest.seen.map((o) => o.orderNumber)).toEqual([...numbers].sort((a, b) => b - a));
    const oldest = await walk('number', 1);
    expect(oldest.seen.map((o) => o.orderNumber)).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('sorts by total either way across pages, ties broken by order number', async () => {
    const byTotal = [...placed].sort((a, b) => a.grandTotal - b.grandTotal || a.orderNumber - b.orderNumber).map((p) => p.orderNumber);
    const up = await walk('total', 1);
    expect(up.seen.map((o) => o.orderNumber)).toEqual(byTotal);
    const down = await walk('-total', 2);
    expect(down.seen.map((o) => o.orderNumber)).toEqual([...byTotal].reverse());
  });

  it('refuses a cursor of another sort and an unknown sort (400)', async () => {
    const bad = await worker.fetch('/api/commerce/owner/orders?sort=total&after=1001', { headers: admin.headers });
    expect(bad.status).toBe(400);
    expect((await worker.fetch('/api/commerce/owner/orders?sort=email', { headers: admin.headers })).status).toBe(400);
    expect((await worker.fetch('/api/commerce/owner/orders?limit=0', { headers: admin.headers })).status).toBe(400);
  });
});

describe('owner orders: dates and the CSV export', () => {
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
  const ask = async (qs: Record<string, string>) => {
    const res = await worker.fetch(`/api/commerce/owner/orders?${new URLSearchParams({ q: 'paging', ...qs })}`, { headers: admin.headers });
    return { status: res.status, body: (await res.json()) as { orders: { orderNumber: number }[]; fields?: Record<string, string> } };
  };

  it('filters by days of the site calendar, both ends included', async () => {
    const site = await worker.db.prepare('SELECT time_zone AS tz FROM websites WHERE is_default = 1').first<{ tz: string }>();
    expect(site!.tz).toBe('America/New_York');
    expect((await ask({ from: today(), to: today() })).body.orders).toHaveLength(4);
    expect((await ask({ from: '2020-01-01', to: '2020-12-31' })).body.orders).toHaveLength(0);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await ask({ from: future })).body.orders).toHaveLength(0);
    expect((await ask({ to: '2020-12-31' })).body.orders).toHaveLength(0);
    const backwards = await ask({ from: '2026-02-02', to: '2026-02-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ to: 'The start date must be on or before the end date.' });
    expect((await ask({ from: '2026-13-01' })).status).toBe(400);
  });

  it('exports the filtered, sorted set as CSV, escaped, formulas kept as text', async () => {
    const [first, ...rest] = [...placed].sort((a, b) => a.grandTotal - b.grandTotal || a.orderNumber - b.orderNumber);
    // An address a spreadsheet would run as a formula, with a comma and quotes in it.
    await worker.db.prepare("UPDATE orders SET email = ? WHERE order_number = ?").bind('=HYPERLINK("http://evil.test"),"paging"@example.com', first!.orderNumber).run();
    const res = await worker.fetch('/api/commerce/owner/orders.csv?q=paging&sort=total', { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('Order,Date (UTC),Email,Items,Total,Currency,Payment,Test,Kind');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(1, -1).map((l) => Number(l.split(',')[0]))).toEqual([first, ...rest].map((p) => p.orderNumber));
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.test""),""paging""@example.com",`);
    expect(lines[1]).toMatch(new RegExp(`^${first!.orderNumber},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,.*,\\d+\\.\\d{2},USD,paid,yes,order$`));

    const none = await worker.fetch('/api/commerce/owner/orders.csv?q=paging&from=2020-01-01&to=2020-01-02', { headers: admin.headers });
    expect((await none.text()).split('\r\n')).toEqual(['Order,Date (UTC),Email,Items,Total,Currency,Payment,Test,Kind', '']);
    expect((await worker.fetch('/api/commerce/owner/orders.csv?sort=email', { headers: admin.headers })).status).toBe(400);
    expect((await worker.fetch('/api/commerce/owner/orders.csv')).status).toBe(401);
  });

  it('exports more orders than one read holds, each once', async () => {
    // 450 more orders straight into D1 (the export reads 200 a query).
    const site = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    await worker.db
      .prepare(
        `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status_token_hash, created_on)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 450)
         SELECT 'bulk' || i, ?1, 500000 + i, 'bulkcart' || i, 'bulk' || i || '@paging.test', 'USD', 100 * i, 0, 0, 0, 100 * (i % 7), 'x', ?2 FROM n`,
      )
      .bind(site, Date.now())
      .run();
    const res = await worker.fetch('/api/commerce/owner/orders.csv?q=bulk&sort=-total', { headers: admin.headers });
    const rows = (await res.text()).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(450);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(450);
    const totals = rows.map((r) => Number(r.split(',')[4]));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});


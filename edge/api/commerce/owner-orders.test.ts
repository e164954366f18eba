import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { ADDRESS_OR, addOne, placeOrder } from './test-checkout.js';
import { TestVisitor } from './test-visitor.js';
import { ownerSessions } from './test-owner.js';

/**
 * The owner's orders over HTTP (GET /api/commerce/owner/orders and /orders/:number, what
 * /config/orders draws): orders placed through the API, read as the owner.
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
let ip = 0;

beforeAll(async () => {
  worker = await startWorker();
  as = await ownerSessions(worker, 'orders');
}, 60_000);
afterAll(() => worker?.dispose());

async function order(sku: string, quantity: number, email: string, given: Record<string, string> | null = ADDRESS_OR) {
  const address = given ?? undefined;
  const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
  await v.visit('/api/commerce/shopping-cart');
  const variant = await variantOf(worker.db, sku);
  expect((await addOne(v, variant.itemId, sku.startsWith('FK-DIG-') ? (null as never) : sku, quantity)).status).toBe(200);
  const res = await placeOrder(v, { address, extra: { email, ...(address ? { shippingOptionId: 'us-standard' } : {}) } });
  expect(res.status).toBe(201);
  return res.json.order as { id: string; orderNumber: number; grandTotal: number };
}

const API = '/api/commerce/owner/orders';
type Row = { orderNumber: number; email: string; itemCount: number; grandTotalCents: number; status: string; testMode: boolean };
const list = async (query = '') => (await as.admin.get(`${API}${query}`)).json as { orders: Row[]; next: string | null; nextBefore: number | null };
const listed = async (query = '') => (await list(query)).orders.map((o) => o.orderNumber);

describe('/api/commerce/owner/orders', () => {
  it('answers an empty list before any order, to the roles allowed it; the screens are the shell for them', async () => {
    for (const who of [as.admin, as.manager]) {
      expect((await who.get(API)).json).toEqual({ orders: [], nextBefore: null, next: null });
      const page = await who.page('/config/orders');
      expect(page.status).toBe(200);
      expect(page.html).toContain('href="/config/orders" aria-current="page"');
    }
  });

  it('asks anonymous visitors to sign in and refuses other roles (403), without a word of the orders', async () => {
    const paid = await order('FK-MUG-08-OAT', 1, 'secret-buyer@example.com');
    for (const path of [API, `${API}/${paid.orderNumber}`]) {
      expect((await as.anonymous.get(path)).status).toBe(401);
      const reporter = await as.reporter.get(path);
      expect(reporter.status).toBe(403);
      expect(JSON.stringify(reporter.json)).not.toContain('secret-buyer');
    }
    for (const path of ['/config/orders', `/config/orders/${paid.orderNumber}`]) {
      const anon = await as.anonymous.page(path);
      expect(anon.html).toContain('action="/config/sign-in"');
      expect(anon.html).not.toContain('secret-buyer');
      expect((await as.reporter.page(path)).status).toBe(403);
    }
    // The navigation offers commerce screens only to roles that may open them.
    expect((await as.reporter.page('/config/traffic')).html).not.toContain('href="/config/orders"');
    const nav = (await as.manager.page('/config/')).html;
    for (const href of ['/config/orders', '/config/gift-cards', '/config/subscriptions', '/config/restock']) expect(nav).toContain(`href="${href}"`);
    expect(nav).not.toContain('href="/config/contributors"');
  });

  it('lists orders newest first with number, email, items, total in cents, payment state and test mode', async () => {
    await setStock(worker.db, 'FK-MUG-08-OAT', 50);
    const first = await order('FK-MUG-08-OAT', 2, 'ada@example.com');
    const second = await order('FK-MUG-08-OAT', 3, 'bob@example.com');
    const { orders } = await list();
    const numbers = orders.map((o) => o.orderNumber);
    expect(numbers.indexOf(second.orderNumber)).toBeLessThan(numbers.indexOf(first.orderNumber));
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(1001);
    // 3 × $36.00, shipping free from $75.
    expect(second.grandTotal).toBe(10800);
    expect(orders.find((o) => o.orderNumber === second.orderNumber)).toMatchObject({ email: 'bob@example.com', itemCount: 3, grandTotalCents: 10800, status: 'paid', testMode: true });
  });

  it('searches by order number or part of an email, and filters by payment state', async () => {
    const a = await order('FK-MUG-08-OAT', 1, 'Carol.Search@example.com');
    const b = await order('FK-MUG-08-OAT', 1, 'dave@example.com');
    expect(await listed('?q=carol.search')).toEqual([a.orderNumber]);
    expect(await listed(`?q=%23${b.orderNumber}`)).toEqual([b.orderNumber]);
    expect(await listed(`?q=${b.orderNumber}`)).toEqual([b.orderNumber]);
    // '%' is a plain character, not a wildcard.
    expect(await listed('?q=%25')).toEqual([]);
    await worker.db.prepare("UPDATE orders SET status = 'refunded' WHERE id = ?").bind(a.id).run();
    expect(await listed('?status=refunded')).toEqual([a.orderNumber]);
    expect(await listed('?status=paid')).not.toContain(a.orderNumber);
    expect((await as.admin.get(`${API}?status=%3Cscript%3E`)).status).toBe(400);
    expect((await as.admin.get(`${API}?before=abc`)).status).toBe(400);
  });

  it('pages with a cursor that keeps the search', async () => {
    const site = (await worker.db.prepare('SELECT website_id AS id FROM orders LIMIT 1').first<{ id: string }>())!.id;
    const rows = Array.from({ length: 55 }, (_, i) =>
      worker.db
        .prepare(
          `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status, status_token_hash, created_on)
           VALUES (?1, ?2, ?3, ?1, 0, 'pager@example.com', 'USD', 100, 0, 0, 0, 100, 'paid', 'x', ?4)`,
        )
        .bind(`pager-${i}`, site, 50_000 + i, Date.now()),
    );
    await worker.db.batch(rows);
    const one = await list('?q=pager%40');
    expect(one.orders).toHaveLength(50);
    expect(one.orders[0]!.orderNumber).toBe(50_054);
    expect(one.next).toBe('50005');
    const two = await list(`?q=pager%40&after=${one.next}`);
    expect(two.orders.map((o) => o.orderNumber)).toEqual([50_004, 50_003, 50_002, 50_001, 50_000]);
    expect(two.next).toBeNull();
    // A live order is never test mode.
    expect(two.orders.at(-1)!.testMode).toBe(false);
  });

  it('opens one order: lines, totals, address, payment reference, downloads and the mail sent', async () => {
    const shipped = await order('FK-MUG-08-OAT', 2, 'erin@example.com');
    const { status, json } = await as.admin.get(`${API}/${shipped.orderNumber}`);
    expect(status).toBe(200);
    expect(json.order).toMatchObject({ orderNumber: shipped.orderNumber, subtotal: 7200, shippingTotal: 800, grandTotal: 8000, items: [expect.objectContaining({ sku: 'FK-MUG-08-OAT', quantity: 2 })] });
    expect(json.order.shippingAddress).toMatchObject({ address1: '1 Main St', postalCode: '97201', city: 'Portland' });
    const ref = (await worker.db.prepare('SELECT provider_ref AS ref FROM payments WHERE order_id = ?').bind(shipped.id).first<{ ref: string }>())!.ref;
    expect(json.payments).toEqual([expect.objectContaining({ provider: 'test', ref })]);
    expect(json.mails).toEqual([expect.objectContaining({ kind: 'order-confirmation', toAddress: 'erin@example.com', subject: expect.stringContaining(`order #${shipped.orderNumber} confirmed`) })]);

    const digital = await order('FK-DIG-GLAZE-GUIDE', 1, 'erin@example.com', null);
    const withDownload = (await as.admin.get(`${API}/${digital.orderNumber}`)).json;
    expect(withDownload.downloads).toEqual([expect.objectContaining({ productName: 'Cone 6 Glaze Recipe Guide', downloads: 0, maxDownloads: 5 })]);
    // The earlier order's mail is not this order's.
    expect(JSON.stringify(withDownload.mails)).not.toContain(`order #${shipped.orderNumber} confirmed`);
  });

  it('answers 404 for an order that is not there; its screen is still the shell', async () => {
    for (const n of ['999999', 'abc']) {
      expect((await as.admin.get(`${API}/${n}`)).status).toBe(404);
      expect((await as.admin.page(`/config/orders/${n}`)).html).toContain('data-owner-shell');
    }
  });
});

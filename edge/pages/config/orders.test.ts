import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from '../../api/commerce/test-catalog.js';
import { ADDRESS_OR, addOne, placeOrder } from '../../api/commerce/test-checkout.js';
import { TestVisitor } from '../../api/commerce/test-visitor.js';
import { ownerSessions, type OwnerSession } from './test-owner.js';

/** /config/orders over HTTP on the worker: orders placed through the API, read as the owner. */
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

const rowOf = (html: string, n: number) => new RegExp(`<tr data-order="${n}">(.*?)</tr>`, 's').exec(html)?.[1];
const listed = (html: string) => [...html.matchAll(/<tr data-order="(\d+)">/g)].map((m) => Number(m[1]));

describe('/config/orders', () => {
  it('shows the empty state before any order, to the roles allowed it', async () => {
    for (const who of [as.admin, as.manager]) {
      const page = await who.get('/config/orders');
      expect(page.status).toBe(200);
      expect(page.html).toContain('data-orders-empty');
      expect(page.html).toContain('href="/config/orders" aria-current="page"');
    }
  });

  it('asks anonymous visitors to sign in and refuses other roles (403), without a word of the orders', async () => {
    const paid = await order('FK-MUG-08-OAT', 1, 'secret-buyer@example.com');
    for (const path of ['/config/orders', `/config/orders/${paid.orderNumber}`]) {
      const anon = await as.anonymous.get(path);
      expect(anon.html).toContain('action="/config/sign-in"');
      expect(anon.html).not.toContain('secret-buyer');
      const reporter = await as.reporter.get(path);
      expect(reporter.status).toBe(403);
      expect(reporter.html).not.toContain('secret-buyer');
    }
    // The navigation offers commerce screens only to roles that may open them.
    expect((await as.reporter.get('/config/traffic')).html).not.toContain('href="/config/orders"');
    const nav = (await as.manager.get('/config/')).html;
    for (const href of ['/config/orders', '/config/gift-cards', '/config/subscriptions']) expect(nav).toContain(`href="${href}"`);
    expect(nav).not.toContain('href="/config/contributors"');
  });

  it('lists orders newest first with number, date, email, items, formatted total, payment state and the test badge', async () => {
    await setStock(worker.db, 'FK-MUG-08-OAT', 50);
    const first = await order('FK-MUG-08-OAT', 2, 'ada@example.com');
    const second = await order('FK-MUG-08-OAT', 3, 'bob@example.com');
    const page = await as.manager.get('/config/orders');
    expect(page.status).toBe(200);
    const numbers = listed(page.html);
    expect(numbers.indexOf(second.orderNumber)).toBeLessThan(numbers.indexOf(first.orderNumber));
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(1001);
    const row = rowOf(page.html, second.orderNumber)!;
    expect(row).toContain(`href="/config/orders/${second.orderNumber}">#${second.orderNumber}</a>`);
    expect(row).toContain('bob@example.com');
    expect(row).toContain('<td>3</td>');
    // 3 × $36.00, shipping free from $75, formatted on the server from integer cents.
    expect(second.grandTotal).toBe(10800);
    expect(row).toContain('<td data-total>$108.00</td>');
    expect(row).toContain('data-payment="paid">Paid');
    expect(row).toContain('data-test-mode');
  });

  it('searches by order number or part of an email, and filters by payment state', async () => {
    const a = await order('FK-MUG-08-OAT', 1, 'Carol.Search@example.com');
    const b = await order('FK-MUG-08-OAT', 1, 'dave@example.com');
    expect(listed((await as.admin.get('/config/orders?q=carol.search')).html)).toEqual([a.orderNumber]);
    expect(listed((await as.admin.get(`/config/orders?q=%23${b.orderNumber}`)).html)).toEqual([b.orderNumber]);
    expect(listed((await as.admin.get(`/config/orders?q=${b.orderNumber}`)).html)).toEqual([b.orderNumber]);
    // '%' is a plain character, not a wildcard.
    expect((await as.admin.get('/config/orders?q=%25')).html).toContain('No orders match.');
    await worker.db.prepare("UPDATE orders SET status = 'refunded' WHERE id = ?").bind(a.id).run();
    expect(listed((await as.admin.get('/config/orders?status=refunded')).html)).toEqual([a.orderNumber]);
    expect(listed((await as.admin.get('/config/orders?status=paid')).html)).not.toContain(a.orderNumber);
    const bad = await as.admin.get('/config/orders?status=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Choose a payment state from the list.');
    expect((await as.admin.get('/config/orders?before=abc')).status).toBe(400);
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
    const one = await as.admin.get('/config/orders?q=pager%40');
    expect(listed(one.html)).toHaveLength(50);
    expect(listed(one.html)[0]).toBe(50_054);
    const next = /href="([^"]+)" rel="next"/.exec(one.html)![1]!.replace(/&amp;/g, '&');
    expect(next).toBe('/config/orders?q=pager%40&before=50005');
    const two = await as.admin.get(next);
    expect(listed(two.html)).toEqual([50_004, 50_003, 50_002, 50_001, 50_000]);
    expect(two.html).not.toContain('rel="next"');
    // A live order never carries the test badge.
    expect(rowOf(two.html, 50_000)).not.toContain('data-test-mode');
  });

  it('shows one order: lines, totals, address, payment reference, downloads and the mail sent', async () => {
    const shipped = await order('FK-MUG-08-OAT', 2, 'erin@example.com');
    const page = await as.admin.get(`/config/orders/${shipped.orderNumber}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('href="/config/orders" aria-current="page"');
    expect(page.html).toMatch(/<td>FK-MUG-08-OAT<\/td><td>[^<]+<\/td><td>2<\/td><td>\$36\.00<\/td><td>\$72\.00<\/td>/);
    expect(page.html).toContain('<tr data-total="subtotal"><th scope="row">Subtotal</th><td>$72.00</td></tr>');
    expect(page.html).toContain('<tr data-total="shipping"><th scope="row">Shipping</th><td>$8.00</td></tr>');
    expect(page.html).toContain('<tr data-total="grand"><th scope="row">Grand total</th><td>$80.00</td></tr>');
    expect(page.html).toContain('1 Main St');
    expect(page.html).toContain('97201 Portland OR');
    const ref = (await worker.db.prepare('SELECT provider_ref AS ref FROM payments WHERE order_id = ?').bind(shipped.id).first<{ ref: string }>())!.ref;
    expect(page.html).toContain(`data-payment-provider="test"><td>test</td><td><code>${ref}</code>`);
    expect(page.html).toMatch(new RegExp(`data-mail-kind="order-confirmation">[^<]*order #${shipped.orderNumber} confirmed · to erin@example.com`));

    const digital = await order('FK-DIG-GLAZE-GUIDE', 1, 'erin@example.com', null);
    const withDownload = await as.admin.get(`/config/orders/${digital.orderNumber}`);
    expect(withDownload.html).toContain('<li data-download="Cone 6 Glaze Recipe Guide">Cone 6 Glaze Recipe Guide: 0 of 5 downloads used');
    // The earlier order's mail is not this order's.
    expect(withDownload.html).not.toContain(`order #${shipped.orderNumber} confirmed`);
  });

  it('answers 404 inside the shell for an order that is not there', async () => {
    for (const path of ['/config/orders/999999', '/config/orders/abc']) {
      const page = await as.admin.get(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain('data-owner-shell');
    }
  });

  it('renders what shoppers typed and product names as text', async () => {
    const evil = await order('FK-MUG-08-OAT', 1, 'frank@example.com', { ...ADDRESS_OR, firstName: '<script>alert(1)</script>' });
    await worker.db.prepare("UPDATE orders SET email = ?2 WHERE id = ?1").bind(evil.id, '"><img src=x onerror=alert(2)>@example.com').run();
    await worker.db.prepare("UPDATE order_lines SET product_name = '<svg onload=alert(3)>' WHERE order_id = ?").bind(evil.id).run();
    const pages = [await as.admin.get('/config/orders?q=onerror'), await as.admin.get(`/config/orders/${evil.orderNumber}`), await as.admin.get('/config/orders?q=%22%3E%3Cscript%3E')];
    for (const page of pages) {
      expect(page.html).not.toMatch(/<script>alert|<img src=x|<svg onload/);
    }
    expect(pages[1]!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(pages[1]!.html).toContain('&lt;svg onload=alert(3)&gt;');
    expect(pages[0]!.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;@example.com');
    expect(pages[2]!.html).toContain('value="&quot;&gt;&lt;script&gt;"');
  });
});

export type { OwnerSession };

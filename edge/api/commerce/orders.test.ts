import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { heldNow, setStock, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';
import { ADDRESS_NY, ADDRESS_OR, CARDS, addOne, placeOrder } from './test-checkout.js';

// POST /api/commerce/orders on the real worker and local D1.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const STOCK_TEXT = 'Sorry, we do not have enough of that item available.';
const stockOf = async (sku: string) => (await variantOf(worker.db, sku)).qtyInStock;
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

async function shopperWith(sku: string, quantity = 1, ip = '198.51.100.20'): Promise<TestVisitor> {
  const v = new TestVisitor(worker, ip);
  await v.visit('/api/commerce/shopping-cart');
  const variant = await variantOf(worker.db, sku);
  expect((await addOne(v, variant.itemId, sku, quantity)).status).toBe(200);
  return v;
}

describe('placing an order with the test card', () => {
  it('answers 201 with the order priced on the server, takes the stock, ends the cart and queues the mail', async () => {
    await setStock(worker.db, 'FK-MUG-08-OAT', 10);
    const v = await shopperWith('FK-MUG-08-OAT', 2);
    const res = await placeOrder(v, { extra: { shippingOptionId: 'us-standard' } });
    expect(res.status).toBe(201);
    const order = res.json.order;
    expect(order.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(order.testMode).toBe(true);
    expect(order.items).toEqual([expect.objectContaining({ sku: 'FK-MUG-08-OAT', quantity: 2, unitPrice: 3600 })]);
    // 7200 subtotal, US standard 800 (free only from 7500), no Oregon tax.
    expect([order.subtotal, order.shippingTotal, order.taxTotal, order.grandTotal]).toEqual([7200, 800, 0, 8000]);
    expect(await stockOf('FK-MUG-08-OAT')).toBe(8);
    expect(await heldNow(worker.db, 'FK-MUG-08-OAT')).toBe(0);
    expect(v.cookie('hasCart')).toBeUndefined();
    const cart = await v.send('GET', '/api/commerce/shopping-cart');
    expect(cart.json.shoppingCart.entries).toEqual([]);
    expect(await count(`SELECT COUNT(*) AS n FROM carts WHERE id = ? AND is_purchased = 1 AND order_id = ?`, order.purchasedCartId, order.id)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'captured' AND amount_cents = 8000`, order.id)).toBe(1);
    const mail = await worker.db.prepare(`SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'order-confirmation' AND to_address = 'ada@example.com' ORDER BY created_on DESC`).first<{ subject: string; text: string }>();
    expect(mail!.subject).toContain(`#${order.orderNumber}`);
    expect(mail!.text).toMatch(/\/order-status\?order=[^&]+&token=[A-Za-z0-9_-]{32}/);
  });

  it('numbers orders per site one after another', async () => {
    const a = await placeOrder(await shopperWith('FK-INC-01'));
    const b = await placeOrder(await shopperWith('FK-INC-01'));
    expect(b.json.order.orderNumber).toBe(a.json.order.orderNumber + 1);
  });

  it('adds New York tax on goods and shipping and takes WELCOME10 off the goods', async () => {
    const v = await shopperWith('FK-MUG-08-CEL');
    const res = await placeOrder(v, { address: ADDRESS_NY, extra: { coupons: ['welcome10'], shippingOptionId: 'us-standard' } });
    expect(res.status).toBe(201);
    const o = res.json.order;
    // 3600 − 360 = 3240; shipping 800; tax 8.88 % of 4040 = 358.752 -> 359 (half up).
    expect([o.subtotal, o.discountTotal, o.shippingTotal, o.taxTotal, o.grandTotal]).toEqual([3600, 360, 800, 359, 4399]);
    expect(o.coupons).toEqual(['WELCOME10']);
    expect(await count(`SELECT times_used AS n FROM coupons WHERE code = 'WELCOME10'`)).toBe(1);
  });

  it('returns the same order for the same Idempotency-Key, never a second one', async () => {
    const v = await shopperWith('FK-TUM-SEA');
    const key = randomUUID();
    const first = await placeOrder(v, { key });
    const again = await placeOrder(v, { key });
    expect(first.status).toBe(201);
    expect(again.json.order.id).toBe(first.json.order.id);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE purchased_cart_id = ?', first.json.order.purchasedCartId)).toBe(1);
    // Another visitor cannot read that order through the key.
    const stranger = await shopperWith('FK-TUM-SEA');
    expect((await placeOrder(stranger, { key })).status).toBe(422);
  });
});

describe('refusals leave stock, cart and orders as they were', () => {
  it.each([
    [CARDS.declined, 'card_declined', 'Your card was declined.'],
    [CARDS.noFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('card %s -> 402 with the provider message', async (card, code, message) => {
    await setStock(worker.db, 'FK-RMN-TEN', 5);
    const v = await shopperWith('FK-RMN-TEN', 2);
    const orders = await count('SELECT COUNT(*) AS n FROM orders');
    const res = await placeOrder(v, { card });
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ error: code, message });
    expect(await stockOf('FK-RMN-TEN')).toBe(5);
    expect(await heldNow(worker.db, 'FK-RMN-TEN')).toBe(2);
    expect(await count('SELECT COUNT(*) AS n FROM orders')).toBe(orders);
    const cart = await v.send('GET', '/api/commerce/shopping-cart');
    expect(cart.json.shoppingCart.totalQuantity).toBe(2);
    // The same key may be used again after a refusal.
    expect((await placeOrder(v, { key: 'retry-after-decline-' + code })).status).toBe(201);
  });

  it('409 with the SPEC text when the stock ran out before checkout', async () => {
    await setStock(worker.db, 'FK-PLN-4', 3);
    const v = await shopperWith('FK-PLN-4', 2);
    await setStock(worker.db, 'FK-PLN-4', 1);
    const res = await placeOrder(v);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'insufficient_stock', message: STOCK_TEXT });
    expect(await stockOf('FK-PLN-4')).toBe(1);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(2);
  });

  it('a D1 failure while recording the order refunds the payment and puts everything back', async () => {
    await setStock(worker.db, 'FK-PIT-01', 3);
    const v = await shopperWith('FK-PIT-01');
    const orders = await count('SELECT COUNT(*) AS n FROM orders');
    await worker.db.prepare(`CREATE TRIGGER inject_order_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const key = randomUUID();
    const res = await placeOrder(v, { key });
    await worker.db.prepare('DROP TRIGGER inject_order_failure').run();
    expect(res.status).toBe(503);
    expect(await count('SELECT COUNT(*) AS n FROM orders')).toBe(orders);
    expect(await count('SELECT COUNT(*) AS n FROM order_counters WHERE last_number > 0')).toBeGreaterThan(0);
    expect(await stockOf('FK-PIT-01')).toBe(3);
    expect(await heldNow(worker.db, 'FK-PIT-01')).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND status = 'refunded'`)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations')).toBe(0);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
    // Nothing half-written: the same key now places the order.
    const retry = await placeOrder(v, { key });
    expect(retry.status).toBe(201);
    expect(await stockOf('FK-PIT-01')).toBe(2);
  });

  it('a failure while securing stock of a second line leaves the first line untouched', async () => {
    await setStock(worker.db, 'FK-NBW-S', 4);
    await setStock(worker.db, 'FK-NBW-M', 4);
    const v = await shopperWith('FK-NBW-S', 2);
    const m = await variantOf(worker.db, 'FK-NBW-M');
    expect((await addOne(v, m.itemId, 'FK-NBW-M', 2)).status).toBe(200);
    await setStock(worker.db, 'FK-NBW-M', 1);
    expect((await placeOrder(v)).status).toBe(409);
    expect(await stockOf('FK-NBW-S')).toBe(4);
    expect(await stockOf('FK-NBW-M')).toBe(1);
  });
});

describe('validation', () => {
  it('400 without an Idempotency-Key, 400 with fields for a bad body, 422 with the SPEC postcode text', async () => {
    const v = await shopperWith('FK-SALT-01');
    const noKey = await v.send('POST', '/api/commerce/orders', { email: 'a@b.test', payment: { provider: 'test', card: { number: CARDS.ok, expMonth: 1, expYear: 2030, cvc: '1' } } });
    expect(noKey.status).toBe(400);
    const bad = await placeOrder(v, { extra: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.email).toBe('Enter a valid email address.');
    const zip = await placeOrder(v, { address: { ...ADDRESS_OR, postalCode: '9720' } });
    expect(zip.status).toBe(422);
    expect(zip.json.fields['shippingAddress.postalCode']).toBe('ZIP Codes need to be 5 digits.');
    const noAddress = await placeOrder(v, { address: undefined });
    expect(noAddress.status).toBe(422);
    expect(noAddress.json.fields.shippingAddress).toBeTruthy();
    const noCrumb = await v.send('POST', '/api/commerce/orders', {}, { crumb: false, headers: { 'Idempotency-Key': randomUUID() } });
    expect(noCrumb.status).toBe(401);
    expect(noCrumb.json.error).toBe('crumb_fail');
  });

  it('422 for an empty cart', async () => {
    const v = new TestVisitor(worker, '198.51.100.21');
    await v.visit('/api/commerce/shopping-cart');
    expect((await placeOrder(v)).json.error).toBe('cart_empty');
  });
});

async function placeWithRetry(v: TestVisitor, key: string) {
  for (let attempt = 0; ; attempt++) {
    const answer = await placeOrder(v, { key }).catch((err: unknown) => (attempt < 5 ? undefined : Promise.reject(err)));
    if (answer && answer.json?.error !== 'order_in_progress') return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('200 concurrent checkouts for 50 units', () => {
  it('places exactly 50 orders, refuses 150 with a clean 409, and stock ends at 0, never below', async () => {
    const sku = 'FK-MUG-12-OAT';
    await setStock(worker.db, sku, 200);
    const variant = await variantOf(worker.db, sku);
    const crowd = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const v = new TestVisitor(worker, `203.0.113.${i % 4}`);
        await v.visit('/api/commerce/shopping-cart');
        expect((await addOne(v, variant.itemId, sku)).status).toBe(200);
        return v;
      }),
    );
    // Holds expire, and the stock drops to 50: the race is decided at checkout.
    await worker.db.prepare('UPDATE stock_holds SET expires_on = 1 WHERE variant_id = ?').bind(variant.variantId).run();
    await setStock(worker.db, sku, 50);
    // All 200 start at once. Miniflare's loopback sometimes resets a connection under this
    // load; the shopper's retry sends the same Idempotency-Key, which is what keys are for.
    const answers = await Promise.all(crowd.map((v) => placeWithRetry(v, randomUUID())));
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.json).toEqual({ error: 'insufficient_stock', message: STOCK_TEXT });
    expect(await stockOf(sku)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM order_lines WHERE sku = ?', sku)).toBe(50);
    const numbers = placed.map((a) => a.json.order.orderNumber);
    expect(new Set(numbers).size).toBe(50);
  });
});

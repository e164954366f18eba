/**
 * Orders whose request died mid-way (docs/crash-safety.md): each leftover kind is written
 * as a dead request leaves it (the key row's steps, the stock taken, the reservation),
 * then either the shopper's retry with the key after the lease or the Cron reconciler
 * (the scheduled handler, every minute) finishes or undoes it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';
import { addOne, placeOrder } from './test-checkout.js';
import { balanceOf, seedGiftCard } from './test-gift-cards.js';
import { shopper, subscriptionCart } from './test-subscription.js';
import type { Answer } from './test-visitor.js';

let worker: RunningWorker;
let site: string;
beforeAll(async () => {
  worker = await startWorker();
  site = (await worker.db.prepare('SELECT id FROM websites LIMIT 1').first<{ id: string }>())!.id;
});
afterAll(() => worker?.dispose());

const SKU = 'FK-MUG-08-OAT';
// 2 × 3600 and US standard shipping (800), no Oregon tax.
const GRAND_TOTAL = 8000;
const stockOf = async () => (await variantOf(worker.db, SKU)).qtyInStock;
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

interface Leftover {
  shopper: TestVisitor;
  key: string;
  attemptId: string;
}

/**
 * A shopper with 2 mugs in the cart whose order request died after `step`: the key row as
 * the request left it (its lease already over) and, from `secured` on, the units taken
 * from stock under the attempt.
 */
async function leftover(step: 'claimed' | 'secured' | 'paid', gift?: { id: string; cents: number }): Promise<Leftover> {
  const shopper = new TestVisitor(worker, '198.51.100.60');
  await shopper.visit('/api/commerce/shopping-cart');
  const variant = await variantOf(worker.db, SKU);
  expect((await addOne(shopper, variant.itemId, SKU, 2)).status).toBe(200);
  const key = randomUUID();
  const attemptId = `dead-${randomUUID()}`;
  const requester = createHash('sha256').update(`requester:${shopper.cookie('crumb')}`).digest('hex');
  const now = Date.now();
  const statements = [
    worker.db
      .prepare(
        `INSERT INTO idempotency_keys (website_id, key, requester_hash, created_on, lease_until, attempt_id, coupon_ids, secured_on, paid_on, payment_provider, payment_ref, paid_cents, currency)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
      )
      .bind(
        site, key, requester, now - 5000, now - 1000,
        step === 'claimed' ? null : attemptId, step === 'claimed' ? null : '[]', step === 'claimed' ? null : now - 4000,
        step === 'paid' ? now - 3000 : null, step === 'paid' ? 'test' : null, step === 'paid' ? `test_${attemptId}_1` : null, step === 'paid' ? GRAND_TOTAL - (gift?.cents ?? 0) : null, step === 'paid' ? 'USD' : null,
      ),
  ];
  if (step !== 'claimed') {
    statements.push(
      worker.db.prepare('UPDATE variants SET qty_in_stock = qty_in_stock - 2 WHERE id = ?').bind(variant.variantId),
      worker.db.prepare('INSERT INTO stock_reservations (attempt_id, variant_id, quantity) VALUES (?, ?, 2)').bind(attemptId, variant.variantId),
      worker.db.prepare('DELETE FROM stock_holds WHERE variant_id = ?').bind(variant.variantId),
    );
    // The gift card paid first: its draw was secured with the stock.
    if (gift) {
      statements.push(
        worker.db.prepare('UPDATE gift_cards SET balance_cents = balance_cents - ? WHERE id = ?').bind(gift.cents, gift.id),
        worker.db.prepare('INSERT INTO gift_card_redemptions (attempt_id, website_id, gift_card_id, amount_cents, created_on) VALUES (?, ?, ?, ?, ?)').bind(attemptId, site, gift.id, gift.cents, now - 4000),
      );
    }
  }
  await worker.db.batch(statements);
  return { shopper, key, attemptId };
}

const order = (l: Leftover) => placeOrder(l.shopper, { key: l.key, extra: { shippingOptionId: 'us-standard' } });
const keyRow = (key: string) => worker.db.prepare('SELECT order_id, attempt_id, paid_on FROM idempotency_keys WHERE key = ?').bind(key).first();

async function cron(): Promise<void> {
  expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
  // The worker's console arrives a moment after the outcome: a marker request logs after the run.
  await worker.fetch('/healthz');
}

describe('a retry with the key after the lease', () => {
  it('nothing done: starts over and places the order', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('claimed');
    const res = await order(l);
    expect(res.status).toBe(201);
    expect(await stockOf()).toBe(8);
    expect((await order(l)).json.order.id).toBe(res.json.order.id);
  });

  it('a key still leased answers 409 order_in_progress', async () => {
    const l = await leftover('claimed');
    await worker.db.prepare('UPDATE idempotency_keys SET lease_until = ? WHERE key = ?').bind(Date.now() + 60_000, l.key).run();
    const res = await order(l);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('order_in_progress');
  });

  it('stock secured, not paid: takes the payment for the units already reserved and records the order', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('secured');
    expect(await stockOf()).toBe(8);
    const res = await order(l);
    expect(res.status).toBe(201);
    // The reserved units became the order's: none taken twice.
    expect(await stockOf()).toBe(8);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations WHERE attempt_id = ?', l.attemptId)).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_ref LIKE ?`, res.json.order.id, `test_${l.attemptId}_%`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'order-confirmation' AND subject LIKE ?`, `%order #${res.json.order.orderNumber} confirmed`)).toBe(1);
  });

  it('paid, no order: records the order with the payment taken, never charging again', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('paid');
    const res = await order(l);
    expect(res.status).toBe(201);
    expect(await stockOf()).toBe(8);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_ref = ? AND status = 'captured'`, res.json.order.id, `test_${l.attemptId}_1`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref LIKE ?`, `test_${l.attemptId}_%`)).toBe(1);
    expect((await keyRow(l.key))!.order_id).toBe(res.json.order.id);
  });

  it('paid, and the order cannot be written: refunds the payment, puts the stock back and frees the key', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('paid');
    await worker.db.prepare(`CREATE TRIGGER inject_recovery_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const res = await order(l).finally(() => worker.db.prepare('DROP TRIGGER inject_recovery_failure').run());
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('service_unavailable');
    expect(await stockOf()).toBe(10);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded' AND amount_cents = ?`, `test_${l.attemptId}_1`, GRAND_TOTAL)).toBe(1);
    expect(await keyRow(l.key)).toBeNull();
    // The shopper's next try with the key places the order afresh.
    expect((await order(l)).status).toBe(201);
  });

  it('paid for a different total (the cart changed): refunds that payment and starts over', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('paid');
    await worker.db.prepare('UPDATE idempotency_keys SET paid_cents = 1 WHERE key = ?').bind(l.key).run();
    const res = await order(l);
    expect(res.status).toBe(201);
    expect(await stockOf()).toBe(8);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded'`, `test_${l.attemptId}_1`)).toBe(1);
  });
});

describe('a retry of an attempt that drew on a gift card (issue 35)', () => {
  const GIFT = 3000;
  const withGift = (l: Leftover, code: string | undefined) => placeOrder(l.shopper, { key: l.key, extra: { shippingOptionId: 'us-standard', ...(code ? { giftCardCode: code } : {}) } });
  const redemption = (attemptId: string) =>
    worker.db.prepare('SELECT r.order_id AS orderId, r.amount_cents AS cents, o.gift_card_cents AS orderCents FROM gift_card_redemptions r LEFT JOIN orders o ON o.id = r.order_id WHERE r.attempt_id = ?').bind(attemptId).first();

  it('paid with the gift card and a card, no order: records the order with both payments taken, no refund, no second charge', async () => {
    await setStock(worker.db, SKU, 10);
    const card = await seedGiftCard(worker.db, GIFT);
    const l = await leftover('paid', { id: card.id, cents: GIFT });
    const res = await withGift(l, card.code);
    expect(res.status).toBe(201);
    expect(await stockOf()).toBe(8);
    // The card was drawn once, by the dead attempt, and that draw paid this order.
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    expect(await redemption(l.attemptId)).toEqual({ orderId: res.json.order.id, cents: GIFT, orderCents: GIFT });
    // The card payment the dead attempt took is the order's; nothing refunded, nothing charged again.
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_ref = ? AND status = 'captured' AND amount_cents = ?`, res.json.order.id, `test_${l.attemptId}_1`, GRAND_TOTAL - GIFT)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref LIKE 'test_%' AND (order_id = ? OR provider_ref LIKE ?) AND provider <> 'gift-card'`, res.json.order.id, `test_${l.attemptId}_%`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'refunded'`, `test_${l.attemptId}_1`)).toBe(0);
  });

  it('stock secured and the gift card drawn, not paid: charges the card only the rest and settles the same draw', async () => {
    await setStock(worker.db, SKU, 10);
    const card = await seedGiftCard(worker.db, GIFT);
    const l = await leftover('secured', { id: card.id, cents: GIFT });
    const res = await withGift(l, card.code);
    expect(res.status).toBe(201);
    expect(await stockOf()).toBe(8);
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    expect(await redemption(l.attemptId)).toEqual({ orderId: res.json.order.id, cents: GIFT, orderCents: GIFT });
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'test' AND amount_cents = ?`, res.json.order.id, GRAND_TOTAL - GIFT)).toBe(1);
  });

  it('a retry without the gift card puts the dead attempt\'s draw back and the card pays it all', async () => {
    await setStock(worker.db, SKU, 10);
    const card = await seedGiftCard(worker.db, GIFT);
    const l = await leftover('secured', { id: card.id, cents: GIFT });
    const res = await withGift(l, undefined);
    expect(res.status).toBe(201);
    // Before issue 35's fix the draw stayed taken by an order that never used it.
    expect(await balanceOf(worker.db, card.id)).toBe(GIFT);
    expect(await redemption(l.attemptId)).toBeNull();
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'test' AND amount_cents = ?`, res.json.order.id, GRAND_TOTAL)).toBe(1);
  });
});

describe('the Cron reconciler', () => {
  it('frees a key claimed by a request that died before doing anything', async () => {
    const l = await leftover('claimed');
    await cron();
    expect(await keyRow(l.key)).toBeNull();
    expect(worker.logs.some((line) => /^order recovery: released [1-9]\d* unfinished order keys/.test(line.message))).toBe(true);
  });

  it('puts back the stock a dead request secured and frees its key', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('secured');
    expect(await stockOf()).toBe(8);
    await cron();
    expect(await stockOf()).toBe(10);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations WHERE attempt_id = ?', l.attemptId)).toBe(0);
    expect(await keyRow(l.key)).toBeNull();
    // The shopper's retry then places the order once.
    expect((await order(l)).status).toBe(201);
    expect(await stockOf()).toBe(8);
  });

  it('refunds the payment of a dead request whose key kept no order facts (a key from before them), and puts its stock back', async () => {
    await setStock(worker.db, SKU, 10);
    const l = await leftover('paid');
    await cron();
    expect(await stockOf()).toBe(10);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded' AND amount_cents = ?`, `test_${l.attemptId}_1`, GRAND_TOTAL)).toBe(1);
    expect(await keyRow(l.key)).toBeNull();
    expect(worker.logs.some((line) => /^order recovery: .*refunded [1-9]/.test(line.message))).toBe(true);
  });

  it('sends again a refund a crash cut short (still refunding a lease later)', async () => {
    const ref = `test_cut-${randomUUID()}`;
    await worker.db
      .prepare(`INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on) VALUES (?, ?, NULL, 'test', ?, 500, 'USD', 'refunding', ?)`)
      .bind(randomUUID(), site, ref, Date.now() - 600_000)
      .run();
    await cron();
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'refunded'`, ref)).toBe(1);
  });

  it('leaves keys still leased and keys with an order alone', async () => {
    const l = await leftover('secured');
    await worker.db.prepare('UPDATE idempotency_keys SET lease_until = ? WHERE key = ?').bind(Date.now() + 60_000, l.key).run();
    await cron();
    expect((await keyRow(l.key))!.attempt_id).toBe(l.attemptId);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations WHERE attempt_id = ?', l.attemptId)).toBe(1);
  });
});

/**
 * Places an order whose key row loses its lease right after the payment is recorded on it
 * (a trigger ends the lease in the same write): the request can no longer record the order
 * and answers 409, leaving the attempt paid with its stock reserved, exactly as a request
 * killed after the payment leaves it, but through the real code up to that step.
 */
async function diedAfterPayment(place: () => Promise<Answer>): Promise<{ attemptId: string; paymentRef: string }> {
  await worker.db
    .prepare(
      `CREATE TRIGGER die_after_payment AFTER UPDATE OF paid_on ON idempotency_keys WHEN OLD.paid_on IS NULL AND NEW.paid_on IS NOT NULL
       BEGIN UPDATE idempotency_keys SET lease_until = 0 WHERE website_id = NEW.website_id AND key = NEW.key; END`,
    )
    .run();
  const res = await place().finally(() => worker.db.prepare('DROP TRIGGER die_after_payment').run());
  expect(res.status).toBe(409);
  const row = await worker.db.prepare('SELECT attempt_id AS attemptId, payment_ref AS paymentRef FROM idempotency_keys WHERE lease_until = 0 AND order_id IS NULL AND paid_on IS NOT NULL ORDER BY paid_on DESC LIMIT 1')
    .first<{ attemptId: string; paymentRef: string }>();
  expect(row?.paymentRef).toMatch(/^test_/);
  return row!;
}

describe('a subscription checkout paid before its request died (issue 35)', () => {
  it('resumes on the retry with the saved card kept on the key: one charge, one subscription, and replays it after', async () => {
    const v = await shopper(worker, '198.51.100.71');
    const cartToken = await subscriptionCart(v, worker.db);
    const key = randomUUID();
    const email = `resume-${randomUUID().slice(0, 8)}@example.com`;
    const place = () => placeOrder(v, { key, address: undefined, extra: { cartToken, email } });
    const dead = await diedAfterPayment(place);
    const res = await place();
    expect(res.status).toBe(201);
    const orderId = res.json.order.id;
    // The payment the dead request took is the order's: never refunded, never taken twice.
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref LIKE ?`, `test_${dead.attemptId}_%`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_ref = ? AND status = 'captured'`, orderId, dead.paymentRef)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE status IN ('refunded', 'refunding', 'refund_failed') AND provider_ref LIKE ?`, `test_${dead.attemptId}_%`)).toBe(0);
    // One subscription, renewing on the card saved by that payment.
    const subs = (await worker.db.prepare('SELECT first_order_id AS firstOrderId, payment_ref AS ref FROM subscriptions WHERE email = ?').bind(email).all<{ firstOrderId: string; ref: string }>()).results;
    expect(subs).toHaveLength(1);
    expect(subs[0]!.firstOrderId).toBe(orderId);
    expect(subs[0]!.ref).toMatch(/^pm_test_4242_/);
    const again = await place();
    expect(again.status).toBe(201);
    expect(again.json.order.id).toBe(orderId);
    expect(await count('SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?', email)).toBe(1);
  });
});

describe('the Cron reconciler and a paid attempt (issue 35)', () => {
  const paidLeftover = async () => {
    await setStock(worker.db, SKU, 10);
    const v = new TestVisitor(worker, '198.51.100.72');
    await v.visit('/api/commerce/shopping-cart');
    const variant = await variantOf(worker.db, SKU);
    expect((await addOne(v, variant.itemId, SKU, 2)).status).toBe(200);
    const key = randomUUID();
    const email = `finish-${randomUUID().slice(0, 8)}@example.com`;
    const place = () => placeOrder(v, { key, extra: { shippingOptionId: 'us-standard', email } });
    const dead = await diedAfterPayment(place);
    expect(await stockOf()).toBe(8);
    return { ...dead, key, email, place };
  };
  const mails = (to: string, kind: string) => count('SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = ?', to, kind);

  it('finishes it from the facts on its key: the order with its lines, payment and confirmation mail, the units sold, nothing refunded', async () => {
    const l = await paidLeftover();
    await cron();
    const orderId = ((await keyRow(l.key)) as { order_id: string | null }).order_id;
    expect(orderId).toBeTruthy();
    const order = await worker.db.prepare('SELECT email, grand_total_cents AS total, shipping_address AS address FROM orders WHERE id = ?').bind(orderId).first<{ email: string; total: number; address: string }>();
    expect(order).toMatchObject({ email: l.email, total: GRAND_TOTAL });
    expect(JSON.parse(order!.address)).toMatchObject({ country: 'US' });
    expect(await count('SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines WHERE order_id = ?', orderId)).toBe(2);
    expect(await stockOf()).toBe(8);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations WHERE attempt_id = ?', l.attemptId)).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_ref = ? AND status = 'captured' AND amount_cents = ?`, orderId, l.paymentRef, GRAND_TOTAL)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref LIKE ?`, `test_${l.attemptId}_%`)).toBe(1);
    expect(await mails(l.email, 'order-confirmation')).toBe(1);
    expect(worker.logs.some((line) => /^order recovery: .*finished [1-9]\d* paid orders/.test(line.message))).toBe(true);
    // The shopper's retry with the key answers that order.
    const retry = await l.place();
    expect(retry.status).toBe(201);
    expect(retry.json.order.id).toBe(orderId);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('refunds it when its units are gone, and mails the shopper why', async () => {
    const l = await paidLeftover();
    // The reserved units went back to stock (and may be sold): the order cannot be finished.
    await worker.db.batch([
      worker.db.prepare('DELETE FROM stock_reservations WHERE attempt_id = ?').bind(l.attemptId),
      worker.db.prepare('UPDATE variants SET qty_in_stock = qty_in_stock + 2 WHERE sku = ?').bind(SKU),
    ]);
    await cron();
    expect(await keyRow(l.key)).toBeNull();
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded' AND amount_cents = ?`, l.paymentRef, GRAND_TOTAL)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ?', l.email)).toBe(0);
    expect(await mails(l.email, 'order-unfinished')).toBe(1);
    const text = (await worker.db.prepare(`SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'order-unfinished'`).bind(l.email).first<{ text: string }>())!.text;
    expect(text).toContain('We are refunding the full 80.00 USD');
    expect(await stockOf()).toBe(10);
  });

  it('refunds it when the order cannot be written, puts the units back and mails the shopper', async () => {
    const l = await paidLeftover();
    await worker.db.prepare(`CREATE TRIGGER inject_finish_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    await cron().finally(() => worker.db.prepare('DROP TRIGGER inject_finish_failure').run());
    expect(await keyRow(l.key)).toBeNull();
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded'`, l.paymentRef)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ?', l.email)).toBe(0);
    expect(await stockOf()).toBe(10);
    expect(await mails(l.email, 'order-unfinished')).toBe(1);
  });
});

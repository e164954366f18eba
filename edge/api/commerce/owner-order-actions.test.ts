import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { ADDRESS_NY, ADDRESS_OR, addOne, placeOrder } from './test-checkout.js';
import { balanceOf, placeGiftOrder, seedGiftCard } from './test-gift-cards.js';
import { TestVisitor } from './test-visitor.js';
import { ownerSessions, type OwnerSession } from './test-owner.js';

/**
 * The owner's order actions over HTTP on the real worker (owner-order-actions.ts): fulfil
 * with carrier and tracking, pick up, cancel (a partly fulfilled order too), refund (over
 * the paid amount, retried, raced), the gift-card part back to the card, notes, the
 * timeline, and what the shopper gets (mails, the order-status page).
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
let ip = 0;

beforeAll(async () => {
  worker = await startWorker();
  as = await ownerSessions(worker, 'orderops');
  await setStock(worker.db, 'FK-MUG-08-OAT', 500);
}, 60_000);
afterAll(() => worker?.dispose());

const API = '/api/commerce/owner/orders';
const ANSWERS = { 'attendee-name': ['Grace', 'Hopper'], experience: 'Never', notes: 'Left-handed <b>' };

/** A shopper's order: `mugs` mugs (physical) and, with `session`, a private session with additional fields. */
async function order(mugs: number, o: { session?: boolean; email?: string; address?: Record<string, string>; coupons?: string[] } = {}) {
  const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
  await v.visit('/api/commerce/shopping-cart');
  const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
  if (mugs) expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', mugs)).status).toBe(200);
  if (o.session) {
    const s = await variantOf(worker.db, 'FK-PRIV-2H');
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: s.itemId, sku: 'FK-PRIV-2H', quantity: 1, additionalFields: JSON.stringify(ANSWERS) })).status).toBe(200);
  }
  const extra = { email: o.email ?? 'buyer@example.com', ...(mugs ? { shippingOptionId: 'us-standard' } : {}), ...(o.coupons ? { coupons: o.coupons } : {}) };
  const res = await placeOrder(v, { address: o.address ?? ADDRESS_OR, extra });
  expect(res.json?.message ?? res.status).toBe(201);
  return res.json.order as {
    id: string; orderNumber: number; grandTotal: number; subtotal: number; discountTotal: number; taxTotal: number; shippingTotal: number;
    items: { lineId: string; sku: string; quantity: number; unitPrice: number }[];
  };
}

/** An owner write with an optional Idempotency-Key. */
async function send(who: OwnerSession, path: string, body: unknown, key?: string) {
  const res = await worker.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: who.signed!.cookie, 'X-CSRF-Token': who.signed!.xsrfToken, ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
}
const admin = () => as.admin;
const detail = async (n: number) => (await as.admin.get(`${API}/${n}`)).json;
const mails = (email: string, kind: string) =>
  worker.db.prepare('SELECT subject, text_body AS text, html_body AS html FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY created_on').bind(email, kind).all<{ subject: string; text: string; html: string }>().then((r) => r.results);
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const stock = async () => (await variantOf(worker.db, 'FK-MUG-08-OAT')).qtyInStock;

describe('additionalFields on orders (issue 33 gap)', () => {
  it('copies the cart entry answers to the order line, the owner view and the confirmation mail (escaped in HTML)', async () => {
    const o = await order(0, { session: true, email: 'fields@example.com' });
    const line = (await detail(o.orderNumber)).order.items[0];
    expect(line.additionalFields).toEqual(ANSWERS);
    expect(line.fieldAnswers).toEqual([{ label: 'attendee-name', value: 'Grace Hopper' }, { label: 'experience', value: 'Never' }, { label: 'notes', value: 'Left-handed <b>' }]);
    const [mail] = await mails('fields@example.com', 'order-confirmation');
    expect(mail!.text).toContain('attendee-name: Grace Hopper');
    expect(mail!.html).toContain('notes: Left-handed &#60;b&#62;');
    expect(mail!.html).not.toContain('<b>');
  });
});

describe('fulfilment', () => {
  it('fulfils some units with carrier and tracking: lines move, the shopper gets the shipping mail, a retry with the key fulfils once', async () => {
    const o = await order(3, { session: true, email: 'ship@example.com' });
    const mugLine = o.items.find((l) => l.sku === 'FK-MUG-08-OAT')!;
    const key = randomUUID();
    const body = { lines: [{ lineId: mugLine.lineId, quantity: 2 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const first = await send(admin(), `${API}/${o.orderNumber}/fulfilments`, body, key);
    expect(first.status).toBe(201);
    expect(first.json.fulfilment).toMatchObject({ kind: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [{ lineId: mugLine.lineId, quantity: 2 }], createdBy: expect.stringContaining('@') });
    const again = await send(admin(), `${API}/${o.orderNumber}/fulfilments`, body, key);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ replay: true, fulfilment: { id: first.json.fulfilment.id } });
    const d = await detail(o.orderNumber);
    expect(d.order.items.find((l: any) => l.lineId === mugLine.lineId)).toMatchObject({ quantity: 3, fulfilledQuantity: 2 });
    expect(d.fulfilments).toHaveLength(1);
    const shipped = await mails('ship@example.com', 'order-shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.subject).toContain(`order #${o.orderNumber} has shipped`);
    expect(shipped[0]!.text).toContain('2 × Speckled Stoneware Mug');
    expect(shipped[0]!.text).toContain('Tracking number: 1Z999AA10123456784');
    // Review requests (issue 33 gap), each with a signed link and held back for the site's delay (7 days by default):
    // the session (a service) was asked about with the purchase, the mug at its first fulfilment.
    const asked = await mails('ship@example.com', 'review-request');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.text).toContain('Private Studio Session');
    expect(asked[0]!.text).not.toContain('Mug');
    expect(asked[1]!.text).toContain(`Thank you for your order #${o.orderNumber}.`);
    expect(asked[1]!.text).toContain('Speckled Stoneware Mug');
    expect(asked[1]!.text).toMatch(/\/reviews\/request\?token=[\w-]+\.[\w-]+/);
    const waits = await worker.db.prepare("SELECT send_after - created_on AS wait FROM mail_outbox WHERE to_address = 'ship@example.com' AND kind = 'review-request'").all<{ wait: number }>();
    expect(waits.results).toEqual([{ wait: 7 * 86_400_000 }, { wait: 7 * 86_400_000 }]);
    // More units than are left: refused, nothing moves.
    const over = await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { lines: [{ lineId: mugLine.lineId, quantity: 2 }] });
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ error: 'too_many_units', message: 'That is more units than are left to fulfil.' });
    // The rest (one mug and the session) by pickup: every open unit when no lines are named.
    const rest = await send(admin(), `${API}/${o.orderNumber}/pickup`, {});
    expect(rest.status).toBe(201);
    expect(rest.json.fulfilment.lines).toHaveLength(2);
    expect(await mails('ship@example.com', 'order-picked-up')).toHaveLength(1);
    // Both were asked about already: the pickup asks nothing more.
    expect(await mails('ship@example.com', 'review-request')).toHaveLength(2);
    const none = await send(admin(), `${API}/${o.orderNumber}/pickup`, {});
    expect(none.status).toBe(409);
    expect(none.json.error).toBe('nothing_to_fulfil');
    // The automations' order.fulfilled event: one per fulfilment (the replay and the refusals wrote none).
    const events = await worker.db
      .prepare("SELECT json_extract(payload, '$.kind') AS kind, json_extract(payload, '$.trackingNumber') AS tracking FROM webhook_events WHERE type = 'order.fulfilled' AND json_extract(payload, '$.orderNumber') = ? ORDER BY created_on, rowid")
      .bind(o.orderNumber)
      .all<{ kind: string; tracking: string | null }>();
    expect(events.results).toEqual([{ kind: 'shipped', tracking: '1Z999AA10123456784' }, { kind: 'picked_up', tracking: null }]);
  });

  it('the shopper’s order-status page lists the shipment with carrier and tracking number', async () => {
    const o = await order(1, { email: 'status@example.com' });
    const [confirmation] = await mails('status@example.com', 'order-confirmation');
    const link = /https?:\/\/[^/\s]+(\/order-status\?\S+)/.exec(confirmation!.text)![1]!;
    expect((await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { carrier: 'USPS', trackingNumber: '9400 1000 <x>' })).status).toBe(201);
    const page = await (await worker.fetch(link)).text();
    expect(page).toContain('<span class="order-carrier">USPS</span>');
    expect(page).toContain('<span class="order-tracking">9400 1000 &lt;x&gt;</span>');
    expect(page).toMatch(/class="order-totals"/);
  });

  it('validates lines and quantities, refuses unknown orders, other roles and missing crumbs', async () => {
    const o = await order(1);
    const bad = await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { lines: [{ lineId: 'nope', quantity: 1 }] });
    expect(bad.status).toBe(422);
    const zero = await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { lines: [{ lineId: o.items[0]!.lineId, quantity: 0 }] });
    expect(zero.status).toBe(400);
    expect(zero.json.fields).toBeDefined();
    expect((await send(admin(), `${API}/999999/fulfilments`, {})).status).toBe(404);
    const reporter = await send(as.reporter, `${API}/${o.orderNumber}/fulfilments`, {});
    expect(reporter.status).toBe(403);
    const manager = await send(as.manager, `${API}/${o.orderNumber}/notes`, { body: 'Manager was here' });
    expect(manager.status).toBe(201);
    const noCrumb = await worker.fetch(`${API}/${o.orderNumber}/fulfilments`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: as.admin.signed!.cookie }, body: '{}' });
    expect(noCrumb.status).toBe(401);
    expect(await noCrumb.json()).toMatchObject({ crumbFail: true });
    expect(await count('SELECT COUNT(*) AS n FROM order_fulfilments WHERE order_id = ?', o.id)).toBe(0);
  });
});

describe('refunds', () => {
  it('refuses a refund above what was paid with the amount left, refunds part, then at most the rest', async () => {
    const o = await order(3, { email: 'refund@example.com' });
    expect(o.grandTotal).toBe(10800);
    const over = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 10801 }, randomUUID());
    expect(over.status).toBe(422);
    expect(over.json).toMatchObject({ error: 'refund_too_large', message: 'The refund is more than what is left to refund. You can refund at most 108.00 USD.', fields: { amountCents: expect.any(String) }, refundable: 10800 });
    const part = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 3600, reason: 'Chipped' }, randomUUID());
    expect(part.status).toBe(201);
    expect(part.json.refund).toMatchObject({ amount: 3600, toPaymentMethod: 3600, toGiftCard: 0, status: 'succeeded', reason: 'Chipped' });
    const tooMuchNow = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 7201 }, randomUUID());
    expect(tooMuchNow.json.message).toContain('at most 72.00 USD');
    const d = await detail(o.orderNumber);
    expect(d.refundable).toBe(7200);
    expect(d.order.status).toBe('partially_refunded');
    const [mail] = await mails('refund@example.com', 'order-refunded');
    expect(mail!.text).toContain(`We refunded 36.00 USD for your order #${o.orderNumber}.`);
    const rest = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 7200 }, randomUUID());
    expect(rest.status).toBe(201);
    expect((await detail(o.orderNumber)).order.status).toBe('refunded');
    const nothing = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 1 }, randomUUID());
    expect(nothing.json.message).toBe('Nothing is left to refund on this order.');
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'refunded'`, o.id)).toBe(1);
  });

  it('a retried request (same Idempotency-Key) refunds once and answers the first refund; a key is needed', async () => {
    const o = await order(2, { email: 'retry@example.com' });
    const key = randomUUID();
    const a = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 1000 }, key);
    const b = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 1000 }, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.json).toMatchObject({ replay: true, refund: { id: a.json.refund.id, amount: 1000 } });
    // requestId in the body works as the key too.
    const c = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 1000, requestId: key });
    expect(c.json.refund.id).toBe(a.json.refund.id);
    expect(await count('SELECT COALESCE(SUM(amount_cents), 0) AS n FROM order_refunds WHERE order_id = ?', o.id)).toBe(1000);
    expect(await mails('retry@example.com', 'order-refunded')).toHaveLength(1);
    // The same key for another amount is refused.
    expect((await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 999 }, key)).json.error).toBe('idempotency_key_reused');
    const noKey = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 1000 });
    expect(noKey.status).toBe(400);
    expect((await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 10, lines: [{ lineId: o.items[0]!.lineId, quantity: 1 }] }, randomUUID())).status).toBe(400);
  });

  it('a refund left pending by a crash answers 409 to its key at first; after two minutes the key takes it over and settles it once', async () => {
    const o = await order(1, { email: 'stale@example.com' });
    const site = (await worker.db.prepare('SELECT website_id AS id FROM orders WHERE id = ?').bind(o.id).first<{ id: string }>())!.id;
    const pending = (key: string, id: string, at: number) =>
      worker.db
        .prepare(`INSERT INTO order_refunds (id, website_id, order_id, amount_cents, provider_cents, gift_card_cents, status, request_key, created_by, created_on) VALUES (?, ?, ?, 500, 500, 0, 'pending', ?, 'crashed@owner.test', ?)`)
        .bind(id, site, o.id, `refund:${key}`, at)
        .run();
    const fresh = randomUUID();
    await pending(fresh, `fresh-${fresh}`, Date.now());
    const busy = await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 500 }, fresh);
    expect(busy.status).toBe(409);
    expect(busy.json.error).toBe('refund_in_progress');
    const stale = randomUUID();
    await pending(stale, `stale-${stale}`, Date.now() - 10 * 60_000);
    // Both pending rows hold their amounts: 4400 - 1000 is left.
    expect((await detail(o.orderNumber)).refundable).toBe(o.grandTotal - 1000);
    const taken = await Promise.all([1, 2, 3].map(() => send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 500 }, stale)));
    expect(taken.filter((r) => r.status === 201)).toHaveLength(1);
    expect(taken.find((r) => r.status === 201)!.json.refund).toMatchObject({ id: `stale-${stale}`, status: 'succeeded' });
    expect(await mails('stale@example.com', 'order-refunded')).toHaveLength(1);
    expect((await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 500 }, stale)).status).toBe(200);
  });

  it('20 concurrent refund clicks on one order refund once, with one key or with a key each', async () => {
    const o = await order(2, { email: 'race@example.com' });
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: o.grandTotal }, key)));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    expect(await count('SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ?', o.id)).toBe(1);

    const other = await order(2, { email: 'race2@example.com' });
    const each = await Promise.all(Array.from({ length: 20 }, () => send(admin(), `${API}/${other.orderNumber}/refunds`, { amountCents: other.grandTotal }, randomUUID())));
    expect(each.filter((r) => r.status === 201)).toHaveLength(1);
    expect(each.filter((r) => r.status === 422)).toHaveLength(19);
    expect(await count(`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM order_refunds WHERE order_id = ? AND status <> 'failed'`, other.id)).toBe(other.grandTotal);
    expect(await mails('race2@example.com', 'order-refunded')).toHaveLength(1);
  });

  it('refunds lines at their unit price; the gift-card part goes back onto the card after the card payment', async () => {
    const card = await seedGiftCard(worker.db, 5000);
    const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
    await v.visit('/api/commerce/shopping-cart');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 3);
    const placed = await placeGiftOrder(v, { giftCardCode: card.code, extra: { shippingOptionId: 'us-standard' } });
    expect(placed.status).toBe(201);
    const o = placed.json.order;
    expect(o.giftCardTotal).toBe(5000);
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    // Two mugs' worth (7200): 5800 to the card payment, 1400 back onto the gift card.
    const r = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: o.items[0].lineId, quantity: 2 }] }, randomUUID());
    expect(r.status).toBe(201);
    expect(r.json.refund).toMatchObject({ amount: 7200, toPaymentMethod: 5800, toGiftCard: 1400, lines: [{ lineId: o.items[0].lineId, quantity: 2 }] });
    expect(await balanceOf(worker.db, card.id)).toBe(1400);
    const [mail] = await mails('gift@example.com', 'order-refunded');
    expect(mail!.text).toContain('To your gift card: 14.00 USD');
    expect(mail!.text).toContain('2 × Speckled Stoneware Mug');
  });
});

describe('line refunds (share of discount and tax, each unit once)', () => {
  it('a line carries its share of the coupon and the tax; its units add up to exactly what it cost, and no unit is refunded twice', async () => {
    // 3 mugs in New York with WELCOME10: 10800 − 1080 = 9720, free shipping, tax 8.88 % → 863; total 10583.
    const o = await order(3, { email: 'lineshare@example.com', address: ADDRESS_NY, coupons: ['welcome10'] });
    expect([o.subtotal, o.discountTotal, o.shippingTotal, o.taxTotal, o.grandTotal]).toEqual([10800, 1080, 0, 863, 10583]);
    const line = o.items[0]!.lineId;
    const one = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: line, quantity: 1 }] }, randomUUID());
    expect(one.status).toBe(201);
    // floor(10583 / 3): the unit price less its discount share plus its tax share, not the 3600 unit price.
    expect(one.json.refund.amount).toBe(3527);
    const key = randomUUID();
    const rest = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: line, quantity: 2 }] }, key);
    expect(rest.json.refund.amount).toBe(10583 - 3527);
    // The retry of the same key answers the same refund (priced the same, not as a third unit).
    const retry = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: line, quantity: 2 }] }, key);
    expect(retry.status).toBe(200);
    expect(retry.json.refund.amount).toBe(10583 - 3527);
    const d = await detail(o.orderNumber);
    expect(d.refundable).toBe(0);
    expect(d.order.status).toBe('refunded');
    const again = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: line, quantity: 1 }] }, randomUUID());
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'line_already_refunded', message: 'That item was already refunded (or cancelled); it cannot be refunded twice.', unitsLeft: 0 });
  });

  it('concurrent refunds of different units of one line each price from what is refunded when they land: together exactly the line', async () => {
    // 3 mugs in New York with WELCOME10: the line is worth 10583, which 3 does not divide (3527 × 3 + 2).
    for (const split of [[1, 2], [2, 1], [1, 1, 1]]) {
      const o = await order(3, { email: `linerace${split.join('')}@example.com`, address: ADDRESS_NY, coupons: ['welcome10'] });
      expect(o.grandTotal).toBe(10583);
      const line = o.items[0]!.lineId;
      const all = await Promise.all(split.map((units) => send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: line, quantity: units }] }, randomUUID())));
      expect(all.map((r) => r.status)).toEqual(split.map(() => 201));
      // Each refund is the next units' worth of the line's fixed split: no minor unit lost or added, whatever landed first.
      expect(all.reduce((n, r) => n + r.json.refund.amount, 0)).toBe(10583);
      for (const [i, units] of split.entries()) expect([Math.floor((10583 * units) / 3), Math.ceil((10583 * units) / 3)]).toContain(all[i]!.json.refund.amount);
      expect(await count(`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM order_refunds WHERE order_id = ? AND status = 'succeeded'`, o.id)).toBe(10583);
      expect((await detail(o.orderNumber)).order.status).toBe('refunded');
    }
  });

  it('20 concurrent refunds of the same single unit (a key each) refund it once, though the amount left would allow more', async () => {
    const o = await order(3, { session: true, email: 'lineonce@example.com' });
    const session = o.items.find((l) => l.sku === 'FK-PRIV-2H')!;
    const all = await Promise.all(Array.from({ length: 20 }, () => send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: session.lineId, quantity: 1 }] }, randomUUID())));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409 && r.json.error === 'line_already_refunded')).toHaveLength(19);
    expect(await count(`SELECT COALESCE(SUM(amount_cents), 0) AS n FROM order_refunds WHERE order_id = ? AND status <> 'failed'`, o.id)).toBe(session.unitPrice);
    // The mugs can still be refunded, and asking for more units than are left says how many are.
    const mug = o.items.find((l) => l.sku === 'FK-MUG-08-OAT')!;
    expect((await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: mug.lineId, quantity: 2 }] }, randomUUID())).status).toBe(201);
    const over = await send(admin(), `${API}/${o.orderNumber}/refunds`, { lines: [{ lineId: mug.lineId, quantity: 2 }] }, randomUUID());
    expect(over.json).toMatchObject({ error: 'line_already_refunded', message: 'Only 1 unit of that item is left to refund.', unitsLeft: 1 });
  });
});

describe('cancel', () => {
  it('cancels an unfulfilled order: stock back, everything refunded, once however often it is sent', async () => {
    const o = await order(2, { email: 'cancel@example.com' });
    const before = await stock();
    const res = await send(admin(), `${API}/${o.orderNumber}/cancel`, { reason: 'Asked by the shopper' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'cancelled', changed: true, refund: { amount: o.grandTotal, status: 'succeeded' } });
    expect(await stock()).toBe(before + 2);
    const again = await send(admin(), `${API}/${o.orderNumber}/cancel`, {});
    expect(again.json).toEqual({ status: 'cancelled', changed: false, refund: null });
    expect(await stock()).toBe(before + 2);
    expect(await count('SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ?', o.id)).toBe(1);
    expect(await mails('cancel@example.com', 'order-cancelled')).toHaveLength(1);
    expect((await send(admin(), `${API}/${o.orderNumber}/fulfilments`, {})).status).toBe(409);
    expect((await detail(o.orderNumber)).order.status).toBe('cancelled');
  });

  it('cancels only the open units of a partly fulfilled order and refunds their share; shipping stays paid', async () => {
    // 1 mug: under the free-shipping line, so shipping is paid (800).
    const o = await order(1, { session: true, email: 'partial@example.com' });
    const mugLine = o.items.find((l) => l.sku === 'FK-MUG-08-OAT')!;
    expect((await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { lines: [{ lineId: mugLine.lineId, quantity: 1 }], carrier: 'UPS', trackingNumber: 'T1' })).status).toBe(201);
    const before = await stock();
    const res = await send(admin(), `${API}/${o.orderNumber}/cancel`, {});
    expect(res.status).toBe(200);
    // Only the session (22000) is cancelled and refunded; no tax in Oregon, no discount.
    expect(res.json.refund).toMatchObject({ amount: 22000, status: 'succeeded' });
    expect(await stock()).toBe(before);
    const d = await detail(o.orderNumber);
    expect(d.order.items.find((l: any) => l.sku === 'FK-MUG-08-OAT')).toMatchObject({ fulfilledQuantity: 1, cancelledQuantity: 0 });
    expect(d.order.items.find((l: any) => l.sku === 'FK-PRIV-2H')).toMatchObject({ fulfilledQuantity: 0, cancelledQuantity: 1 });
    expect(d.refundable).toBe(o.grandTotal - 22000);
    // A fully fulfilled order cannot be cancelled (refund it instead).
    const done = await order(1);
    await send(admin(), `${API}/${done.orderNumber}/fulfilments`, {});
    const refused = await send(admin(), `${API}/${done.orderNumber}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('all_fulfilled');
  });
});

describe('cancel and the gift cards an order issued', () => {
  it('disables them; what was already spent is kept from the refund, and the timeline says so', async () => {
    const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
    await v.visit('/api/commerce/shopping-cart');
    const gc = await variantOf(worker.db, 'FK-GC-050');
    const giftMessage = JSON.stringify({ recipient: 'Grace', message: 'Happy birthday' });
    const added = await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: gc.itemId, sku: 'FK-GC-050', quantity: 1, additionalFields: giftMessage });
    expect(added.json?.message ?? added.status).toBe(200);
    const placed = await placeOrder(v, { address: undefined, extra: { email: 'gcbuyer@example.com' } });
    expect(placed.json?.message ?? placed.status).toBe(201);
    const o = placed.json.order;
    const card = (await worker.db.prepare('SELECT id, code_last4 AS last4 FROM gift_cards WHERE order_id = ?').bind(o.id).first<{ id: string; last4: string }>())!;
    // The recipient spent 20.00 of the 50.00 card.
    await worker.db.prepare('UPDATE gift_cards SET balance_cents = 3000 WHERE id = ?').bind(card.id).run();
    const res = await send(admin(), `${API}/${o.orderNumber}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ changed: true, refund: { amount: 3000, status: 'succeeded' }, giftCards: { disabled: 1, unusedCents: 3000, spentCents: 2000 } });
    expect(await count('SELECT COUNT(*) AS n FROM gift_cards WHERE id = ? AND disabled_on IS NOT NULL', card.id)).toBe(1);
    const d = await detail(o.orderNumber);
    expect(d.giftCardsIssued).toEqual([expect.objectContaining({ disabled: true, balanceCents: 3000 })]);
    expect(d.refundable).toBe(2000);
    const note = d.timeline.find((e: any) => e.kind === 'gift_cards_disabled');
    expect(note.text).toBe(`Gift card disabled: ····${card.last4} (30.00 USD unused); 20.00 USD of it was already spent and is kept from the refund`);
  });
});

describe('notes and timeline', () => {
  it('keeps owner notes and shows placed, paid, mails, fulfilled, refunded and notes with who and when, oldest first', async () => {
    const o = await order(1, { email: 'timeline@example.com' });
    const note = await send(admin(), `${API}/${o.orderNumber}/notes`, { body: 'Gift wrap <please>' });
    expect(note.status).toBe(201);
    expect((await send(admin(), `${API}/${o.orderNumber}/notes`, { body: '   ' })).json.fields.body).toBe('Write a note first.');
    await send(admin(), `${API}/${o.orderNumber}/fulfilments`, { carrier: 'DHL', trackingNumber: 'D1' });
    await send(admin(), `${API}/${o.orderNumber}/refunds`, { amountCents: 100 }, randomUUID());
    const { timeline } = await detail(o.orderNumber);
    const kinds = timeline.map((e: any) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['placed', 'paid']);
    for (const k of ['mail', 'note', 'fulfilled', 'refunded']) expect(kinds).toContain(k);
    expect(timeline.find((e: any) => e.kind === 'note')).toMatchObject({ text: 'Gift wrap <please>', by: expect.stringContaining('@') });
    expect(timeline.find((e: any) => e.kind === 'fulfilled').text).toContain('DHL D1');
    const at = timeline.map((e: any) => e.at);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Notes are the owner's: the shopper's status page never shows them.
    const [confirmation] = await mails('timeline@example.com', 'order-confirmation');
    const link = /https?:\/\/[^/\s]+(\/order-status\?\S+)/.exec(confirmation!.text)![1]!;
    expect(await (await worker.fetch(link)).text()).not.toContain('Gift wrap');
  });
});

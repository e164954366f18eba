import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { CARDS, addOne } from './test-checkout.js';
import { balanceOf, placeGiftOrder, seedGiftCard } from './test-gift-cards.js';
import { TestVisitor } from './test-visitor.js';

// Gift cards bought, checked and drawn down on the real worker and local D1.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const TEXT = {
  invalid: 'This gift card code is not valid.',
  noBalance: 'This gift card has no balance left.',
  changed: 'This gift card’s balance has changed. Please review your order and try again.',
  purchase: 'Unable to purchase Gift Card',
  cardNeeded: 'Enter your card details to pay the rest of the order.',
};
const GIFT_CHECK = '/api/commerce/shopping-cart/gift-card';
const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
let ip = 0;

async function shopperWith(sku: string, quantity = 1, fields: string | null = null): Promise<TestVisitor> {
  const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
  await v.visit('/api/commerce/shopping-cart');
  const variant = await variantOf(worker.db, sku);
  const added = await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: variant.itemId, sku: sku.startsWith('FK-DIG-') ? null : sku, quantity, additionalFields: fields });
  expect(added.status).toBe(200);
  return v;
}
const buyer = (sku: string, quantity = 1) => shopperWith(sku, quantity);
const giftMessage = JSON.stringify({ recipient: 'Grace', message: 'Happy birthday' });

describe('buying a gift card', () => {
  it('issues one card per unit worth what was paid, mails the codes and keeps only their hash', async () => {
    const v = await shopperWith('FK-GC-050', 2, giftMessage);
    const res = await placeGiftOrder(v, { address: null });
    expect(res.status).toBe(201);
    const order = res.json.order;
    // A gift card ships nothing: no address, no shipping.
    expect([order.subtotal, order.shippingTotal, order.grandTotal, order.giftCardTotal]).toEqual([10000, 0, 10000, 0]);
    const cards = (await worker.db.prepare('SELECT code, code_last4 AS last4, initial_cents AS initial, balance_cents AS balance, currency FROM gift_cards WHERE order_id = ?').bind(order.id).all<Record<string, string | number>>()).results;
    expect(cards).toHaveLength(2);
    for (const card of cards) expect(card).toMatchObject({ initial: 5000, balance: 5000, currency: 'USD' });
    const mail = await worker.db.prepare(`SELECT subject, text_body AS text, html_body AS html, order_id AS orderId FROM mail_outbox WHERE kind = 'gift-card' AND to_address = 'gift@example.com' ORDER BY created_on DESC`).first<{ subject: string; text: string; html: string; orderId: string }>();
    expect(mail!.subject).toContain(`order #${order.orderNumber}`);
    expect(mail!.orderId).toBe(order.id);
    const codes = mail!.text.match(/[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/g)!;
    expect(codes).toHaveLength(2);
    expect(mail!.text).toContain('50.00 USD');
    expect(cards.map((c) => c.last4).sort()).toEqual(codes.map((c) => c.slice(-4)).sort());
    // The table never holds a code as such.
    for (const code of codes) expect(await count('SELECT COUNT(*) AS n FROM gift_cards WHERE code = ? OR code = ?', code, code.replace(/-/g, ''))).toBe(0);

    // The mailed code pays: typed in lower case with spaces, on a later order.
    const later = await buyer('FK-DIG-FIRING-LOG');
    const paid = await placeGiftOrder(later, { address: null, card: null, giftCardCode: codes[0]!.toLowerCase().replace(/-/g, ' ') });
    expect(paid.status).toBe(201);
    expect([paid.json.order.grandTotal, paid.json.order.giftCardTotal, paid.json.order.amountPaid]).toEqual([600, 600, 0]);
  });

  it('a D1 failure while issuing the cards leaves no order, no card and no mail, and refunds the payment', async () => {
    const v = await shopperWith('FK-GC-025', 1, giftMessage);
    const before = await count(`SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'gift-card'`);
    const orders = await count('SELECT COUNT(*) AS n FROM orders');
    await worker.db.prepare(`CREATE TRIGGER inject_issue_failure BEFORE INSERT ON gift_cards BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const res = await placeGiftOrder(v, { address: null });
    await worker.db.prepare('DROP TRIGGER inject_issue_failure').run();
    expect(res.status).toBe(503);
    expect(await count('SELECT COUNT(*) AS n FROM orders')).toBe(orders);
    expect(await count(`SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'gift-card'`)).toBe(before);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND status = 'refunded' AND amount_cents = 2500`)).toBeGreaterThanOrEqual(1);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
  });

  it('is never discounted by a coupon, so the card is worth exactly what was paid', async () => {
    const v = await shopperWith('FK-GC-050', 1, giftMessage);
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, mug.sku)).status).toBe(200);
    const res = await placeGiftOrder(v, { extra: { coupons: ['WELCOME10'], shippingOptionId: 'us-standard' } });
    expect(res.status).toBe(201);
    // 10 % of the mug (3600) only, not of the gift card.
    expect([res.json.order.subtotal, res.json.order.discountTotal]).toEqual([8600, 360]);
    expect(await count('SELECT initial_cents AS n FROM gift_cards WHERE order_id = ?', res.json.order.id)).toBe(5000);
  });

  it('refuses to pay for a gift card with a gift card (SPEC §8) and keeps cart and card as they were', async () => {
    const card = await seedGiftCard(worker.db, 10000);
    const v = await shopperWith('FK-GC-025', 1, giftMessage);
    const check = await v.send('POST', GIFT_CHECK, { code: card.code });
    expect(check.status).toBe(422);
    expect(check.json).toMatchObject({ error: 'gift_card_purchase', message: TEXT.purchase, fields: { giftCardCode: 'A gift card cannot be used to buy another gift card.' } });
    const res = await placeGiftOrder(v, { address: null, giftCardCode: card.code });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(TEXT.purchase);
    expect(await balanceOf(worker.db, card.id)).toBe(10000);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
  });
});

describe('checking a code for the checkout summary', () => {
  it('answers what the card pays and what is left, without drawing anything', async () => {
    const card = await seedGiftCard(worker.db, 2500);
    const v = await buyer('FK-MUG-08-OAT');
    await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', region: 'OR', postalCode: '97201' });
    expect((await v.send('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'us-standard' })).status).toBe(200);
    const res = await v.send('POST', GIFT_CHECK, { code: card.code });
    expect(res.status).toBe(200);
    const total = res.json.shoppingCart.grandTotalCents;
    expect(total).toBe(4400);
    expect(res.json.giftCard).toEqual({
      last4: card.code.slice(-4), balanceCents: 2500, balanceMoney: { currency: 'USD', value: '25.00' },
      appliedCents: 2500, appliedMoney: { currency: 'USD', value: '25.00' }, amountDueCents: 1900, amountDueMoney: { currency: 'USD', value: '19.00' },
    });
    expect(JSON.stringify(res.json)).not.toContain(card.code);
    expect(await balanceOf(worker.db, card.id)).toBe(2500);
  });

  it('gives the exact texts for bad codes, an empty card, an empty cart and a missing crumb', async () => {
    const empty = await seedGiftCard(worker.db, 0);
    const v = await buyer('FK-INC-01');
    for (const code of ['NOPE', 'ABCD-EFGH-JKLM-NPQR', `${empty.code}X`]) {
      const r = await v.send('POST', GIFT_CHECK, { code });
      expect(r.status, code).toBe(422);
      expect(r.json, code).toEqual({ error: 'gift_card_invalid', message: TEXT.invalid, fields: { giftCardCode: TEXT.invalid } });
    }
    expect((await v.send('POST', GIFT_CHECK, { code: empty.code })).json).toMatchObject({ error: 'gift_card_empty', message: TEXT.noBalance });
    const blank = await v.send('POST', GIFT_CHECK, { code: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.json.fields.code).toBe('Enter a gift card code.');
    expect((await v.send('POST', GIFT_CHECK, { code: 'x'.repeat(51) })).json.fields.code).toBe(TEXT.invalid);
    expect((await v.send('POST', GIFT_CHECK, { code: empty.code }, { crumb: false })).status).toBe(401);
    const nobody = new TestVisitor(worker, '198.51.100.250');
    await nobody.visit('/api/commerce/shopping-cart');
    expect((await nobody.send('POST', GIFT_CHECK, { code: empty.code })).status).toBe(404);
  });
});

describe('paying with a gift card', () => {
  it('draws the card first and charges the rest to the test card, with a payment row for each', async () => {
    const card = await seedGiftCard(worker.db, 2500);
    const v = await buyer('FK-MUG-08-OAT');
    const res = await placeGiftOrder(v, { giftCardCode: card.code, extra: { shippingOptionId: 'us-standard' } });
    expect(res.status).toBe(201);
    const o = res.json.order;
    expect([o.grandTotal, o.giftCardTotal, o.amountPaid]).toEqual([4400, 2500, 1900]);
    expect(o.giftCardTotalMoney).toEqual({ currency: 'USD', value: '25.00' });
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    const payments = (await worker.db.prepare('SELECT provider, amount_cents AS amount FROM payments WHERE order_id = ? ORDER BY provider').bind(o.id).all()).results;
    expect(payments).toEqual([{ provider: 'gift-card', amount: 2500 }, { provider: 'test', amount: 1900 }]);
    expect(await count('SELECT COUNT(*) AS n FROM gift_card_redemptions WHERE order_id = ? AND amount_cents = 2500', o.id)).toBe(1);
    const mail = await worker.db.prepare(`SELECT text_body AS text FROM mail_outbox WHERE kind = 'order-confirmation' AND subject LIKE ?`).bind(`%#${o.orderNumber} %`).first<{ text: string }>();
    expect(mail!.text).toContain('Gift card: -25.00 USD');
    expect(mail!.text).toContain('Paid by card: 19.00 USD');
    // Spent: the next order is told so.
    const again = await placeGiftOrder(await buyer('FK-MUG-08-OAT'), { giftCardCode: card.code });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe(TEXT.noBalance);
  });

  it('spreads one card over several orders; a card covering everything needs no card payment', async () => {
    const card = await seedGiftCard(worker.db, 10000);
    const first = await placeGiftOrder(await buyer('FK-DIG-WHEEL-COURSE'), { address: null, card: null, giftCardCode: card.code });
    expect(first.status).toBe(201);
    expect([first.json.order.giftCardTotal, first.json.order.amountPaid]).toEqual([4900, 0]);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'gift-card' AND amount_cents = 4900`, first.json.order.id)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'test'`, first.json.order.id)).toBe(0);
    expect((await placeGiftOrder(await buyer('FK-DIG-WHEEL-COURSE'), { address: null, card: null, giftCardCode: card.code })).status).toBe(201);
    expect(await balanceOf(worker.db, card.id)).toBe(200);
    // 200 left: without a card the rest cannot be paid, and nothing is drawn.
    const third = await buyer('FK-DIG-WHEEL-COURSE');
    const short = await placeGiftOrder(third, { address: null, card: null, giftCardCode: card.code });
    expect(short.status).toBe(422);
    expect(short.json).toMatchObject({ error: 'card_required', message: TEXT.cardNeeded, fields: { 'payment.card': TEXT.cardNeeded } });
    expect(await balanceOf(worker.db, card.id)).toBe(200);
    const paid = await placeGiftOrder(third, { address: null, giftCardCode: card.code });
    expect(paid.status).toBe(201);
    expect([paid.json.order.giftCardTotal, paid.json.order.amountPaid]).toEqual([200, 4700]);
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    expect(await count('SELECT COALESCE(SUM(amount_cents), 0) AS n FROM gift_card_redemptions WHERE gift_card_id = ?', card.id)).toBe(10000);
  });

  it('a declined card puts the drawn balance back with the rest of the order', async () => {
    const card = await seedGiftCard(worker.db, 1000);
    const v = await buyer('FK-DIG-WHEEL-COURSE');
    const res = await placeGiftOrder(v, { address: null, card: CARDS.declined, giftCardCode: card.code });
    expect(res.status).toBe(402);
    expect(res.json.message).toBe('Your card was declined.');
    expect(await balanceOf(worker.db, card.id)).toBe(1000);
    expect(await count('SELECT COUNT(*) AS n FROM gift_card_redemptions WHERE gift_card_id = ?', card.id)).toBe(0);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
  });

  it('a D1 failure while recording the order refunds the card part and restores the gift card', async () => {
    const card = await seedGiftCard(worker.db, 1000);
    const v = await buyer('FK-DIG-WHEEL-COURSE');
    const key = randomUUID();
    await worker.db.prepare(`CREATE TRIGGER inject_gift_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const res = await placeGiftOrder(v, { address: null, giftCardCode: card.code, key });
    await worker.db.prepare('DROP TRIGGER inject_gift_failure').run();
    expect(res.status).toBe(503);
    expect(await balanceOf(worker.db, card.id)).toBe(1000);
    expect(await count('SELECT COUNT(*) AS n FROM gift_card_redemptions WHERE gift_card_id = ?', card.id)).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND status = 'refunded' AND amount_cents = 3900`)).toBe(1);
    const retry = await placeGiftOrder(v, { address: null, giftCardCode: card.code, key });
    expect(retry.status).toBe(201);
    expect(await balanceOf(worker.db, card.id)).toBe(0);
  });

  it('still needs a card when no gift card is given', async () => {
    const res = await placeGiftOrder(await buyer('FK-INC-01'), { card: null });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: 'card_required', message: 'Enter your card details.', fields: { 'payment.card': 'Enter your card details.' } });
  });

  it('refuses unknown codes at checkout with the field named', async () => {
    const res = await placeGiftOrder(await buyer('FK-INC-01'), { giftCardCode: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: 'gift_card_invalid', message: TEXT.invalid, fields: { giftCardCode: TEXT.invalid } });
  });
});

describe('orders racing on one card', () => {
  it('never overdraw it: two draws of 4900 fit in 10000, every other order is refused cleanly', async () => {
    const card = await seedGiftCard(worker.db, 10000);
    const crowd = await Promise.all(Array.from({ length: 12 }, () => buyer('FK-DIG-WHEEL-COURSE')));
    const answers = await Promise.all(crowd.map((v) => placeGiftOrder(v, { address: null, card: null, giftCardCode: card.code })));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 201)) {
      // Refused by the draw-down guard (409), or, having read the balance after it fell, for want of a card.
      expect([409, 422]).toContain(a.status);
      expect([TEXT.changed, TEXT.cardNeeded]).toContain(a.json.message);
    }
    expect(await balanceOf(worker.db, card.id)).toBe(200);
    expect(await count('SELECT COALESCE(SUM(amount_cents), 0) AS n FROM gift_card_redemptions WHERE gift_card_id = ?', card.id)).toBe(9800);
    expect(await count('SELECT COUNT(*) AS n FROM gift_card_redemptions WHERE gift_card_id = ? AND order_id IS NULL', card.id)).toBe(0);
  });
});

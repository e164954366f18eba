import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { variantOf } from '../../api/commerce/test-catalog.js';
import { placeGiftOrder, seedGiftCard } from '../../api/commerce/test-gift-cards.js';
import { openDb } from '../../services/db.js';
import { drawStatements, GIFT_CARD_GUARD_FAILURE } from '../../services/gift-cards/index.js';
import { TestVisitor } from '../../api/commerce/test-visitor.js';
import { ownerSessions } from './test-owner.js';

/** /config/gift-cards over HTTP: cards bought and redeemed through the API, disabled by the owner. */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
let ip = 0;
const INVALID = 'This gift card code is not valid.';

beforeAll(async () => {
  worker = await startWorker();
  as = await ownerSessions(worker, 'giftcards');
}, 60_000);
afterAll(() => worker?.dispose());

async function shopperWith(sku: string, quantity = 1, fields: string | null = null): Promise<TestVisitor> {
  const v = new TestVisitor(worker, `198.51.100.${(ip++ % 200) + 20}`);
  await v.visit('/api/commerce/shopping-cart');
  const variant = await variantOf(worker.db, sku);
  const added = await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: variant.itemId, sku: sku.startsWith('FK-DIG-') ? null : sku, quantity, additionalFields: fields });
  expect(added.status).toBe(200);
  return v;
}

/** Buys one $50 card; returns its code (from the mail), id and the order that bought it. */
async function buyCard(): Promise<{ code: string; id: string; orderNumber: number }> {
  const v = await shopperWith('FK-GC-050', 1, JSON.stringify({ recipient: 'Grace', message: 'Hi' }));
  const res = await placeGiftOrder(v, { address: null });
  expect(res.status).toBe(201);
  const order = res.json.order;
  const mail = await worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'gift-card' AND subject LIKE ?").bind(`%#${order.orderNumber})`).first<{ text: string }>();
  const code = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/.exec(mail!.text)![0];
  const { id } = (await worker.db.prepare('SELECT id FROM gift_cards WHERE order_id = ?').bind(order.id).first<{ id: string }>())!;
  return { code, id, orderNumber: order.orderNumber };
}

/** Pays a purely digital $ order with the card (and the test card for any rest). */
async function redeem(code: string) {
  return placeGiftOrder(await shopperWith('FK-DIG-GLAZE-GUIDE'), { address: null, giftCardCode: code });
}

const rowOf = (html: string, last4: string) => new RegExp(`<tr data-gift-card="${last4}">(.*?)</tr>`, 's').exec(html)?.[1];

describe('/config/gift-cards', () => {
  it('shows the empty state, and only to roles allowed it', async () => {
    const page = await as.manager.get('/config/gift-cards');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-gift-cards-empty');
    expect((await as.reporter.get('/config/gift-cards')).status).toBe(403);
    expect((await as.anonymous.get('/config/gift-cards')).html).toContain('action="/config/sign-in"');
  });

  it('lists a card by its last four with initial and remaining balance, the order that bought it and each redemption', async () => {
    const card = await buyCard();
    const spent = await redeem(card.code);
    expect(spent.status).toBe(201);
    const drawn = spent.json.order.giftCardTotal as number;
    expect(drawn).toBeGreaterThan(0);
    const page = await as.admin.get('/config/gift-cards');
    const last4 = card.code.slice(-4);
    const row = rowOf(page.html, last4)!;
    expect(row).toContain(`•••• ${last4}`);
    expect(row).toContain('<td>$50.00</td>');
    expect(row).toContain(`<td data-balance>$${((5000 - drawn) / 100).toFixed(2)}</td>`);
    expect(row).toContain(`<a href="/config/orders/${card.orderNumber}">#${card.orderNumber}</a>`);
    expect(row).toContain(`<a href="/config/orders/${spent.json.order.orderNumber}">#${spent.json.order.orderNumber}</a>: $${(drawn / 100).toFixed(2)}`);
    // Never the code itself, in any spelling.
    for (const spelling of [card.code, card.code.replace(/-/g, ''), card.code.slice(0, 9)]) expect(page.html).not.toContain(spelling);
    // The order screens show the card by its last four too.
    expect((await as.admin.get(`/config/orders/${spent.json.order.orderNumber}`)).html).toContain(`•••• ${last4} (`);
  });

  it('refuses a disable without the crumb or by a role without the permission, and the card keeps working', async () => {
    const card = await buyCard();
    expect((await as.admin.post('/config/gift-cards/disable', { giftCardId: card.id }, null)).status).toBe(401);
    expect((await as.admin.post('/config/gift-cards/disable', { giftCardId: card.id }, 'forged-crumb-0123456789')).status).toBe(401);
    expect((await as.reporter.post('/config/gift-cards/disable', { giftCardId: card.id })).status).toBe(403);
    expect((await as.anonymous.post('/config/gift-cards/disable', { giftCardId: card.id }, null)).status).toBe(401);
    const state = await worker.db.prepare('SELECT disabled_on AS d FROM gift_cards WHERE id = ?').bind(card.id).first<{ d: number | null }>();
    expect(state!.d).toBeNull();
    expect((await redeem(card.code)).status).toBe(201);
  });

  it('disables a card once under concurrent clicks; checkout then refuses it with the gift-card message', async () => {
    const card = await buyCard();
    const v = await shopperWith('FK-DIG-GLAZE-GUIDE');
    // The summary accepted the card before the owner disabled it.
    expect((await v.send('POST', '/api/commerce/shopping-cart/gift-card', { code: card.code })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => as.manager.post('/config/gift-cards/disable', { giftCardId: card.id })));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const outcomes = answers.map((a) => a.location!.replace('/config/gift-cards?notice=', '')).sort();
    expect(outcomes).toEqual(['already', 'already', 'already', 'already', 'already', 'disabled']);
    const refused = await placeGiftOrder(v, { address: null, giftCardCode: card.code });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ message: INVALID, fields: { giftCardCode: INVALID } });
    expect((await v.send('POST', '/api/commerce/shopping-cart/gift-card', { code: card.code })).json.message).toBe(INVALID);
    const balance = await worker.db.prepare('SELECT balance_cents AS n FROM gift_cards WHERE id = ?').bind(card.id).first<{ n: number }>();
    expect(balance!.n).toBe(5000);
    const page = await as.admin.get('/config/gift-cards?notice=disabled');
    expect(page.html).toContain('Gift card disabled. Checkout no longer accepts it.');
    expect(rowOf(page.html, card.code.slice(-4))).toContain('Disabled ');
    expect(rowOf(page.html, card.code.slice(-4))).not.toContain('action="/config/gift-cards/disable"');
  });

  it('draws nothing from a card disabled after checkout looked it up (the draw-down guard)', async () => {
    const card = await seedGiftCard(worker.db, 3000);
    expect((await as.admin.post('/config/gift-cards/disable', { giftCardId: card.id })).location).toBe('/config/gift-cards?notice=disabled');
    const site = (await worker.db.prepare('SELECT website_id AS id FROM gift_cards WHERE id = ?').bind(card.id).first<{ id: string }>())!.id;
    const draw = drawStatements(openDb(worker.db), { attemptId: `attempt-${card.id}`, websiteId: site, giftCardId: card.id, amountCents: 1000, now: Date.now() });
    await expect(worker.db.batch(draw as never)).rejects.toThrow(GIFT_CARD_GUARD_FAILURE);
    const after = await worker.db.prepare('SELECT balance_cents AS n, (SELECT COUNT(*) FROM gift_card_redemptions WHERE gift_card_id = ?1) AS drawn FROM gift_cards WHERE id = ?1').bind(card.id).first();
    expect(after).toEqual({ n: 3000, drawn: 0 });
  });

  it('says so for an unknown card or a bad page link', async () => {
    expect((await as.admin.post('/config/gift-cards/disable', { giftCardId: 'no-such-card' })).location).toBe('/config/gift-cards?notice=missing');
    expect((await as.admin.post('/config/gift-cards/disable', { giftCardId: '<script>' })).location).toBe('/config/gift-cards?notice=missing');
    expect((await as.admin.get('/config/gift-cards?notice=<script>alert(1)</script>')).html).not.toContain('<script>alert');
    expect((await as.admin.get('/config/gift-cards?after=nope')).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { placeGiftOrder, seedGiftCard } from './test-gift-cards.js';
import { openDb } from '../../services/db.js';
import { drawStatements, GIFT_CARD_GUARD_FAILURE } from '../../services/gift-cards/index.js';
import { TestVisitor } from './test-visitor.js';
import { ownerSessions } from './test-owner.js';

/**
 * The owner's gift cards over HTTP (GET /api/commerce/owner/gift-cards, POST .../:id/disable,
 * what /config/gift-cards draws): cards bought and redeemed through the API, disabled by the owner.
 */
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

const API = '/api/commerce/owner/gift-cards';
const disable = (who: typeof as.admin, id: string, crumb?: string | null) => who.send('POST', `${API}/${encodeURIComponent(id)}/disable`, {}, crumb);
async function cardOf(id: string) {
  const { json } = await as.admin.get(API);
  return (json.giftCards as { id: string }[]).find((g) => g.id === id) as any;
}

describe('/api/commerce/owner/gift-cards', () => {
  it('answers the roles allowed it; the screen is the shell for them, the sign-in form for anonymous visitors', async () => {
    const list = await as.manager.get(API);
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ giftCards: [], next: null, languages: ['en-US', 'fr'] });
    expect((await as.reporter.get(API)).status).toBe(403);
    expect((await as.anonymous.get(API)).status).toBe(401);
    expect((await as.manager.page('/config/gift-cards')).html).toContain('data-owner-shell');
    expect((await as.reporter.page('/config/gift-cards')).status).toBe(403);
    expect((await as.anonymous.page('/config/gift-cards')).html).toContain('action="/config/sign-in"');
  });

  it('lists a card by its last four with initial and remaining balance, the order that bought it and each redemption', async () => {
    const card = await buyCard();
    const spent = await redeem(card.code);
    expect(spent.status).toBe(201);
    const drawn = spent.json.order.giftCardTotal as number;
    expect(drawn).toBeGreaterThan(0);
    const row = await cardOf(card.id);
    expect(row).toMatchObject({ last4: card.code.slice(-4), initialCents: 5000, balanceCents: 5000 - drawn, currency: 'USD', orderNumber: card.orderNumber, disabledOn: null });
    expect(row.redemptions).toEqual([expect.objectContaining({ orderNumber: spent.json.order.orderNumber, amountCents: drawn })]);
    // Never the code itself, in any spelling.
    const text = JSON.stringify((await as.admin.get(API)).json);
    for (const spelling of [card.code, card.code.replace(/-/g, ''), card.code.slice(0, 9)]) expect(text).not.toContain(spelling);
    // The order's detail shows the card by its last four too.
    const detail = await as.admin.get(`/api/commerce/owner/orders/${spent.json.order.orderNumber}`);
    expect(detail.json.giftCardsUsed).toEqual([expect.objectContaining({ last4: card.code.slice(-4) })]);
  });

  it('refuses a disable without the crumb or by a role without the permission, and the card keeps working', async () => {
    const card = await buyCard();
    expect((await disable(as.admin, card.id, null)).status).toBe(401);
    expect((await disable(as.admin, card.id, 'forged-crumb-0123456789')).status).toBe(401);
    expect((await disable(as.reporter, card.id)).status).toBe(403);
    expect((await disable(as.anonymous, card.id, null)).status).toBe(401);
    const state = await worker.db.prepare('SELECT disabled_on AS d FROM gift_cards WHERE id = ?').bind(card.id).first<{ d: number | null }>();
    expect(state!.d).toBeNull();
    expect((await redeem(card.code)).status).toBe(201);
  });

  it('disables a card once under concurrent clicks; checkout then refuses it with the gift-card message', async () => {
    const card = await buyCard();
    const v = await shopperWith('FK-DIG-GLAZE-GUIDE');
    // The summary accepted the card before the owner disabled it.
    expect((await v.send('POST', '/api/commerce/shopping-cart/gift-card', { code: card.code })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => disable(as.manager, card.id)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.map((a) => a.json.changed).sort()).toEqual([false, false, false, false, false, true]);
    const refused = await placeGiftOrder(v, { address: null, giftCardCode: card.code });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ message: INVALID, fields: { giftCardCode: INVALID } });
    expect((await v.send('POST', '/api/commerce/shopping-cart/gift-card', { code: card.code })).json.message).toBe(INVALID);
    const balance = await worker.db.prepare('SELECT balance_cents AS n FROM gift_cards WHERE id = ?').bind(card.id).first<{ n: number }>();
    expect(balance!.n).toBe(5000);
    expect((await cardOf(card.id)).disabledOn).toEqual(expect.any(Number));
  });

  it('draws nothing from a card disabled after checkout looked it up (the draw-down guard)', async () => {
    const card = await seedGiftCard(worker.db, 3000);
    expect((await disable(as.admin, card.id)).json).toEqual({ id: card.id, disabled: true, changed: true });
    const site = (await worker.db.prepare('SELECT website_id AS id FROM gift_cards WHERE id = ?').bind(card.id).first<{ id: string }>())!.id;
    const draw = drawStatements(openDb(worker.db), { attemptId: `attempt-${card.id}`, websiteId: site, giftCardId: card.id, amountCents: 1000, now: Date.now() });
    await expect(worker.db.batch(draw as never)).rejects.toThrow(GIFT_CARD_GUARD_FAILURE);
    const after = await worker.db.prepare('SELECT balance_cents AS n, (SELECT COUNT(*) FROM gift_card_redemptions WHERE gift_card_id = ?1) AS drawn FROM gift_cards WHERE id = ?1').bind(card.id).first();
    expect(after).toEqual({ n: 3000, drawn: 0 });
  });

  it('says so for an unknown card or a bad page link', async () => {
    expect((await disable(as.admin, 'no-such-card')).json).toMatchObject({ error: 'not_found', message: 'No such gift card on this site.' });
    expect((await disable(as.admin, '<script>')).status).toBe(404);
    const bad = await as.admin.get(`${API}?after=nope`);
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ after: 'That page link is not valid.' });
  });
});

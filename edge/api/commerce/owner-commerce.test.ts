import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { addOne, placeOrder } from './test-checkout.js';
import { seedGiftCard } from './test-gift-cards.js';
import { clubPlans, shopper, subscribe } from './test-subscription.js';
import { TestVisitor } from './test-visitor.js';

/** /api/commerce/owner on the worker: the owner's JSON of orders, gift cards and subscriptions. */
let worker: RunningWorker;
let admin: SignedIn;
let reporter: SignedIn;
let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 200) + 20}`;

beforeAll(async () => {
  worker = await startWorker();
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
  await createSiteUser(worker, { email: 'reporter@owner-api.test', password: 'owner-api-Password-1', roles: [3] });
  reporter = await signIn(worker, 'reporter@owner-api.test', 'owner-api-Password-1');
}, 60_000);
afterAll(() => worker?.dispose());

async function call(who: SignedIn | undefined, method: string, path: string) {
  const res = await worker.fetch(`/api/commerce/owner${path}`, { method, headers: who ? { ...who.headers, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) } : {}, body: method === 'POST' ? '{}' : undefined });
  return { status: res.status, json: (await res.json()) as any };
}

describe('/api/commerce/owner', () => {
  it('answers 401 anonymous, 403 to a role without the permission', async () => {
    for (const path of ['/orders', '/gift-cards', '/subscriptions']) {
      expect((await call(undefined, 'GET', path)).status).toBe(401);
      expect((await call(reporter, 'GET', path)).json.error).toBe('forbidden');
    }
  });

  it('lists orders and opens one with its payment and mail', async () => {
    const v = new TestVisitor(worker, nextIp());
    await v.visit('/api/commerce/shopping-cart');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 2);
    const placed = await placeOrder(v, { extra: { email: 'json@example.com' } });
    expect(placed.status).toBe(201);
    const n = placed.json.order.orderNumber;
    const list = await call(admin, 'GET', `/orders?q=json%40example`);
    expect(list.json.orders).toEqual([expect.objectContaining({ orderNumber: n, email: 'json@example.com', itemCount: 2, grandTotalCents: placed.json.order.grandTotal, status: 'paid', testMode: true })]);
    const one = await call(admin, 'GET', `/orders/${n}`);
    expect(one.json.order).toMatchObject({ orderNumber: n, items: [expect.objectContaining({ sku: 'FK-MUG-08-OAT', quantity: 2 })] });
    expect(one.json.payments).toEqual([expect.objectContaining({ provider: 'test', amount: placed.json.order.grandTotal, status: 'captured' })]);
    expect(one.json.mails).toEqual([expect.objectContaining({ kind: 'order-confirmation', toAddress: 'json@example.com' })]);
    expect((await call(admin, 'GET', '/orders/4242424')).status).toBe(404);
    expect((await call(admin, 'GET', '/orders?status=lost')).status).toBe(400);
  });

  it('disables a gift card (crumb required), never showing its code', async () => {
    const card = await seedGiftCard(worker.db, 2500);
    const noCrumb = await worker.fetch(`/api/commerce/owner/gift-cards/${card.id}/disable`, { method: 'POST', headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' }, body: '{}' });
    expect(noCrumb.status).toBe(401);
    const listed = await call(admin, 'GET', '/gift-cards');
    expect(listed.json.giftCards).toContainEqual(expect.objectContaining({ id: card.id, last4: card.code.slice(-4), balanceCents: 2500, disabledOn: null }));
    expect(JSON.stringify(listed.json)).not.toContain(card.code.replace(/-/g, '').slice(0, 8));
    const both = await Promise.all([call(admin, 'POST', `/gift-cards/${card.id}/disable`), call(admin, 'POST', `/gift-cards/${card.id}/disable`)]);
    expect(both.map((r) => r.json.changed).sort()).toEqual([false, true]);
    expect((await call(admin, 'POST', '/gift-cards/nope/disable')).status).toBe(404);
  });

  it('issues a gift card by hand: the code goes only to the recipient by mail, the balance check finds it by code', async () => {
    const send = async (path: string, body: unknown, who: SignedIn | null = admin) => {
      const res = await worker.fetch(`/api/commerce/owner${path}`, { method: 'POST', headers: { ...(who?.headers ?? {}), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as any };
    };
    expect((await send('/gift-cards', { amountCents: 2500, email: 'prize@example.com' }, null)).status).toBe(401);
    expect((await send('/gift-cards', { amountCents: 2500, email: 'prize@example.com' }, reporter)).status).toBe(403);
    const bad = await send('/gift-cards', { amountCents: 0, email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ amountCents: 'Enter an amount above zero.', email: 'Enter a valid email address.' });
    expect((await send('/gift-cards', { amountCents: 12.5, email: 'prize@example.com' })).status).toBe(400);
    expect((await send('/gift-cards', { amountCents: 1_000_001, email: 'prize@example.com' })).status).toBe(400);

    const issued = await send('/gift-cards', { amountCents: 2500, email: 'Prize@Example.com', note: 'First prize' });
    expect(issued.status).toBe(201);
    expect(issued.json.giftCard).toMatchObject({ initialCents: 2500, balanceCents: 2500, currency: 'USD' });
    const mail = await worker.db.prepare(`SELECT text_body AS text FROM mail_outbox WHERE kind = 'gift-card' AND to_address = 'prize@example.com'`).first<{ text: string }>();
    const code = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/.exec(mail!.text)![0];
    expect(mail!.text).toContain('First prize');
    expect(code.slice(-4)).toBe(issued.json.giftCard.last4);
    expect(JSON.stringify(issued.json)).not.toContain(code.replace(/-/g, '').slice(0, 8));
    const listed = await call(admin, 'GET', '/gift-cards');
    expect(listed.json.giftCards).toContainEqual(expect.objectContaining({ id: issued.json.giftCard.id, orderNumber: null, balanceCents: 2500 }));

    const balance = await send('/gift-cards/balance', { code: code.toLowerCase().replace(/-/g, ' ') });
    expect(balance.status).toBe(200);
    expect(balance.json.giftCard).toEqual({ id: issued.json.giftCard.id, last4: issued.json.giftCard.last4, currency: 'USD', initialCents: 2500, balanceCents: 2500, disabled: false });
    expect((await send('/gift-cards/balance', { code: 'AAAA-BBBB-CCCC-DDDD' })).json).toMatchObject({ error: 'not_found', fields: { code: 'This gift card code is not valid.' } });
    expect((await send('/gift-cards/balance', { code: '' })).status).toBe(400);
    expect((await send('/gift-cards/balance', { code }, reporter)).status).toBe(403);
    await call(admin, 'POST', `/gift-cards/${issued.json.giftCard.id}/disable`);
    expect((await send('/gift-cards/balance', { code })).json.giftCard.disabled).toBe(true);
  });

  it('cancels a subscription once: the other concurrent calls get 409', async () => {
    const v = await shopper(worker, nextIp());
    const res = await subscribe(v, worker.db, { email: 'json-sub@example.com', planId: (await clubPlans(worker.db))[1] });
    expect(res.status).toBe(201);
    const listed = await call(admin, 'GET', '/subscriptions?status=active');
    const sub = listed.json.subscriptions.find((s: { email: string }) => s.email === 'json-sub@example.com');
    expect(sub).toMatchObject({ status: 'active', numBillingCycles: 6, cyclesBilled: 1 });
    expect(sub.priceWording).toMatch(/every month for 6 months$/);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(admin, 'POST', `/subscriptions/${sub.id}/cancel`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const row = await worker.db.prepare('SELECT status, next_billing_at AS next FROM subscriptions WHERE id = ?').bind(sub.id).first();
    expect(row).toEqual({ status: 'canceled', next: null });
  });
});

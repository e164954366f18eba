import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { STRIPE_WEBHOOK_SECRET, stripeBindings } from './test-stripe-checkout.js';
import { FakeStripe, signStripePayload } from './test-stripe-server.js';
import { TestVisitor } from './test-visitor.js';

/**
 * Donations on a site whose payment provider is Stripe (issue 30): the PaymentIntent of
 * POST /api/commerce/donations/stripe/intent, confirmed as Stripe.js does (the local
 * Stripe-protocol server), captured by POST /api/commerce/donations with the same key.
 */
let worker: RunningWorker;
const stripe = new FakeStripe();
beforeAll(async () => {
  await stripe.start();
  worker = await startWorker({ bindings: stripeBindings(stripe) });
});
afterAll(async () => {
  await worker?.dispose();
  await stripe.stop();
});
beforeEach(() => {
  stripe.declineCaptures = false;
});

const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
let ip = 20;
async function visitor(): Promise<TestVisitor> {
  const v = new TestVisitor(worker, `198.51.100.${ip++}`);
  await v.visit('/api/commerce/shopping-cart');
  return v;
}
const intentFor = (v: TestVisitor, key: string, body: Record<string, unknown>) =>
  v.send('POST', '/api/commerce/donations/stripe/intent', body, { headers: { 'Idempotency-Key': key } });
const give = (v: TestVisitor, key: string, paymentIntentId: string, body: Record<string, unknown> = {}) =>
  v.send('POST', '/api/commerce/donations', { email: 'giver@example.com', name: 'Ada', amount: 2500, ...body, payment: { provider: 'stripe', paymentIntentId } }, { headers: { 'Idempotency-Key': key } });
const receiptsTo = (orderId: string) =>
  count(`SELECT COUNT(*) AS n FROM mail_outbox m JOIN orders o ON o.website_id = m.website_id WHERE o.id = ? AND m.kind = 'donation-receipt' AND m.subject LIKE '%#' || o.order_number`, orderId);
const ordersOf = (intentId: string) => count(`SELECT COUNT(*) AS n FROM payments WHERE provider = 'stripe' AND provider_ref = ? AND order_id IS NOT NULL`, intentId);

describe('donations through Stripe', () => {
  it('a one-time gift with the fee covered: one intent at gift + fee, captured once, one donation order, one receipt', async () => {
    const v = await visitor();
    const key = `don-stripe-${randomUUID()}`;
    const prepared = await intentFor(v, key, { amount: 2500, coverFee: true });
    expect(prepared.status, JSON.stringify(prepared.json)).toBe(200);
    expect(prepared.json).toMatchObject({ paymentIntent: { amount: 2603, currency: 'usd', clientSecret: expect.stringMatching(/_secret_/) }, feeCents: 103, publishableKey: 'pk_test_atelier' });
    const id = prepared.json.paymentIntent.id as string;
    const created = stripe.callsTo('POST', /^\/v1\/payment_intents$/).at(-1)!;
    expect(created.form).toMatchObject({ amount: '2603', currency: 'usd', capture_method: 'manual' });
    expect(created.form.customer).toBeUndefined();
    // The same key asks again (a reload of the donate step): the same intent.
    expect((await intentFor(v, key, { amount: 2500, coverFee: true })).json.paymentIntent.id).toBe(id);

    stripe.confirm(id);
    const res = await give(v, key, id, { coverFee: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.donation).toMatchObject({ kind: 'donation', grandTotal: 2603, testMode: true });
    expect(res.json.confirmationUrl).toMatch(/^\/contribution-confirmed\?order=/);
    expect(stripe.intents.get(id)!.status).toBe('succeeded');
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${id}/capture$`))).toHaveLength(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'stripe' AND provider_ref = ? AND status = 'captured' AND amount_cents = 2603`, res.json.donation.id, id)).toBe(1);
    expect(await receiptsTo(res.json.donation.id)).toBe(1);

    // The retry with the same key: the same donation, no second capture, no second order or receipt.
    const again = await give(v, key, id, { coverFee: true });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json.donation.id).toBe(res.json.donation.id);
    expect(again.json.confirmationUrl).toBeUndefined();
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${id}/capture$`))).toHaveLength(1);
    expect(await ordersOf(id)).toBe(1);
    expect(await receiptsTo(res.json.donation.id)).toBe(1);
  });

  it('20 concurrent sends of one key: one capture, one order', async () => {
    const v = await visitor();
    const key = `don-stripe-${randomUUID()}`;
    const id = (await intentFor(v, key, { amount: 1500 })).json.paymentIntent.id as string;
    stripe.confirm(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => give(v, key, id, { amount: 1500 })));
    expect(answers.every((a) => a.status === 201 || a.status === 409), JSON.stringify(answers.map((a) => a.status))).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.json.donation.id as string));
    expect(ids.size).toBe(1);
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${id}/capture$`))).toHaveLength(1);
    expect(await ordersOf(id)).toBe(1);
    expect(await receiptsTo([...ids][0]!)).toBe(1);
  });

  it('a card declined while confirming: 402 with Stripe’s text, nothing captured, no order; the same key then goes through', async () => {
    const v = await visitor();
    const key = `don-stripe-${randomUUID()}`;
    const id = (await intentFor(v, key, { amount: 2000 })).json.paymentIntent.id as string;
    stripe.confirm(id, '4000 0000 0000 0002');
    const res = await give(v, key, id, { amount: 2000 });
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ error: 'generic_decline', message: 'Your card was declined.' });
    expect(stripe.callsTo('POST', /\/capture$/).filter((c) => c.path.includes(id))).toHaveLength(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ?`, id)).toBe(0);
    stripe.confirm(id);
    expect((await give(v, key, id, { amount: 2000 })).status).toBe(201);
    expect(await ordersOf(id)).toBe(1);
  });

  it('an intent of another key or another amount is refused and never captured', async () => {
    const v = await visitor();
    const key = `don-stripe-${randomUUID()}`;
    const id = (await intentFor(v, key, { amount: 3000 })).json.paymentIntent.id as string;
    stripe.confirm(id);
    const otherKey = await give(v, `don-stripe-${randomUUID()}`, id, { amount: 3000 });
    expect(otherKey.status).toBe(422);
    expect(otherKey.json.error).toBe('payment_mismatch');
    const otherVisitor = await give(await visitor(), key, id, { amount: 3000 });
    expect(otherVisitor.status).toBe(422);
    const otherAmount = await give(v, key, id, { amount: 3100 });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.json.error).toBe('payment_amount_mismatch');
    expect(stripe.callsTo('POST', /\/capture$/).filter((c) => c.path.includes(id))).toHaveLength(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ?`, id)).toBe(0);
  });

  it('payment_intent.succeeded replayed: acknowledged once, still one order and one receipt', async () => {
    const v = await visitor();
    const key = `don-stripe-${randomUUID()}`;
    const id = (await intentFor(v, key, { amount: 4000 })).json.paymentIntent.id as string;
    stripe.confirm(id);
    const res = await give(v, key, id, { amount: 4000 });
    expect(res.status).toBe(201);
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'payment_intent.succeeded', api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000), livemode: false, data: { object: { ...stripe.intents.get(id) } },
    });
    const deliver = () =>
      worker.fetch('/api/commerce/payments/stripe/webhook', {
        method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signStripePayload(payload, STRIPE_WEBHOOK_SECRET) }, body: payload,
      });
    const first = await deliver();
    expect(first.status).toBe(200);
    // The captured payment row is matched (it stays captured); nothing else is written.
    expect(await first.json()).toEqual({ received: true, updated: 1 });
    const replays = await Promise.all([deliver(), deliver(), deliver()]);
    for (const r of replays) expect(await r.json()).toEqual({ received: true, duplicate: true });
    expect(await ordersOf(id)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM orders WHERE purchased_cart_id LIKE 'donation:%' AND id = ?`, res.json.donation.id)).toBe(1);
    expect(await receiptsTo(res.json.donation.id)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'captured'`, id)).toBe(1);
  });

  it('refusals: monthly on Stripe (422), the test card on a Stripe site (422), out-of-range amounts (400), no key (400)', async () => {
    const v = await visitor();
    const intentsBefore = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;
    const monthly = await intentFor(v, `don-stripe-${randomUUID()}`, { amount: 2500, frequency: 'monthly' });
    expect(monthly.status).toBe(422);
    expect(monthly.json).toMatchObject({ error: 'monthly_not_available', message: 'Monthly donations are not available on this site yet. Please give once.' });
    const monthlyGive = await give(v, `don-stripe-${randomUUID()}`, 'pi_123', { frequency: 'monthly' });
    expect(monthlyGive.status).toBe(422);
    expect(monthlyGive.json.error).toBe('monthly_not_available');
    const card = await v.send(
      'POST', '/api/commerce/donations',
      { email: 'giver@example.com', amount: 2500, payment: { provider: 'test', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } } },
      { headers: { 'Idempotency-Key': `don-stripe-${randomUUID()}` } },
    );
    expect(card.status).toBe(422);
    expect(card.json).toMatchObject({ error: 'payments_off', message: 'This site is not taking donations by card right now.' });
    const small = await intentFor(v, `don-stripe-${randomUUID()}`, { amount: 99 });
    expect(small.status).toBe(400);
    expect(small.json).toMatchObject({ error: 'invalid_amount', message: 'The smallest donation is $1.00.' });
    const noKey = await v.send('POST', '/api/commerce/donations/stripe/intent', { amount: 2500 });
    expect(noKey.status).toBe(400);
    // None of these asked Stripe for an intent.
    expect(stripe.callsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(intentsBefore);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { stripeBindings, stripeShop } from './test-stripe-checkout.js';
import { FakeStripe } from './test-stripe-server.js';
import { ownerSessions } from './test-owner.js';

/**
 * Owner refunds of Stripe payments on the real worker against the local server that speaks
 * Stripe's protocol: each refund is its own Stripe refund with its own idempotency key, a
 * retried request makes no second call, a refused refund is recorded as failed and frees
 * the amount and the key.
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
const stripe = new FakeStripe();
beforeAll(async () => {
  await stripe.start();
  worker = await startWorker({ bindings: stripeBindings(stripe) });
  as = await ownerSessions(worker, 'stripe-refunds');
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await stripe.stop();
});

const { paidOrder } = stripeShop(() => worker, stripe);
const API = '/api/commerce/owner/orders';

async function refund(number: number, body: unknown, key: string) {
  const res = await worker.fetch(`${API}/${number}/refunds`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: as.admin.signed!.cookie, 'X-CSRF-Token': as.admin.signed!.xsrfToken, 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('owner refunds through Stripe', () => {
  it('refunds part of a captured PaymentIntent, then the rest; a retry makes no second Stripe call; over the rest is refused', async () => {
    const paid = await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    const number = (await as.admin.get(`${API}?q=${encodeURIComponent('ada@example.com')}`)).json.orders[0].orderNumber as number;
    // One mug (3600) and US standard shipping (800).
    expect(paid.amount).toBe(4400);
    const key = randomUUID();
    const first = await refund(number, { amountCents: 3000 }, key);
    expect(first.status).toBe(201);
    expect(first.json.refund).toMatchObject({ amount: 3000, toPaymentMethod: 3000, status: 'succeeded' });
    expect(stripe.refunds.filter((r) => r.payment_intent === paid.id)).toEqual([expect.objectContaining({ amount: 3000 })]);
    const call = stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!;
    expect(call.form).toMatchObject({ payment_intent: paid.id, amount: '3000' });
    expect(call.idempotencyKey).toBe(`refund_${first.json.refund.id}`);

    expect((await refund(number, { amountCents: 3000 }, key)).status).toBe(200);
    expect(stripe.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(1);

    expect((await refund(number, { amountCents: 1401 }, randomUUID())).status).toBe(422);
    const rest = await refund(number, { amountCents: 1400 }, randomUUID());
    expect(rest.status).toBe(201);
    expect(stripe.refunds.filter((r) => r.payment_intent === paid.id).reduce((n, r) => n + r.amount, 0)).toBe(4400);
    const order = (await as.admin.get(`${API}/${number}`)).json;
    expect(order).toMatchObject({ refundable: 0, order: { status: 'refunded' }, payments: [expect.objectContaining({ provider: 'stripe', status: 'refunded' })] });
  });

  it('a refund Stripe refuses is recorded as failed (503), counts for nothing, and the same key retries it', async () => {
    await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    const number = (await as.admin.get(API)).json.orders[0].orderNumber as number;
    const key = randomUUID();
    stripe.failRefunds = true;
    const failed = await refund(number, { amountCents: 1000 }, key);
    stripe.failRefunds = false;
    expect(failed.status).toBe(503);
    expect(failed.json).toMatchObject({ error: 'refund_failed', refund: { status: 'failed', amount: 1000 } });
    const after = (await as.admin.get(`${API}/${number}`)).json;
    expect(after.refundable).toBe(4400);
    expect(after.timeline.map((e: any) => e.kind)).toContain('refund_failed');
    const retried = await refund(number, { amountCents: 1000 }, key);
    expect(retried.status).toBe(201);
    expect((await as.admin.get(`${API}/${number}`)).json.refundable).toBe(3400);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { stripeBindings, stripeShop } from './test-stripe-checkout.js';
import { FakeStripe } from './test-stripe-server.js';
import { ownerSessions } from './test-owner.js';
import { CANCEL_REFUND_ATTEMPTS } from '../../services/order-ops/refund.js';

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

  it('a cancel whose Stripe refund fails once leaves it pending (recorded in the cancel batch); the Cron run two minutes on makes it once', async () => {
    const paid = await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    const number = (await as.admin.get(API)).json.orders[0].orderNumber as number;
    stripe.failRefunds = true;
    const cancelled = await cancel(number);
    stripe.failRefunds = false;
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ changed: true, refund: { amount: 4400, status: 'pending' }, message: expect.stringContaining('tried again automatically') });
    const before = (await as.admin.get(`${API}/${number}`)).json;
    // The amount stays reserved; nothing more can be refunded meanwhile.
    expect(before).toMatchObject({ refundable: 0, order: { status: 'cancelled' } });
    expect(before.timeline.find((e: any) => e.kind === 'refund_failed').text).toContain('pending');
    // A second cancel within two minutes does not call Stripe again.
    const calls = stripe.callsTo('POST', /^\/v1\/refunds$/).length;
    expect((await cancel(number)).json).toMatchObject({ changed: false, refund: null });
    await worker.scheduled('* * * * *', Date.now() + 30_000);
    expect(stripe.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(calls);
    await worker.scheduled('* * * * *', Date.now() + 3 * 60_000);
    expect(stripe.refunds.filter((r) => r.payment_intent === paid.id)).toEqual([expect.objectContaining({ amount: 4400 })]);
    const after = (await as.admin.get(`${API}/${number}`)).json;
    // The refused try is kept as failed (Stripe replays a refused key, so the retry has its own), the retry succeeded.
    expect(after.refunds.map((r: any) => [r.amount, r.status])).toEqual([[4400, 'failed'], [4400, 'succeeded']]);
    expect(after.refundable).toBe(0);
    expect(after.payments).toEqual([expect.objectContaining({ provider: 'stripe', status: 'refunded' })]);
    // Once: later runs and cancels change nothing.
    await worker.scheduled('* * * * *', Date.now() + 6 * 60_000);
    expect((await cancel(number)).json).toMatchObject({ changed: false, refund: null });
    expect(stripe.refunds.filter((r) => r.payment_intent === paid.id)).toHaveLength(1);
    expect(await refundMails(paid.orderId)).toBe(1);
  });

  it('a cancel refund left pending is finished by the next cancel request once it is two minutes old (once, under concurrent requests)', async () => {
    await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    const number = (await as.admin.get(API)).json.orders[0].orderNumber as number;
    stripe.failRefunds = true;
    await cancel(number);
    stripe.failRefunds = false;
    // Three minutes later (as a request that died after the cancel batch leaves it too).
    await worker.db.prepare(`UPDATE order_refunds SET created_on = ? WHERE request_key LIKE 'cancel:%' AND status = 'pending'`).bind(Date.now() - 3 * 60_000).run();
    const both = await Promise.all([cancel(number), cancel(number)]);
    expect(both.filter((r) => r.json.refund?.status === 'succeeded')).toHaveLength(1);
    expect((await as.admin.get(`${API}/${number}`)).json.refunds.filter((r: any) => r.status === 'succeeded')).toEqual([expect.objectContaining({ amount: 4400 })]);
  });

  it(`a cancel refund Stripe keeps refusing stops after ${CANCEL_REFUND_ATTEMPTS} attempts and the timeline says it needs attention`, async () => {
    const paid = await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    const number = (await as.admin.get(API)).json.orders[0].orderNumber as number;
    // Attempts, by idempotency key (the Stripe client may retry one attempt's request under its key).
    const calls = () => new Set(stripe.callsTo('POST', /^\/v1\/refunds$/).filter((c) => c.form.payment_intent === paid.id).map((c) => c.idempotencyKey)).size;
    stripe.failRefunds = true;
    try {
      expect((await cancel(number)).json).toMatchObject({ refund: { status: 'pending' } });
      // One Cron run every three minutes (each retry waits two): attempts 2 to 10, then two more runs that try nothing.
      for (let run = 1; run <= CANCEL_REFUND_ATTEMPTS + 1; run++) await worker.scheduled('* * * * *', Date.now() + run * 3 * 60_000);
    } finally {
      stripe.failRefunds = false;
    }
    expect(calls()).toBe(CANCEL_REFUND_ATTEMPTS);
    const d = (await as.admin.get(`${API}/${number}`)).json;
    expect(d.refunds.map((r: any) => r.status)).toEqual(Array.from({ length: CANCEL_REFUND_ATTEMPTS }, () => 'failed'));
    // Nothing is reserved any more: the owner can refund by hand.
    expect(d.refundable).toBe(4400);
    const attention = d.timeline.filter((e: any) => e.kind === 'refund_needs_attention');
    expect(attention).toHaveLength(1);
    expect(attention[0].text).toContain(`refused ${CANCEL_REFUND_ATTEMPTS} times`);
    await worker.scheduled('* * * * *', Date.now() + 60 * 60_000);
    expect(calls()).toBe(CANCEL_REFUND_ATTEMPTS);
  });
});

async function cancel(number: number) {
  const res = await worker.fetch(`${API}/${number}/cancel`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: as.admin.signed!.cookie, 'X-CSRF-Token': as.admin.signed!.xsrfToken },
    body: '{}',
  });
  return { status: res.status, json: (await res.json()) as any };
}

const refundMails = async (orderId: string) =>
  (await worker.db.prepare(`SELECT COUNT(*) AS n FROM mail_outbox m JOIN orders o ON o.email = m.to_address WHERE o.id = ? AND m.kind = 'order-refunded' AND m.created_on >= o.created_on`).bind(orderId).first<{ n: number }>())!.n;

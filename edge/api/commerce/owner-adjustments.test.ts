import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { billingDate } from '../../services/subscriptions/billing-dates.js';
import { balanceOf, seedGiftCard } from './test-gift-cards.js';
import { ownerSessions } from './test-owner.js';
import { stripeBindings } from './test-stripe-checkout.js';
import { FakeStripe } from './test-stripe-server.js';
import { shopper, subscriptionCart } from './test-subscription.js';

/**
 * The owner's gift-card balance adjustments (POST .../gift-cards/:id/adjust, GET .../adjustments)
 * and subscription pause, resume and next billing date (POST .../pause, .../resume,
 * PUT .../next-billing) over HTTP, on a Stripe deployment (the local Stripe-protocol server):
 * a paused subscription is not charged by the renewal job, a resumed one is, on its new date.
 */
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
const stripe = new FakeStripe();
let ip = 30;

beforeAll(async () => {
  await stripe.start();
  worker = await startWorker({ bindings: stripeBindings(stripe) });
  as = await ownerSessions(worker, 'adjust');
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await stripe.stop();
});

const GC = '/api/commerce/owner/gift-cards';
const SUBS = '/api/commerce/owner/subscriptions';
const adjust = (id: string, deltaCents: number, reason = 'Goodwill', who = as.admin) => who.send('POST', `${GC}/${id}/adjust`, { deltaCents, reason });

describe('gift card balance adjustments', () => {
  it('adds and takes with a reason, keeps the history newest first with who and the balance after', async () => {
    const card = await seedGiftCard(worker.db, 5000);
    const add = await adjust(card.id, 1250, 'Delivery was late');
    expect(add.status).toBe(200);
    expect(add.json).toMatchObject({ id: card.id, balanceCents: 6250, adjustment: { deltaCents: 1250, balanceAfterCents: 6250, reason: 'Delivery was late', byEmail: expect.stringContaining('@') } });
    const take = await adjust(card.id, -250, 'Typo in the first adjustment', as.manager);
    expect(take.json.balanceCents).toBe(6000);
    expect(await balanceOf(worker.db, card.id)).toBe(6000);
    const history = await as.admin.get(`${GC}/${card.id}/adjustments`);
    expect(history.json.adjustments.map((a: any) => [a.deltaCents, a.balanceAfterCents, a.reason, a.byEmail])).toEqual([
      [-250, 6000, 'Typo in the first adjustment', 'manager@adjust.test'],
      [1250, 6250, 'Delivery was late', expect.any(String)],
    ]);
  });

  it('refuses below zero, over the limit, zero, no reason, unknown cards, and roles without giftCards', async () => {
    const card = await seedGiftCard(worker.db, 1000);
    const below = await adjust(card.id, -1001);
    expect(below.status).toBe(409);
    expect(below.json).toMatchObject({ error: 'balance_out_of_range', message: 'That would take the balance below zero.' });
    expect((await adjust(card.id, 999_500)).json.message).toBe('A gift card holds at most 10,000.00.');
    expect((await adjust(card.id, 0)).json.fields.deltaCents).toBe('Enter an amount other than zero.');
    expect((await as.admin.send('POST', `${GC}/${card.id}/adjust`, { deltaCents: 5, reason: '  ' })).json.fields.reason).toBe('Enter a reason.');
    expect((await adjust('no-such-card', 5)).status).toBe(404);
    expect((await as.admin.get(`${GC}/no-such-card/adjustments`)).status).toBe(404);
    expect((await adjust(card.id, 5, 'x', as.reporter)).status).toBe(403);
    expect((await as.anonymous.send('POST', `${GC}/${card.id}/adjust`, { deltaCents: 5, reason: 'x' })).status).toBe(401);
    expect(await balanceOf(worker.db, card.id)).toBe(1000);
    expect((await as.admin.get(`${GC}/${card.id}/adjustments`)).json.adjustments).toEqual([]);
  });

  it('20 concurrent takes of 5.00 from a 50.00 card: exactly 10 succeed, the balance is 0 and the history has 10 rows', async () => {
    const card = await seedGiftCard(worker.db, 5000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => adjust(card.id, -500, `Race ${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(10);
    expect(await balanceOf(worker.db, card.id)).toBe(0);
    const history = (await as.admin.get(`${GC}/${card.id}/adjustments`)).json.adjustments as { balanceAfterCents: number }[];
    expect(history).toHaveLength(10);
    expect(history.map((h) => h.balanceAfterCents).sort((a, b) => a - b)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500]);
  });
});

/** A clay-club subscription paid through the local Stripe server; answers its id. */
async function stripeSubscription(email: string): Promise<string> {
  const v = await shopper(worker, `198.51.100.${ip++}`);
  const cartToken = await subscriptionCart(v, worker.db);
  const prepared = await v.send('POST', '/api/commerce/payments/stripe/intent', { cartToken, email });
  expect(prepared.status).toBe(200);
  stripe.confirm(prepared.json.paymentIntent.id);
  const order = await v.send('POST', '/api/commerce/orders', { email, cartToken, payment: { provider: 'stripe', paymentIntentId: prepared.json.paymentIntent.id } }, { headers: { 'Idempotency-Key': randomUUID() } });
  expect(order.status).toBe(201);
  return (await worker.db.prepare('SELECT id FROM subscriptions WHERE first_order_id = ?').bind(order.json.order.id).first<{ id: string }>())!.id;
}

const sub = async (id: string) =>
  (await worker.db.prepare('SELECT status, next_billing_at AS next, cycles_billed AS cycles, anchor_on AS anchor FROM subscriptions WHERE id = ?').bind(id).first<{ status: string; next: number; cycles: number; anchor: number }>())!;
const offSessionCharges = () => stripe.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.form.off_session === 'true').length;
const onlyDue = (id: string) =>
  worker.db.prepare("UPDATE subscriptions SET next_billing_at = next_billing_at + 100000 * 86400000 WHERE id <> ? AND status IN ('active', 'past_due', 'paused')").bind(id).run();
const renewalRun = async (at: number) => expect((await worker.scheduled('7 * * * *', at)).outcome).toBe('ok');
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('subscription pause, resume and next billing date', () => {
  it('a paused Stripe subscription is not charged when due; resumed after its date it is charged a day later, then monthly from there', async () => {
    const id = await stripeSubscription('pause@example.com');
    await onlyDue(id);
    const paused = await as.admin.send('POST', `${SUBS}/${id}/pause`);
    expect(paused.json).toMatchObject({ id, status: 'paused' });
    expect((await as.admin.send('POST', `${SUBS}/${id}/pause`)).status).toBe(200);
    const due = (await sub(id)).next;
    const before = offSessionCharges();
    await renewalRun(due + 60_000);
    expect(offSessionCharges()).toBe(before);
    expect(await sub(id)).toMatchObject({ status: 'paused', cycles: 1 });
    // The list shows it paused; the paused filter finds it.
    const listed = (await as.admin.get(`${SUBS}?status=paused`)).json.subscriptions as { id: string; status: string }[];
    expect(listed.find((s) => s.id === id)?.status).toBe('paused');

    // Resumed after its date passed (the worker's clock is now; the stored date is moved into the past).
    await worker.db.prepare('UPDATE subscriptions SET next_billing_at = ? WHERE id = ?').bind(Date.now() - 3 * DAY, id).run();
    const resumed = await as.admin.send('POST', `${SUBS}/${id}/resume`);
    expect(resumed.status).toBe(200);
    const row = await sub(id);
    expect(row.status).toBe('active');
    expect(row.next).toBeGreaterThan(Date.now() + DAY - 60_000);
    expect(row.next).toBeLessThan(Date.now() + DAY + 60_000);
    await renewalRun(row.next - 60_000);
    expect(offSessionCharges()).toBe(before);
    await renewalRun(row.next + 60_000);
    expect(offSessionCharges()).toBe(before + 1);
    const after = await sub(id);
    expect(after.cycles).toBe(2);
    // The next charge is one month after the resumed date, not a catch-up of the skipped cycles.
    expect(after.next).toBe(billingDate(row.next, { value: 1, unit: 'MONTH' }, 1));
    expect((await as.admin.send('POST', `${SUBS}/${id}/resume`)).json.status).toBe('active');
  });

  it('moves the next billing date to a future day (charged then, not before) and refuses past days and ended subscriptions', async () => {
    const id = await stripeSubscription('move@example.com');
    await onlyDue(id);
    const target = isoDay(Date.now() + 10 * DAY);
    const moved = await as.manager.send('PUT', `${SUBS}/${id}/next-billing`, { date: target });
    expect(moved.status).toBe(200);
    const row = await sub(id);
    expect(moved.json.nextBillingDate).toBe(row.next);
    // The demo site's time zone is America/New_York: the day starts there.
    expect(new Date(row.next).toISOString().slice(0, 10)).toBe(target);
    const before = offSessionCharges();
    await renewalRun(row.next - 60_000);
    expect(offSessionCharges()).toBe(before);
    await renewalRun(row.next + 60_000);
    expect(offSessionCharges()).toBe(before + 1);

    const past = await as.admin.send('PUT', `${SUBS}/${id}/next-billing`, { date: isoDay(Date.now() - DAY) });
    expect(past.status).toBe(400);
    expect(past.json.fields.date).toBe('Choose a date after today.');
    expect((await as.admin.send('PUT', `${SUBS}/${id}/next-billing`, { date: 'tomorrow' })).json.fields.date).toBe('Please enter a date as YYYY-MM-DD.');
    expect((await as.admin.send('POST', `${SUBS}/${id}/cancel`)).status).toBe(200);
    expect((await as.admin.send('PUT', `${SUBS}/${id}/next-billing`, { date: target })).status).toBe(409);
    expect((await as.admin.send('POST', `${SUBS}/${id}/pause`)).json.error).toBe('not_billable');
    expect((await as.admin.send('POST', `${SUBS}/${id}/resume`)).json.error).toBe('not_paused');
    expect((await as.reporter.send('POST', `${SUBS}/${id}/pause`)).status).toBe(403);
    expect((await as.admin.send('POST', `${SUBS}/nope/pause`)).status).toBe(404);
  });
});

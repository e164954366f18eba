import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAY_MS } from '../../services/subscriptions/index.js';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './test-stripe-checkout.js';
import { signStripePayload } from './test-stripe-server.js';
import { useStripeWorker } from './test-stripe-worker.js';
import { shopper, subscriptionCart } from './test-subscription.js';
import type { Answer, TestVisitor } from './test-visitor.js';

// Subscriptions on a Stripe deployment. The checkout's intent saves the card to
// the shopper's Stripe Customer; the renewal job charges it off session through the
// worker's scheduled handler, all against the local Stripe server.
const env = useStripeWorker();
const { stripe } = env;
beforeEach(() => {
  stripe.offSessionDecline = undefined;
  stripe.loseOffSessionAnswers = false;
});

type Row = Record<string, any>;
let ip = 20;
const intentFor = (v: TestVisitor, body: Record<string, unknown>): Promise<Answer> => v.send('POST', '/api/commerce/payments/stripe/intent', body);
const placeWith = (v: TestVisitor, cartToken: string, paymentIntentId: string, email = 'club@example.com'): Promise<Answer> =>
  v.send('POST', '/api/commerce/orders', { email, cartToken, payment: { provider: 'stripe', paymentIntentId } }, { headers: { 'Idempotency-Key': randomUUID() } });
const subscriptionOf = (orderId: string) => env.worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(orderId).first<Row>();
const reload = async (id: string) => (await env.worker.db.prepare('SELECT * FROM subscriptions WHERE id = ?').bind(id).first<Row>())!;
const offSessionCharges = () => stripe.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.form.off_session === 'true');

/** A subscription to the clay club paid through Stripe with `card` (Stripe.js's confirm). */
async function subscribeWithStripe(o: { email?: string; card?: string } = {}): Promise<{ v: TestVisitor; cartToken: string; intentId: string; order: Answer }> {
  const v = await shopper(env.worker, `198.51.100.${ip++}`);
  const cartToken = await subscriptionCart(v, env.worker.db);
  const prepared = await intentFor(v, { cartToken, email: o.email ?? 'club@example.com' });
  expect(prepared.status).toBe(200);
  const intentId = prepared.json.paymentIntent.id as string;
  stripe.confirm(intentId, o.card);
  const order = await placeWith(v, cartToken, intentId, o.email);
  return { v, cartToken, intentId, order };
}

/** Runs the scheduled handler as the renewal Cron Trigger would at `at`. */
async function renewalRun(at: number) {
  const result = await env.worker.scheduled('7 * * * *', at);
  expect(result.outcome).toBe('ok');
}
/** Only this subscription is due: the others' dates move far out of the way. */
const onlyDue = (id: string) =>
  env.worker.db.prepare("UPDATE subscriptions SET next_billing_at = next_billing_at + 100000 * 86400000 WHERE id <> ? AND status IN ('active', 'past_due')").bind(id).run();

describe('subscription checkout through Stripe', () => {
  it('saves the card to one Stripe Customer per email and stores customer + card as the subscription’s reusable ref', async () => {
    const v = await shopper(env.worker, `198.51.100.${ip++}`);
    const cartToken = await subscriptionCart(v, env.worker.db);
    const prepared = await intentFor(v, { cartToken, email: 'Club.Member@Example.com' });
    expect(prepared.status).toBe(200);
    expect(prepared.json.paymentIntent).toMatchObject({ amount: 6500, currency: 'usd', setupFutureUsage: 'off_session' });
    expect(JSON.stringify(prepared.json)).not.toContain(STRIPE_SECRET_KEY);
    const customers = [...stripe.customers.values()].filter((c) => c.email === 'club.member@example.com');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.metadata).toMatchObject({ atelier_site: expect.any(String) });
    const created = stripe.callsTo('POST', /^\/v1\/payment_intents$/).at(-1)!;
    expect(created.form).toMatchObject({ customer: customers[0]!.id, setup_future_usage: 'off_session', capture_method: 'manual', 'allowed_payment_method_types[0]': 'card', amount: '6500' });
    // Asking again reuses both the customer and the intent.
    expect((await intentFor(v, { cartToken, email: 'club.member@example.com' })).json.paymentIntent.id).toBe(prepared.json.paymentIntent.id);
    expect([...stripe.customers.values()].filter((c) => c.email === 'club.member@example.com')).toHaveLength(1);

    const intent = stripe.confirm(prepared.json.paymentIntent.id);
    const res = await placeWith(v, cartToken, intent.id, 'club.member@example.com');
    expect(res.status).toBe(201);
    expect(res.json.confirmationUrl).toMatch(/^\/subscription-confirmed\?/);
    expect(stripe.intents.get(intent.id)!.status).toBe('succeeded');
    const sub = (await subscriptionOf(res.json.order.id))!;
    // Read from Stripe's captured intent: the customer and the card Stripe.js attached to it.
    expect(sub).toMatchObject({ payment_provider: 'stripe', payment_ref: `${customers[0]!.id}:${intent.payment_method}`, status: 'active', cycles_billed: 1 });
    expect(stripe.paymentMethods.get(intent.payment_method!)!.customer).toBe(customers[0]!.id);

    // The same shopper subscribing again is the same Stripe Customer (no second one created).
    const createsBefore = stripe.callsTo('POST', /^\/v1\/customers$/).length;
    expect((await subscribeWithStripe({ email: 'club.member@example.com' })).order.status).toBe(201);
    expect(stripe.callsTo('POST', /^\/v1\/customers$/)).toHaveLength(createsBefore);
  });

  it('two subscription checkouts of one new email at once make one Stripe Customer', async () => {
    const email = `racer-${randomUUID().slice(0, 8)}@example.com`;
    const visitors = await Promise.all([0, 1, 2, 3].map(() => shopper(env.worker, `198.51.100.${ip++}`)));
    const tokens = await Promise.all(visitors.map((v) => subscriptionCart(v, env.worker.db)));
    const answers = await Promise.all(visitors.map((v, i) => intentFor(v, { cartToken: tokens[i], email })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const customers = [...stripe.customers.values()].filter((c) => c.email === email);
    expect(customers).toHaveLength(1);
    for (const a of answers) expect(stripe.intents.get(a.json.paymentIntent.id)!.customer).toBe(customers[0]!.id);
  });

  it('needs the email for the customer, takes no gift card, and refuses an intent that does not save the card before capturing it', async () => {
    const v = await shopper(env.worker, `198.51.100.${ip++}`);
    const cartToken = await subscriptionCart(v, env.worker.db);
    const noEmail = await intentFor(v, { cartToken });
    expect(noEmail.status).toBe(422);
    expect(noEmail.json.fields).toEqual({ email: 'Enter a valid email address.' });
    const gift = await intentFor(v, { cartToken, email: 'club@example.com', giftCardCode: 'GIFT-1234' });
    expect(gift.status).toBe(422);
    expect(gift.json.message).toBe('Gift cards cannot pay for a subscription.');
    const prepared = await intentFor(v, { cartToken, email: 'club@example.com' });
    const intent = stripe.confirm(prepared.json.paymentIntent.id);
    // As if the intent had been made for a one-off payment: nothing saved for renewals.
    intent.setup_future_usage = null;
    const res = await placeWith(v, cartToken, intent.id);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ error: 'payment_not_reusable', message: 'This payment method cannot be used for subscriptions.' });
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${intent.id}/capture$`))).toHaveLength(0);
    expect(intent.status).toBe('requires_capture');
  });
});

describe('renewals through Stripe (scheduled handler)', () => {
  it('charges the saved card off session exactly once when 8 runs overlap, and records the renewal order', async () => {
    const { order } = await subscribeWithStripe();
    expect(order.status).toBe(201);
    const sub = (await subscriptionOf(order.json.order.id))!;
    await onlyDue(sub.id);
    const [customer, paymentMethod] = (sub.payment_ref as string).split(':');
    const before = offSessionCharges().length;
    const at = (sub.next_billing_at as number) + 1000;
    const runs = await Promise.all(Array.from({ length: 8 }, () => env.worker.scheduled('7 * * * *', at)));
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    const charges = offSessionCharges().slice(before);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.form).toMatchObject({ amount: '6500', currency: 'usd', customer, payment_method: paymentMethod, confirm: 'true', off_session: 'true', 'allowed_payment_method_types[0]': 'card' });
    expect(charges[0]!.idempotencyKey).toMatch(new RegExp(`^renewal_${sub.id}_2_`));
    const charged = [...stripe.intents.values()].find((i) => i.metadata.atelier_renewal === charges[0]!.idempotencyKey)!;
    expect(charged).toMatchObject({ status: 'succeeded', amount_received: 6500, customer });
    expect(await reload(sub.id)).toMatchObject({ status: 'active', cycles_billed: 2, failed_attempts: 0 });
    const payment = await env.worker.db
      .prepare(`SELECT p.provider, p.status, p.amount_cents, a.cycle FROM payments p JOIN account_orders a ON a.order_id = p.order_id WHERE p.provider_ref = ?`)
      .bind(charged.id)
      .first<Row>();
    expect(payment).toEqual({ provider: 'stripe', status: 'captured', amount_cents: 6500, cycle: 2 });
  });

  it('a card declined off session makes the subscription past due with a clear message; no order, no charge', async () => {
    // Stripe's 0341 test card pays at checkout and is declined on every later charge.
    const { order } = await subscribeWithStripe({ card: '4000 0000 0000 0341' });
    expect(order.status).toBe(201);
    const sub = (await subscriptionOf(order.json.order.id))!;
    await onlyDue(sub.id);
    const at = (sub.next_billing_at as number) + 1000;
    await renewalRun(at);
    expect(await reload(sub.id)).toMatchObject({ status: 'past_due', cycles_billed: 1, failed_attempts: 1, last_failure: 'Your card was declined.', next_billing_at: at + RETRY_DELAY_MS });
    const orders = await env.worker.db.prepare('SELECT COUNT(*) AS n FROM account_orders WHERE subscription_id = ? AND cycle > 1').bind(sub.id).first<{ n: number }>();
    expect(orders!.n).toBe(0);
    const mail = await env.worker.db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind LIKE 'subscription-%' ORDER BY created_on DESC").first<Row>();
    expect(mail!.text).toContain('Your card was declined.');
  });

  it('authentication required, then insufficient funds, then paid on the next retry: each try is a new charge', async () => {
    const { order } = await subscribeWithStripe();
    const sub = (await subscriptionOf(order.json.order.id))!;
    await onlyDue(sub.id);
    const before = offSessionCharges().length;
    let at = (sub.next_billing_at as number) + 1000;
    stripe.offSessionDecline = 'authentication_required';
    await renewalRun(at);
    expect(await reload(sub.id)).toMatchObject({
      status: 'past_due', failed_attempts: 1,
      last_failure: 'Your bank asked you to confirm this payment, which cannot be done automatically. Please contact the store to pay this renewal with your card.',
    });
    at += RETRY_DELAY_MS;
    stripe.offSessionDecline = 'insufficient_funds';
    await renewalRun(at);
    expect(await reload(sub.id)).toMatchObject({ status: 'past_due', failed_attempts: 2, last_failure: 'Your card has insufficient funds.' });
    at += RETRY_DELAY_MS;
    stripe.offSessionDecline = undefined;
    await renewalRun(at);
    expect(await reload(sub.id)).toMatchObject({ status: 'active', cycles_billed: 2, failed_attempts: 0, last_failure: null });
    const keys = offSessionCharges().slice(before).map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('a saved card removed at Stripe makes the renewal past due with a clear message', async () => {
    const { order } = await subscribeWithStripe();
    const sub = (await subscriptionOf(order.json.order.id))!;
    await onlyDue(sub.id);
    stripe.paymentMethods.delete((sub.payment_ref as string).split(':')[1]!);
    await renewalRun((sub.next_billing_at as number) + 1000);
    expect(await reload(sub.id)).toMatchObject({ status: 'past_due', failed_attempts: 1, last_failure: 'This saved payment method is no longer available.' });
  });

  it('a renewal charge whose answer was lost is past due, and the scheduled reconcile refunds the charge it made', async () => {
    const { order } = await subscribeWithStripe();
    const sub = (await subscriptionOf(order.json.order.id))!;
    await onlyDue(sub.id);
    const at = (sub.next_billing_at as number) + 1000;
    stripe.loseOffSessionAnswers = true;
    await renewalRun(at);
    expect(await reload(sub.id)).toMatchObject({
      status: 'past_due', cycles_billed: 1, last_failure: 'We could not reach the payment service. You have not been charged; we will try again.',
    });
    // Stripe did charge: its event arrives, no payment row knows the intent, and after 15 minutes it is refunded.
    const charged = [...stripe.intents.values()].find((i) => i.metadata.atelier_renewal?.startsWith(`renewal_${sub.id}_2_`))!;
    expect(charged.status).toBe('succeeded');
    const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: charged } });
    const delivered = await env.worker.fetch('/api/commerce/payments/stripe/webhook', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(payload, STRIPE_WEBHOOK_SECRET) }, body: payload,
    });
    expect(delivered.status).toBe(200);
    await env.worker.db.prepare('UPDATE payment_events SET received_on = received_on - 16 * 60 * 1000 WHERE payment_ref = ?').bind(charged.id).run();
    const run = await env.worker.scheduled('* * * * *');
    expect(run.outcome).toBe('ok');
    expect(stripe.refunds.filter((r) => r.payment_intent === charged.id)).toEqual([expect.objectContaining({ amount: 6500 })]);
    const refunded = await env.worker.db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND order_id IS NULL AND status = 'refunded'`).bind(charged.id).first<{ n: number }>();
    expect(refunded!.n).toBe(1);
  });
});

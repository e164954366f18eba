import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { heldNow, setStock, variantOf } from './test-catalog.js';
import { addOne } from './test-checkout.js';
import { CHOICES, STRIPE_SECRET_KEY as SECRET_KEY, STRIPE_WEBHOOK_SECRET, stripeShop } from './test-stripe-checkout.js';
import { signStripePayload } from './test-stripe-server.js';
import { useStripeWorker } from './test-stripe-worker.js';
import { TestVisitor } from './test-visitor.js';

// The Stripe path on the real worker (Miniflare, local D1) through a local server
// speaking Stripe's protocol; the worker's own `stripe` client makes every call.
const env = useStripeWorker();
const { stripe, count } = env;
beforeEach(() => {
  stripe.declineCaptures = false;
  stripe.failRefunds = false;
  stripe.down = false;
  stripe.loseCaptureAnswers = false;
});

const stockOf = async (sku: string) => (await variantOf(env.worker.db, sku)).qtyInStock;
const { shopperWith, intentFor, payWith, readyToPay, paidOrder } = stripeShop(() => env.worker, stripe);

describe('Stripe checkout', () => {
  it('creates the intent at the server total with manual capture, captures it after stock and records the order', async () => {
    await setStock(env.worker.db, 'FK-MUG-08-OAT', 10);
    const v = await shopperWith('FK-MUG-08-OAT', 2);
    const prepared = await intentFor(v);
    expect(prepared.status).toBe(200);
    // 2 x 3600 + US standard 800 (free only from 7500), no Oregon tax.
    expect(prepared.json.paymentIntent).toMatchObject({ amount: 8000, currency: 'usd', id: expect.stringMatching(/^pi_/), clientSecret: expect.stringMatching(/_secret_/) });
    expect(prepared.json.publishableKey).toBe('pk_test_atelier');
    expect(JSON.stringify(prepared.json)).not.toContain(SECRET_KEY);
    const id = prepared.json.paymentIntent.id as string;
    const created = stripe.callsTo('POST', /^\/v1\/payment_intents$/).at(-1)!;
    expect(created.form).toMatchObject({ amount: '8000', currency: 'usd', capture_method: 'manual', 'allowed_payment_method_types[0]': 'card' });
    // Cards only: a redirecting method would come back to /checkout with no order placed.
    expect(Object.keys(created.form).filter((k) => k.startsWith('automatic_payment_methods') || k.startsWith('allowed_payment_method_types['))).toEqual(['allowed_payment_method_types[0]']);
    // A shopping cart's card is not saved: no customer, nothing for later.
    expect(created.form.customer).toBeUndefined();
    expect(created.form.setup_future_usage).toBeUndefined();
    expect(created.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // Asking again for the unchanged cart gives the same intent, not a second one.
    expect((await intentFor(v)).json.paymentIntent.id).toBe(id);

    stripe.confirm(id);
    const res = await payWith(v, id);
    expect(res.status).toBe(201);
    expect(res.json.order).toMatchObject({ grandTotal: 8000, testMode: true });
    expect(stripe.intents.get(id)!.status).toBe('succeeded');
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${id}/capture$`))).toHaveLength(1);
    expect(await stockOf('FK-MUG-08-OAT')).toBe(8);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider = 'stripe' AND provider_ref = ? AND status = 'captured' AND amount_cents = 8000`, res.json.order.id, id)).toBe(1);
  });

  it('a card declined while confirming: 402 with Stripe’s message, nothing captured, stock and cart intact', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5, card: '4000 0000 0000 0002' });
    const res = await payWith(v, id);
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ error: 'generic_decline', message: 'Your card was declined.' });
    expect(stripe.callsTo('POST', /\/capture$/).filter((c) => c.path.includes(id))).toHaveLength(0);
    expect(await stockOf('FK-PLN-4')).toBe(5);
    expect(await heldNow(env.worker.db, 'FK-PLN-4')).toBe(1);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
    // Stripe.js retries on the same intent with a good card: the order goes through.
    stripe.confirm(id);
    expect((await payWith(v, id)).status).toBe(201);
  });

  it('a decline at capture is a 402 with the provider text and puts the stock back', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    stripe.declineCaptures = true;
    const res = await payWith(v, id);
    expect(res.status).toBe(402);
    expect(res.json.message).toBe('Your card was declined.');
    expect(await stockOf('FK-PLN-4')).toBe(5);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations')).toBe(0);
  });

  it('refuses an intent whose amount no longer matches the cart (409) and cancels it', async () => {
    const { v, id } = await readyToPay('FK-MUG-08-CEL', { stock: 10 });
    const mug = await variantOf(env.worker.db, 'FK-MUG-08-CEL');
    expect((await addOne(v, mug.itemId, 'FK-MUG-08-CEL')).status).toBe(200);
    const res = await payWith(v, id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'payment_amount_mismatch', message: 'Your order total changed after you entered your payment. Please review your order and pay again.' });
    expect(stripe.intents.get(id)!.status).toBe('canceled');
    expect(await stockOf('FK-MUG-08-CEL')).toBe(10);
    // A fresh intent for the new total pays.
    const fresh = (await intentFor(v)).json.paymentIntent;
    expect(fresh.id).not.toBe(id);
    stripe.confirm(fresh.id);
    expect((await payWith(v, fresh.id)).status).toBe(201);
    expect(await stockOf('FK-MUG-08-CEL')).toBe(8);
  });

  it('refuses another cart’s intent (422) and an unknown one', async () => {
    const { v: owner, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    const thief = await shopperWith('FK-PLN-4');
    const res = await payWith(thief, id);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('This payment does not belong to this checkout.');
    expect((await payWith(thief, 'pi_doesnotexist')).json).toEqual({ error: 'payment_not_found', message: 'This payment could not be found. Please pay again.' });
    expect(stripe.intents.get(id)!.status).toBe('requires_capture');
  });

  it('refunds through Stripe when the order write fails after capture, and puts everything back', async () => {
    const { v, id } = await readyToPay('FK-PIT-01', { stock: 3 });
    const orders = await count('SELECT COUNT(*) AS n FROM orders');
    await env.worker.db.prepare(`CREATE TRIGGER inject_stripe_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const res = await payWith(v, id);
    await env.worker.db.prepare('DROP TRIGGER inject_stripe_failure').run();
    expect(res.status).toBe(503);
    expect(stripe.refunds.filter((r) => r.payment_intent === id)).toEqual([expect.objectContaining({ amount: stripe.intents.get(id)!.amount })]);
    expect(await count('SELECT COUNT(*) AS n FROM orders')).toBe(orders);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE order_id IS NULL AND provider_ref = ? AND status = 'refunded'`, id)).toBe(1);
    expect(await stockOf('FK-PIT-01')).toBe(3);
    expect(await heldNow(env.worker.db, 'FK-PIT-01')).toBe(1);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
    // The used intent cannot pay again.
    expect((await payWith(v, id)).json.error).toBe('payment_already_used');
  });

  it('a refund Stripe refuses is recorded as refund_failed and still puts the stock back', async () => {
    const { v, id } = await readyToPay('FK-PIT-01', { stock: 3 });
    stripe.failRefunds = true;
    await env.worker.db.prepare(`CREATE TRIGGER inject_stripe_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    const res = await payWith(v, id);
    await env.worker.db.prepare('DROP TRIGGER inject_stripe_failure').run();
    expect(res.status).toBe(503);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'refund_failed'`, id)).toBe(1);
    expect(await stockOf('FK-PIT-01')).toBe(3);
  });

  it('the same Idempotency-Key again returns the same order and captures once', async () => {
    const { v, id } = await readyToPay('FK-INC-01', { stock: 5 });
    const key = randomUUID();
    const first = await payWith(v, id, key);
    const again = await payWith(v, id, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json.order.id).toBe(first.json.order.id);
    expect(stripe.callsTo('POST', /\/capture$/).filter((c) => c.path.includes(id))).toHaveLength(1);
    expect(await stockOf('FK-INC-01')).toBe(4);
  });

  it('Stripe unreachable: 503 with Retry-After, nothing charged, stock and cart intact', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    stripe.down = true;
    const res = await payWith(v, id);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(res.json).toEqual({ error: 'payment_unavailable', message: 'We could not reach the payment service. You have not been charged. Please try again.' });
    expect((await intentFor(v)).status).toBe(503);
    stripe.down = false;
    expect(stripe.intents.get(id)!.status).toBe('requires_capture');
    expect(await stockOf('FK-PLN-4')).toBe(5);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
  });

  it('a capture whose answer was lost is checked with Stripe: it happened, so the order is recorded', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    stripe.loseCaptureAnswers = true;
    const res = await payWith(v, id);
    expect(res.status).toBe(201);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'captured'`, id)).toBe(1);
    expect(await stockOf('FK-PLN-4')).toBe(4);
  });

  it('two placements racing with one intent and different keys: one order, one capture, the other refused cleanly', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    const answers = await Promise.all([payWith(v, id), payWith(v, id), payWith(v, id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) expect([409, 422]).toContain(lost.status);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND status = 'captured'`, id)).toBe(1);
    expect(stripe.intents.get(id)!.amount_received).toBe(stripe.intents.get(id)!.amount);
    // Exactly one unit left the shelf; every losing attempt put its units back.
    expect(await stockOf('FK-PLN-4')).toBe(4);
    expect(await count('SELECT COUNT(*) AS n FROM stock_reservations')).toBe(0);
  });

  it('the secret keys never reach a page', async () => {
    const v = await shopperWith('FK-INC-01');
    const page = await env.worker.fetch('/checkout', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(SECRET_KEY);
    expect(html).not.toContain(STRIPE_WEBHOOK_SECRET);
  });

  it('validates the Stripe payment body and needs the crumb for an intent', async () => {
    const v = await shopperWith('FK-INC-01');
    const bad = await v.send('POST', '/api/commerce/orders', { email: 'ada@example.com', ...CHOICES, payment: { provider: 'stripe', paymentIntentId: 'x' } }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.fields)).toContain('This payment could not be found. Please pay again.');
    const unknown = await v.send('POST', '/api/commerce/orders', { email: 'ada@example.com', ...CHOICES, payment: { provider: 'paypal' } }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json.fields)).toContain('Unknown payment provider.');
    expect((await v.send('POST', '/api/commerce/payments/stripe/intent', CHOICES, { crumb: false })).status).toBe(401);
    const empty = new TestVisitor(env.worker, '198.51.100.250');
    await empty.visit('/api/commerce/shopping-cart');
    expect((await empty.send('POST', '/api/commerce/payments/stripe/intent', CHOICES)).json).toEqual({ error: 'cart_empty', message: 'Your cart is empty.' });
  });

  it('refuses the local test card on a Stripe deployment: no order, stock untouched', async () => {
    const v = await shopperWith('FK-INC-01');
    const before = await stockOf('FK-INC-01');
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
    const answer = await v.send('POST', '/api/commerce/orders', { email: 'ada@example.com', ...CHOICES, payment: { provider: 'test', card } }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(answer.status).toBe(422);
    expect(answer.json.fields).toEqual({ 'payment.provider': 'Unknown payment provider.' });
    expect(await stockOf('FK-INC-01')).toBe(before);
  });
});

const WEBHOOK = '/api/commerce/payments/stripe/webhook';
const event = (type: string, object: Record<string, unknown>, id = `evt_${randomUUID().replace(/-/g, '')}`) =>
  JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
const deliver = (payload: string, signature = signStripePayload(payload, STRIPE_WEBHOOK_SECRET)) =>
  env.worker.fetch(WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature }, body: payload });
const paymentStatus = async (ref: string) => (await env.worker.db.prepare('SELECT status FROM payments WHERE provider_ref = ?').bind(ref).first<{ status: string }>())?.status;

describe('Stripe webhook', () => {
  it('charge.refunded marks the payment and the order refunded, once per event id, with no crumb', async () => {
    const { id, orderId, amount } = await paidOrder('FK-INC-01', { stock: 5 });
    const payload = event('charge.refunded', { id: 'ch_1', object: 'charge', amount, amount_refunded: amount, refunded: true, payment_intent: id, metadata: {} });
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, updated: 2 });
    expect(await paymentStatus(id)).toBe('refunded');
    expect((await env.worker.db.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<{ status: string }>())!.status).toBe('refunded');
    const again = await deliver(payload);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await count(`SELECT COUNT(*) AS n FROM payment_events WHERE payment_ref = ?`, id)).toBe(1);
    // A late payment_intent.succeeded never undoes the refund.
    const late = await deliver(event('payment_intent.succeeded', { ...stripe.intents.get(id) }));
    expect(await late.json()).toEqual({ received: true, updated: 0 });
    expect(await paymentStatus(id)).toBe('refunded');
  });

  it('the same event delivered 8 times at once is recorded once and ends in one state', async () => {
    const { id, amount } = await paidOrder('FK-INC-01', { stock: 5 });
    const payload = event('charge.refunded', { id: 'ch_c', object: 'charge', amount, amount_refunded: amount, refunded: true, payment_intent: id, metadata: {} });
    const answers = await Promise.all(Array.from({ length: 8 }, () => deliver(payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await count('SELECT COUNT(*) AS n FROM payment_events WHERE payment_ref = ?', id)).toBe(1);
    expect(await paymentStatus(id)).toBe('refunded');
  });

  it('a partial refund marks the payment partially refunded and keeps the order paid', async () => {
    const { id, orderId, amount } = await paidOrder('FK-INC-01', { stock: 5 });
    await deliver(event('charge.refunded', { id: 'ch_2', object: 'charge', amount, amount_refunded: 100, refunded: false, payment_intent: id, metadata: {} }));
    expect(await paymentStatus(id)).toBe('partially_refunded');
    expect((await env.worker.db.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<{ status: string }>())!.status).toBe('paid');
  });

  it('payment_intent.payment_failed does not touch a captured payment; unknown types are acknowledged', async () => {
    const { id } = await paidOrder('FK-INC-01', { stock: 5 });
    const failed = await deliver(event('payment_intent.payment_failed', { ...stripe.intents.get(id), status: 'requires_payment_method' }));
    expect(await failed.json()).toEqual({ received: true, updated: 0 });
    expect(await paymentStatus(id)).toBe('captured');
    const other = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(await other.json()).toEqual({ received: true, ignored: true });
  });

  it('400 on a bad, missing or stale signature, and nothing is recorded', async () => {
    const { id } = await paidOrder('FK-INC-01', { stock: 5 });
    const payload = event('charge.refunded', { id: 'ch_3', object: 'charge', amount: 1, amount_refunded: 1, refunded: true, payment_intent: id, metadata: {} });
    const before = await count('SELECT COUNT(*) AS n FROM payment_events');
    const forged = await deliver(payload, signStripePayload(payload, 'whsec_wrong'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'invalid_signature', message: 'The webhook signature does not match.' });
    const tampered = await deliver(payload.replace('"amount":1', '"amount":2'), signStripePayload(payload, STRIPE_WEBHOOK_SECRET));
    expect(tampered.status).toBe(400);
    const stale = await deliver(payload, signStripePayload(payload, STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.status).toBe(400);
    const unsigned = await env.worker.fetch(WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(await count('SELECT COUNT(*) AS n FROM payment_events')).toBe(before);
    expect(await paymentStatus(id)).toBe('captured');
  });
});

describe('scheduled Stripe reconcile', () => {
  const runCron = async () => {
    const result = await env.worker.scheduled('* * * * *');
    expect(result.outcome).toBe('ok');
  };
  const refundsOf = (id: string) => stripe.refunds.filter((r) => r.payment_intent === id);
  const succeeded = (id: string) => event('payment_intent.succeeded', { ...stripe.intents.get(id) });
  const age = (id: string) => env.worker.db.prepare('UPDATE payment_events SET received_on = received_on - 16 * 60 * 1000 WHERE payment_ref = ?').bind(id).run();

  it('retries a refund Stripe refused at checkout until it goes through', async () => {
    const { v, id } = await readyToPay('FK-PIT-01', { stock: 3 });
    stripe.failRefunds = true;
    await env.worker.db.prepare(`CREATE TRIGGER inject_stripe_failure BEFORE INSERT ON order_lines BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    expect((await payWith(v, id)).status).toBe(503);
    await env.worker.db.prepare('DROP TRIGGER inject_stripe_failure').run();
    expect(await paymentStatus(id)).toBe('refund_failed');
    await runCron();
    expect(await paymentStatus(id)).toBe('refund_failed');
    stripe.failRefunds = false;
    await runCron();
    expect(await paymentStatus(id)).toBe('refunded');
    expect(refundsOf(id)).toHaveLength(1);
    await runCron();
    expect(refundsOf(id)).toHaveLength(1);
  });

  it('refunds a captured intent that never got its order, only after 15 minutes, once', async () => {
    const { v, id } = await readyToPay('FK-PLN-4', { stock: 5 });
    // Captured at Stripe, but the order was never written (e.g. the worker died in between).
    Object.assign(stripe.intents.get(id)!, { status: 'succeeded', amount_received: stripe.intents.get(id)!.amount });
    expect((await deliver(succeeded(id))).status).toBe(200);
    await runCron();
    expect(refundsOf(id)).toHaveLength(0);
    await age(id);
    await runCron();
    expect(refundsOf(id)).toEqual([expect.objectContaining({ amount: stripe.intents.get(id)!.amount })]);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ? AND order_id IS NULL AND status = 'refunded'`, id)).toBe(1);
    await runCron();
    expect(refundsOf(id)).toHaveLength(1);
  });

  it('leaves an intent an unfinished order key records as its payment to the order reconciler (issue 35)', async () => {
    const { id } = await readyToPay('FK-MUG-08-OAT', { stock: 20 });
    Object.assign(stripe.intents.get(id)!, { status: 'succeeded', amount_received: stripe.intents.get(id)!.amount });
    expect((await deliver(succeeded(id))).status).toBe(200);
    await age(id);
    // The key of the attempt that took it, paid and still leased: finishing it (or refunding it) is the order reconciler's.
    const site = (await env.worker.db.prepare('SELECT id FROM websites LIMIT 1').first<{ id: string }>())!.id;
    await env.worker.db
      .prepare(
        `INSERT INTO idempotency_keys (website_id, key, requester_hash, created_on, lease_until, attempt_id, coupon_ids, secured_on, paid_on, payment_provider, payment_ref, paid_cents, currency)
         VALUES (?1, ?2, 'r', ?3, ?4, 'a-stripe-left', '[]', ?3, ?3, 'stripe', ?5, ?6, 'USD')`,
      )
      .bind(site, `stripe-left-${id}`, Date.now(), Date.now() + 3_600_000, id, stripe.intents.get(id)!.amount)
      .run();
    await runCron();
    expect(refundsOf(id)).toHaveLength(0);
    expect(await count(`SELECT COUNT(*) AS n FROM payments WHERE provider_ref = ?`, id)).toBe(0);
  });

  it('never refunds an intent that paid an order', async () => {
    const { id } = await paidOrder('FK-INC-01', { stock: 5 });
    await deliver(succeeded(id));
    await age(id);
    await runCron();
    expect(refundsOf(id)).toHaveLength(0);
    expect(await paymentStatus(id)).toBe('captured');
  });
});

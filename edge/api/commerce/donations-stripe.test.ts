import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAY_MS } from '../../services/subscriptions/index.js';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './test-stripe-checkout.js';
import { signStripePayload } from './test-stripe-server.js';
import { useStripeWorker } from './test-stripe-worker.js';
import { TestVisitor } from './test-visitor.js';

/**
 * Donations on a site whose payment provider is Stripe (issue 30): the PaymentIntent of
 * POST /api/commerce/donations/stripe/intent, confirmed as Stripe.js does (the local
 * Stripe-protocol server), captured by POST /api/commerce/donations with the same key; monthly
 * gifts whose saved card the renewal Cron charges; the donate page (203) of a Stripe site.
 */
const env = useStripeWorker();
const { stripe, count } = env;
beforeEach(() => {
  stripe.declineCaptures = false;
});

let ip = 20;
async function visitor(): Promise<TestVisitor> {
  const v = new TestVisitor(env.worker, `198.51.100.${ip++}`);
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
      env.worker.fetch('/api/commerce/payments/stripe/webhook', {
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

  it('refusals: a monthly intent without the donor’s email (400), the test card on a Stripe site (422), out-of-range amounts (400), no key (400)', async () => {
    const v = await visitor();
    const intentsBefore = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;
    const monthly = await intentFor(v, `don-stripe-${randomUUID()}`, { amount: 2500, frequency: 'monthly' });
    expect(monthly.status).toBe(400);
    expect(monthly.json.fields).toEqual({ email: 'Enter a valid email address.' });
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

const RENEWAL_CRON = '7 * * * *';
type Row = Record<string, any>;
const subscriptionOf = (orderId: string) => env.worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(orderId).first<Row>();
const reload = async (id: string) => (await env.worker.db.prepare('SELECT * FROM subscriptions WHERE id = ?').bind(id).first<Row>())!;
/** Only this subscription is due: the others' dates move far out of the way. */
const onlyDue = (id: string) =>
  env.worker.db.prepare("UPDATE subscriptions SET next_billing_at = next_billing_at + 100000 * 86400000 WHERE id <> ? AND status IN ('active', 'past_due')").bind(id).run();
const offSessionCharges = () => stripe.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.form.off_session === 'true');

/** A monthly gift through Stripe as the donate page's island makes it: intent (saving the card), Stripe.js's confirm, the donation. */
async function giveMonthly(email: string, o: { amount?: number; card?: string } = {}) {
  const v = await visitor();
  const key = `don-monthly-${randomUUID()}`;
  const amount = o.amount ?? 1500;
  const prepared = await intentFor(v, key, { amount, frequency: 'monthly', email });
  expect(prepared.status, JSON.stringify(prepared.json)).toBe(200);
  const intent = stripe.confirm(prepared.json.paymentIntent.id, o.card);
  const res = await give(v, key, intent.id, { amount, frequency: 'monthly', email });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { prepared, intent, res, sub: (await subscriptionOf(res.json.donation.id))! };
}

describe('monthly donations through Stripe', () => {
  it('the intent saves the card to the donor’s Customer; the first gift starts the subscription with it; the renewal Cron charges it once at the month', async () => {
    const email = `monthly-${randomUUID().slice(0, 8)}@example.com`;
    const { prepared, intent, res, sub } = await giveMonthly(email);
    expect(prepared.json.paymentIntent).toMatchObject({ amount: 1500, currency: 'usd', setupFutureUsage: 'off_session' });
    const customers = [...stripe.customers.values()].filter((c) => c.email === email);
    expect(customers).toHaveLength(1);
    const created = stripe.callsTo('POST', /^\/v1\/payment_intents$/).find((c) => c.form.customer === customers[0]!.id)!;
    expect(created.form).toMatchObject({ amount: '1500', customer: customers[0]!.id, setup_future_usage: 'off_session', capture_method: 'manual' });
    expect(res.json.donation).toMatchObject({ kind: 'donation', grandTotal: 1500 });
    expect(res.json.donation.items[0]).toMatchObject({ productName: 'Monthly donation' });
    expect(stripe.intents.get(intent.id)!.status).toBe('succeeded');
    // The saved card is read from Stripe's intent: the Customer and the card Stripe.js attached.
    expect(sub).toMatchObject({ item_id: 'donation', payment_provider: 'stripe', payment_ref: `${customers[0]!.id}:${intent.payment_method}`, status: 'active', cycles_billed: 1, renewal_total_cents: 1500 });
    expect(stripe.paymentMethods.get(intent.payment_method!)!.customer).toBe(customers[0]!.id);

    await onlyDue(sub.id);
    const before = offSessionCharges().length;
    // A second before the month is up (fixed clocks): nothing charged.
    expect((await env.worker.scheduled(RENEWAL_CRON, (sub.next_billing_at as number) - 1000)).outcome).toBe('ok');
    expect(offSessionCharges()).toHaveLength(before);
    // At the month, two overlapping runs: one off-session charge of the saved card, one renewal donation with its receipt.
    const runs = await Promise.all([0, 1].map(() => env.worker.scheduled(RENEWAL_CRON, sub.next_billing_at as number)));
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    const charges = offSessionCharges().slice(before);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.form).toMatchObject({ amount: '1500', currency: 'usd', customer: customers[0]!.id, payment_method: intent.payment_method, confirm: 'true', off_session: 'true' });
    expect(await reload(sub.id)).toMatchObject({ status: 'active', cycles_billed: 2, failed_attempts: 0 });
    expect(await count('SELECT COUNT(*) AS n FROM orders WHERE email = ? AND purchased_cart_id = ?', email, `donation:renewal:${sub.id}:2`)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM payments p JOIN account_orders a ON a.order_id = p.order_id WHERE a.subscription_id = ? AND a.cycle = 2 AND p.provider = 'stripe' AND p.status = 'captured' AND p.amount_cents = 1500", sub.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = 'subscription-renewed'", email)).toBe(1);
  });

  it('a renewal declined off session makes the monthly gift past due with the reason, as product subscriptions are; no renewal donation', async () => {
    const email = `monthly-${randomUUID().slice(0, 8)}@example.com`;
    // Stripe's 0341 test card pays while the donor is there and is declined on every later charge.
    const { sub } = await giveMonthly(email, { card: '4000 0000 0000 0341' });
    await onlyDue(sub.id);
    const at = (sub.next_billing_at as number) + 1000;
    expect((await env.worker.scheduled(RENEWAL_CRON, at)).outcome).toBe('ok');
    expect(await reload(sub.id)).toMatchObject({ status: 'past_due', cycles_billed: 1, failed_attempts: 1, last_failure: 'Your card was declined.', next_billing_at: at + RETRY_DELAY_MS });
    expect(await count('SELECT COUNT(*) AS n FROM account_orders WHERE subscription_id = ? AND cycle > 1', sub.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ? AND kind LIKE 'subscription-%' AND text_body LIKE '%Your card was declined.%'", email)).toBe(1);
  });

  it('an intent that does not save the card is refused before capture (422 payment_not_reusable), nothing charged', async () => {
    const v = await visitor();
    const key = `don-monthly-${randomUUID()}`;
    const email = 'unsaved@example.com';
    const id = (await intentFor(v, key, { amount: 1200, frequency: 'monthly', email })).json.paymentIntent.id as string;
    const intent = stripe.confirm(id);
    intent.setup_future_usage = null;
    const res = await give(v, key, id, { amount: 1200, frequency: 'monthly', email });
    expect(res.status).toBe(422);
    expect(res.json.error).toBe('payment_not_reusable');
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${id}/capture$`))).toHaveLength(0);
    expect(await count('SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?', email)).toBe(0);
  });
});

const cookieOf = (v: TestVisitor) => [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ');

describe('the donate page (203) on a Stripe site', () => {
  it('has no test-card fields: the island marker carries the publishable key and locale, and its CSP lets Stripe.js load', async () => {
    const v = await visitor();
    const res = await env.worker.fetch('/donate?amount=2500&frequency=monthly', { headers: { Cookie: cookieOf(v) } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = /<section class="donate"[^>]*>/.exec(html)![0];
    expect(section).toContain('data-island="donate"');
    expect(section).toContain('data-prop-stripe="{&quot;publishableKey&quot;:&quot;pk_test_atelier&quot;,&quot;locale&quot;:&quot;en&quot;}"');
    expect(section).toContain('data-prop-currency="USD"');
    for (const name of ['cardNumber', 'expMonth', 'expYear', 'cvc']) expect(html).not.toContain(`name="${name}"`);
    expect(html).toContain('<div class="donate-stripe-element"></div>');
    expect(html).toContain('<noscript><p class="donate-needs-js">Paying by card on this site needs JavaScript. Please turn JavaScript on and reload this page to give.</p></noscript>');
    expect(html).toMatch(/<p class="donate-status" aria-live="polite">/);
    expect(html).not.toContain(STRIPE_SECRET_KEY);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    const json = await v.send('GET', '/donate?format=json');
    expect(json.json.donation.stripe).toEqual({ publishableKey: 'pk_test_atelier', locale: 'en' });
    expect((await env.worker.fetch('/contribution-confirmed')).headers.get('Content-Security-Policy')).not.toContain('stripe.com');
  });

  it('a form posted without JavaScript comes back as the page saying so, with everything typed kept; nothing asked of Stripe', async () => {
    const v = await visitor();
    const html = await env.worker.fetch('/donate', { headers: { Cookie: cookieOf(v) } }).then((r) => r.text());
    const crumb = /name="crumb" value="([^"]+)"/.exec(html)![1]!;
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;
    const intentsBefore = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;
    const res = await env.worker.fetch('/donate', {
      method: 'POST', redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieOf(v) },
      body: new URLSearchParams({ crumb, idempotencyKey, amount: '42.50', email: 'nojs@example.com', name: 'No Script', message: 'For <the> kiln', anonymous: '1', coverFee: '1', frequency: 'monthly' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<p class="form-notice" role="alert">Paying by card on this site needs JavaScript. Please turn JavaScript on and reload this page to give.</p>');
    expect(page).not.toContain('payments_off');
    expect(page).toContain('value="42.50"');
    expect(page).toContain('value="nojs@example.com"');
    expect(page).toContain('value="No Script"');
    expect(page).toContain('For &lt;the&gt; kiln</textarea>');
    expect(page).toMatch(/name="anonymous" value="1" checked/);
    expect(page).toMatch(/name="coverFee" value="1" checked/);
    expect(page).toMatch(/name="frequency" value="monthly" checked/);
    expect(page).not.toContain('name="cardNumber"');
    expect(stripe.callsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(intentsBefore);
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE email = 'nojs@example.com'")).toBe(0);
  });
});

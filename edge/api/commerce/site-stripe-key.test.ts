import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { STRIPE_WEBHOOK_SECRET, stripeShop } from './test-stripe-checkout.js';
import { FakeStripe, signStripePayload } from './test-stripe-server.js';
import { ownerSessions } from './test-owner.js';
import { shopper, subscriptionCart } from './test-subscription.js';

/**
 * A site whose Stripe secret key is stored in its commerce settings (encrypted), on a
 * deployment with no STRIPE_SECRET_KEY: the webhook verification path, the owner's refunds,
 * the Cron jobs (Stripe reconcile, pending refunds) use the site's key — every Stripe call
 * carries it — where before they knew only the deployment's key (404, 'not set up').
 */
const SITE_KEY = 'sk_test_siteOwnKey0123456789ABCD';
let worker: RunningWorker;
let as: Awaited<ReturnType<typeof ownerSessions>>;
const stripe = new FakeStripe();
beforeAll(async () => {
  await stripe.start();
  worker = await startWorker({
    bindings: { SETTINGS_ENCRYPTION_KEY: 'test-settings-encryption-key-0123456789', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_atelier' },
  });
  as = await ownerSessions(worker, 'site-stripe');
  expect((await as.admin.send('PUT', '/api/owner/payment-keys/stripe', { secretKey: SITE_KEY })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await stripe.stop();
});

const { paidOrder } = stripeShop(() => worker, stripe);
const API = '/api/commerce/owner/orders';
const WEBHOOK = '/api/commerce/payments/stripe/webhook';
const bearer = `Bearer ${SITE_KEY}`;
const status = async (ref: string) => (await worker.db.prepare('SELECT status FROM payments WHERE provider_ref = ?').bind(ref).first<{ status: string }>())?.status;

describe("the site's stored Stripe key", () => {
  it('verifies webhooks, refunds through the owner, and the Cron reconcile retries a refused refund, each with the site key', async () => {
    const paid = await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    expect(stripe.calls.filter((c) => c.path.startsWith('/v1/payment_intents')).every((c) => c.authorization === bearer)).toBe(true);

    // Webhook: accepted and applied (the signing secret is the deployment's, the key the site's).
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'charge.refunded', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false,
      data: { object: { id: 'ch_site', object: 'charge', amount: paid.amount, amount_refunded: 100, refunded: false, payment_intent: paid.id, metadata: {} } },
    });
    const hook = await worker.fetch(WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(payload, STRIPE_WEBHOOK_SECRET) }, body: payload });
    expect(hook.status).toBe(200);
    expect(await status(paid.id)).toBe('partially_refunded');

    // The owner's refund goes to Stripe with the site's key.
    const number = (await as.admin.get(API)).json.orders[0].orderNumber as number;
    const refund = await worker.fetch(`${API}/${number}/refunds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: as.admin.signed!.cookie, 'X-CSRF-Token': as.admin.signed!.xsrfToken, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ amountCents: 1000 }),
    });
    expect(refund.status).toBe(201);
    expect(stripe.callsTo('POST', /^\/v1\/refunds$/).at(-1)!.authorization).toBe(bearer);

    // Cron: a refund Stripe refused at checkout is retried with the site's key.
    const other = await paidOrder('FK-MUG-08-OAT', { stock: 20 });
    await worker.db.prepare(`UPDATE payments SET status = 'refund_failed' WHERE provider_ref = ?`).bind(other.id).run();
    await worker.scheduled('* * * * *', Date.now());
    expect(await status(other.id)).toBe('refunded');
    const retried = stripe.callsTo('POST', /^\/v1\/refunds$/).filter((c) => c.form.payment_intent === other.id);
    expect(retried.map((c) => c.authorization)).toEqual([bearer]);
  });

  it('the subscription renewal Cron charges the saved card with the site key', async () => {
    const v = await shopper(worker, '198.51.100.77');
    const cartToken = await subscriptionCart(v, worker.db);
    const prepared = await v.send('POST', '/api/commerce/payments/stripe/intent', { cartToken, email: 'club@example.com' });
    expect(prepared.status).toBe(200);
    stripe.confirm(prepared.json.paymentIntent.id);
    const placed = await v.send('POST', '/api/commerce/orders', { email: 'club@example.com', cartToken, payment: { provider: 'stripe', paymentIntentId: prepared.json.paymentIntent.id } }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(placed.status).toBe(201);
    const sub = (await worker.db.prepare('SELECT id, next_billing_at AS at FROM subscriptions WHERE first_order_id = ?').bind(placed.json.order.id).first<{ id: string; at: number }>())!;
    const before = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;
    expect((await worker.scheduled('7 * * * *', sub.at + 1000)).outcome).toBe('ok');
    const charges = stripe.callsTo('POST', /^\/v1\/payment_intents$/).slice(before).filter((c) => c.form.off_session === 'true');
    expect(charges).toHaveLength(1);
    expect(charges[0]!.authorization).toBe(bearer);
    expect((await worker.db.prepare('SELECT cycles_billed AS n FROM subscriptions WHERE id = ?').bind(sub.id).first<{ n: number }>())!.n).toBe(2);
  });
});

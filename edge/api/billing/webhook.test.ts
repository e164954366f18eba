import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCookies, startWorker, testAddress, type RunningWorker } from '../../test-support.js';
import { signStripePayload } from '../commerce/test-stripe-server.js';

/**
 * The platform's Stripe billing webhook over HTTP (issue 34, docs/api/billing.md "Webhook"):
 * signed deliveries on the platform host move a site's subscription state, plan and trial end
 * on its home shard (the directory's copy of a shard-1 site is left alone), once per event id,
 * never back to an older event's state.
 */
let worker: RunningWorker;
const HOST = 'app.localhost';
const CRUMB = 'crumb-for-billing-webhook-01';
const SECRET = 'whsec_billing_webhook_test';
const WEBHOOK = '/api/billing/stripe/webhook';
type Json = Record<string, any>;
/** The deployment's price table (docs/api/billing.md "Prices"): two prices name Business. */
const PRICES = { price_personal_m: 'personal', price_business_m: 'business', price_business_y: 'business', price_commerce_m: 'commerce' };

let demoId: string;
let shardSiteId: string;

function platformSend(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return worker.fetch(path, {
    host: HOST,
    method,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': testAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  worker = await startWorker({ bindings: { STRIPE_BILLING_WEBHOOK_SECRET: SECRET, STRIPE_BILLING_PRICES: JSON.stringify(PRICES) } });
  demoId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
  await worker.db.prepare(`UPDATE websites SET billing_reference = 'sub_demo' WHERE id = ?`).bind(demoId).run();
  // A new owner's site: the first created goes to shard 1 (the fewest sites).
  const email = 'owner@billing-webhook.test';
  expect((await platformSend('POST', '/api/platform/owners', { email, password: 'webhook-Pass-1' })).status).toBe(202);
  const mail = await worker.db.prepare('SELECT text_body AS text FROM mail_outbox WHERE to_address = ? ORDER BY created_on DESC LIMIT 1').bind(email).first<{ text: string }>();
  const verified = await platformSend('POST', '/api/platform/owners/verify', { token: /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1] });
  const session = { Cookie: `crumb=${CRUMB}; PlatformSession=${responseCookies(verified).get('PlatformSession')}` };
  const created = await platformSend('POST', '/api/platform/sites', { title: 'Far Away', starter: 'blank', slug: 'far-away' }, session);
  expect(created.status).toBe(201);
  shardSiteId = ((await created.json()) as Json).site.id;
  // subscribeSite writes the reference on the site's own row (its shard), as here.
  await worker.shards[1]!.prepare(`UPDATE websites SET billing_reference = 'sub_far', subscription_state = 8 WHERE id = ?`).bind(shardSiteId).run();
}, 120_000);
afterAll(async () => worker?.dispose());

let seq = 0;
/** A Stripe event's JSON with a fresh id (or `id`), `created` in epoch seconds. */
function stripeEvent(type: string, object: Json, created: number, id = `evt_billing_${++seq}`): string {
  return JSON.stringify({ id, object: 'event', api_version: '2025-10-29', type, created, livemode: false, data: { object } });
}
/** A subscription object; with `price` its one item's price (`product` for a price the adapter made with price_data). */
const subscription = (id: string, status: string, price?: string, product = 'prod_other') => ({
  id, object: 'subscription', status,
  ...(price ? { items: { object: 'list', data: [{ id: `si_${++seq}`, object: 'subscription_item', price: { id: price, object: 'price', product } }] } } : {}),
});
const invoice = (sub: string) => ({ id: `in_${++seq}`, object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: sub } } });

const deliver = (payload: string, signature = signStripePayload(payload, SECRET), host = HOST) =>
  worker.fetch(WEBHOOK, { host, method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature }, body: payload });

async function deliverOk(payload: string): Promise<Json> {
  const res = await deliver(payload);
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const row = (db: RunningWorker['db'], id: string) =>
  db.prepare('SELECT subscription_state AS state, content_version AS version, billing_event_on AS eventOn FROM websites WHERE id = ?').bind(id).first<{ state: number; version: number; eventOn: number | null }>();
const planRow = (db: RunningWorker['db'], id: string) =>
  db.prepare('SELECT subscription_state AS state, plan, trial_ends_on AS trialEndsOn FROM websites WHERE id = ?').bind(id).first<{ state: number; plan: string; trialEndsOn: number | null }>();
const demo = () => row(worker.db, demoId);
const billingEvents = async () => (await worker.db.prepare(`SELECT count(*) AS n FROM payment_events WHERE provider = 'stripe_billing'`).first<{ n: number }>())!.n;

/** Event times: each test's events are later than the previous test's. */
let clock = Math.floor(Date.now() / 1000);
const later = (seconds = 10) => (clock += seconds);

describe('POST /api/billing/stripe/webhook', () => {
  it('refuses a missing, forged, tampered or stale signature with 400 and changes nothing', async () => {
    const before = { site: await demo(), events: await billingEvents() };
    const payload = stripeEvent('customer.subscription.updated', subscription('sub_demo', 'past_due'), later());
    const forged = await deliver(payload, signStripePayload(payload, 'whsec_wrong'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'invalid_signature', message: 'The webhook signature does not match.' });
    expect((await deliver(payload.replace('past_due', 'canceled'), signStripePayload(payload, SECRET))).status).toBe(400);
    expect((await deliver(payload, signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    const unsigned = await worker.fetch(WEBHOOK, { host: HOST, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as Json).error).toBe('invalid_signature');
    expect({ site: await demo(), events: await billingEvents() }).toEqual(before);
  });

  it('is served on the platform host only (on a site host the post is an ordinary crumb-less write: 401)', async () => {
    const before = await demo();
    const payload = stripeEvent('customer.subscription.deleted', subscription('sub_demo', 'canceled'), later());
    expect((await deliver(payload, undefined, 'localhost')).status).toBe(401);
    expect(await demo()).toEqual(before);
  });

  it('moves a shard-0 site through past due, expired and paid, each with a new content version', async () => {
    const start = (await demo())!;
    expect(await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'past_due'), later()))).toEqual({ received: true, updated: 1 });
    expect(await demo()).toMatchObject({ state: 2, version: start.version + 1, eventOn: clock });
    // Past due keeps the site up.
    expect((await worker.fetch('/')).status).toBe(200);

    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'canceled'), later()));
    expect(await demo()).toMatchObject({ state: 1, version: start.version + 2 });
    expect((await worker.fetch('/')).status).toBe(503);

    await deliverOk(stripeEvent('invoice.paid', invoice('sub_demo'), later()));
    expect(await demo()).toMatchObject({ state: 8, version: start.version + 3 });
    expect((await worker.fetch('/')).status).toBe(200);

    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'unpaid'), later()));
    expect((await demo())!.state).toBe(1);
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'active'), later()));
    expect((await demo())!.state).toBe(8);
    await deliverOk(stripeEvent('invoice.payment_failed', invoice('sub_demo'), later()));
    expect((await demo())!.state).toBe(2);
    await deliverOk(stripeEvent('customer.subscription.deleted', subscription('sub_demo', 'canceled'), later()));
    expect((await demo())!.state).toBe(1);
    await deliverOk(stripeEvent('invoice.paid', invoice('sub_demo'), later()));
    expect((await demo())!.state).toBe(8);
    // The event ids are recorded against the site.
    const recorded = await worker.db.prepare(`SELECT website_id AS site, payment_ref AS ref FROM payment_events WHERE provider = 'stripe_billing' ORDER BY received_on DESC LIMIT 1`).first();
    expect(recorded).toEqual({ site: demoId, ref: 'sub_demo' });
  });

  it('updates a site on shard 1 on its shard only (the directory copy is not its state); its host follows', async () => {
    expect((await worker.db.prepare('SELECT shard FROM websites WHERE id = ?').bind(shardSiteId).first<{ shard: number }>())!.shard).toBe(1);
    const onShard = () => row(worker.shards[1]!, shardSiteId);
    const inDirectory = () => row(worker.db, shardSiteId);
    // Even a directory copy carrying the subscription (as after a move away from shard 0) is left alone.
    await worker.db.prepare(`UPDATE websites SET billing_reference = 'sub_far' WHERE id = ?`).bind(shardSiteId).run();
    const before = { shard: (await onShard())!, directory: (await inDirectory())! };
    expect((await worker.fetch('/', { host: 'far-away.localhost' })).status).toBe(200);

    expect(await deliverOk(stripeEvent('invoice.payment_failed', invoice('sub_far'), later()))).toEqual({ received: true, updated: 1 });
    expect(await onShard()).toMatchObject({ state: 2, version: before.shard.version + 1, eventOn: clock });

    await deliverOk(stripeEvent('customer.subscription.deleted', subscription('sub_far', 'canceled'), later()));
    expect((await onShard())!.state).toBe(1);
    expect((await worker.fetch('/', { host: 'far-away.localhost' })).status).toBe(503);

    await deliverOk(stripeEvent('invoice.paid', invoice('sub_far'), later()));
    expect((await onShard())!.state).toBe(8);
    expect((await worker.fetch('/', { host: 'far-away.localhost' })).status).toBe(200);
    expect(await inDirectory()).toEqual(before.directory);
    // The demo site, with another subscription, was not touched.
    expect((await demo())!.state).toBe(8);
  });

  it('answers 503 while the site is being moved between shards, changing and recording nothing; the retry applies it', async () => {
    const before = { shard: await row(worker.shards[1]!, shardSiteId), events: await billingEvents() };
    const payload = stripeEvent('invoice.payment_failed', invoice('sub_far'), later());
    await worker.db.prepare('UPDATE websites SET read_only = 1 WHERE id = ?').bind(shardSiteId).run();
    const refused = await deliver(payload);
    await worker.db.prepare('UPDATE websites SET read_only = 0 WHERE id = ?').bind(shardSiteId).run();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as Json).error).toBe('site_read_only');
    expect({ shard: await row(worker.shards[1]!, shardSiteId), events: await billingEvents() }).toEqual(before);
    expect(await deliverOk(payload)).toEqual({ received: true, updated: 1 });
    expect((await row(worker.shards[1]!, shardSiteId))!.state).toBe(2);
  });

  it('applies a replayed event once: the repeat is answered as a duplicate and changes nothing', async () => {
    const payload = stripeEvent('invoice.payment_failed', invoice('sub_demo'), later());
    expect(await deliverOk(payload)).toEqual({ received: true, updated: 1 });
    const after = await demo();
    const events = await billingEvents();
    expect(await deliverOk(payload)).toEqual({ received: true, duplicate: true });
    // Re-signed later (Stripe's retry signs afresh): still the same event id.
    expect(await deliverOk(payload)).toEqual({ received: true, duplicate: true });
    expect(await demo()).toEqual(after);
    expect(await billingEvents()).toBe(events);
  });

  it('applies one of two concurrent deliveries of the same event', async () => {
    const before = (await demo())!;
    const payload = stripeEvent('invoice.paid', invoice('sub_demo'), later());
    const answers = await Promise.all([deliverOk(payload), deliverOk(payload), deliverOk(payload)]);
    expect(answers.filter((a) => a.updated === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.duplicate)).toHaveLength(2);
    expect(await demo()).toMatchObject({ state: 8, version: before.version + 1 });
  });

  it('never lets an older event undo a newer state (out-of-order delivery)', async () => {
    const older = later();
    const newer = later();
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'active'), newer));
    const after = await demo();
    expect(after).toMatchObject({ state: 8, eventOn: newer });
    // The older "payment failed" arrives late: recorded as seen, the site stays paid.
    expect(await deliverOk(stripeEvent('invoice.payment_failed', invoice('sub_demo'), older))).toEqual({ received: true, ignored: true });
    expect(await demo()).toEqual(after);
    // Same on shard 1.
    await deliverOk(stripeEvent('customer.subscription.deleted', subscription('sub_far', 'canceled'), newer));
    await deliverOk(stripeEvent('invoice.paid', invoice('sub_far'), older));
    expect((await row(worker.shards[1]!, shardSiteId))!.state).toBe(1);
    // An older plan change neither: the plan stays.
    const plan = (await planRow(worker.db, demoId))!.plan;
    expect(await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'active', 'price_personal_m'), older))).toEqual({ received: true, ignored: true });
    expect((await planRow(worker.db, demoId))!.plan).toBe(plan);
  });

  it('answers 200 and changes nothing for an unknown subscription or an event billing does not use', async () => {
    const before = { demo: await demo(), far: await row(worker.shards[1]!, shardSiteId) };
    expect(await deliverOk(stripeEvent('invoice.paid', invoice('sub_nobody'), later()))).toEqual({ received: true, ignored: true });
    expect(await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_demo', 'trialing'), later()))).toEqual({ received: true, ignored: true });
    expect(await deliverOk(stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, later()))).toEqual({ received: true, ignored: true });
    expect(await deliverOk(stripeEvent('invoice.paid', { id: 'in_one_off', object: 'invoice', parent: null }, later()))).toEqual({ received: true, ignored: true });
    expect({ demo: await demo(), far: await row(worker.shards[1]!, shardSiteId) }).toEqual(before);
  });

  it('changes the plan from the price id (table or the adapter\u2019s own product), and a paid invoice ends the trial', async () => {
    const far = () => planRow(worker.shards[1]!, shardSiteId);
    // A site on trial whose subscription was created in Stripe: created + active on the Business price.
    const trialEnd = Date.now() + 5 * 86_400_000;
    await worker.shards[1]!.prepare(`UPDATE websites SET subscription_state = 3, plan = 'personal', trial_ends_on = ?2, billing_reference = 'sub_far' WHERE id = ?1`).bind(shardSiteId, trialEnd).run();
    expect(await deliverOk(stripeEvent('customer.subscription.created', subscription('sub_far', 'active', 'price_business_m'), later()))).toEqual({ received: true, updated: 1 });
    expect(await far()).toEqual({ state: 8, plan: 'business', trialEndsOn: null });

    // Upgraded in Stripe to the Commerce price; then the yearly Business price (a second price of one plan).
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_far', 'active', 'price_commerce_m'), later()));
    expect((await far())!.plan).toBe('commerce');
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_far', 'past_due', 'price_business_y'), later()));
    expect(await far()).toMatchObject({ state: 2, plan: 'business' });
    // A price the adapter made with price_data names its plan by product; an unknown price keeps the plan.
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_far', 'active', 'price_adhoc_1', 'atelier_plan_commerce'), later()));
    expect(await far()).toMatchObject({ state: 8, plan: 'commerce' });
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_far', 'active', 'price_unknown'), later()));
    expect((await far())!.plan).toBe('commerce');
    // A cancelled subscription expires the site and keeps its plan (renewing brings it back as it was).
    await deliverOk(stripeEvent('customer.subscription.updated', subscription('sub_far', 'canceled', 'price_personal_m'), later()));
    expect(await far()).toMatchObject({ state: 1, plan: 'commerce' });

    // invoice.paid on a site still on trial: paid, trial end cleared; the banner's days are gone from the billing view.
    await worker.shards[1]!.prepare('UPDATE websites SET subscription_state = 3, trial_ends_on = ?2 WHERE id = ?1').bind(shardSiteId, trialEnd).run();
    await deliverOk(stripeEvent('invoice.paid', invoice('sub_far'), later()));
    expect(await far()).toMatchObject({ state: 8, trialEndsOn: null });
    // A failed payment keeps a trial end where there is one (only paying clears it).
    await worker.shards[1]!.prepare('UPDATE websites SET subscription_state = 3, trial_ends_on = ?2 WHERE id = ?1').bind(shardSiteId, trialEnd).run();
    await deliverOk(stripeEvent('invoice.payment_failed', invoice('sub_far'), later()));
    expect(await far()).toMatchObject({ state: 2, trialEndsOn: trialEnd });
    await deliverOk(stripeEvent('invoice.paid', invoice('sub_far'), later()));
  });
});

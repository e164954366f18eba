import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../api/commerce/test-stripe-server.js';
import { billingProviderFor } from './index.js';
import { billingPrices, planForPrice, priceForPlan } from './prices.js';
import { BILLING_CARD_MISSING, BILLING_DECLINED, stripeBilling, testBilling, type SubscribeRequest } from './provider.js';

/** The billing providers: the local test one and the Stripe subscriptions adapter against the local Stripe-protocol server. */
const stripe = new FakeStripe();
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
beforeEach(() => {
  stripe.incompleteSubscriptions = false;
  stripe.down = false;
});

const request = (over: Partial<SubscribeRequest> = {}): SubscribeRequest => ({
  websiteId: 'site-1', plan: 'business', email: 'owner@example.com', monthlyCents: 3300, previousReference: null, idempotencyKey: crypto.randomUUID(), ...over,
});

describe('billingProviderFor', () => {
  it('uses the local test provider unless BILLING_PROVIDER=stripe with a key', () => {
    expect(billingProviderFor({}).name).toBe('test');
    expect(billingProviderFor({ STRIPE_SECRET_KEY: 'sk_test_x' }).name).toBe('test');
    expect(billingProviderFor({ BILLING_PROVIDER: 'stripe' }).name).toBe('test');
    expect(billingProviderFor({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }).name).toBe('stripe');
  });
});

describe('test billing', () => {
  it('pays with any card but the declining one', async () => {
    expect(await testBilling().subscribe(request())).toMatchObject({ ok: true, reference: expect.stringMatching(/^test_sub_site-1_business_/) });
    expect(await testBilling().subscribe(request({ card: '4000 0000 0000 0002' }))).toEqual({ ok: false, message: BILLING_DECLINED });
  });
});

describe('Stripe billing', () => {
  const provider = () => stripeBilling({ secretKey: 'sk_test_billing', apiBase: stripe.url });

  it('creates a customer and a monthly subscription at the plan price, idempotently', async () => {
    const key = crypto.randomUUID();
    const first = await provider().subscribe(request({ idempotencyKey: key }));
    expect(first).toMatchObject({ ok: true, reference: expect.stringMatching(/^sub_/) });
    const sub = stripe.subscriptions.get((first as { reference: string }).reference)!;
    expect(sub.status).toBe('active');
    expect(sub.form).toMatchObject({
      'items[0][price_data][unit_amount]': '3300', 'items[0][price_data][currency]': 'usd', 'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][product]': 'atelier_plan_business', 'metadata[websiteId]': 'site-1', 'metadata[plan]': 'business',
    });
    expect(stripe.customers.get(sub.customer)?.email).toBe('owner@example.com');
    // A retried purchase replays the same Stripe answers: no second subscription.
    const again = await provider().subscribe(request({ idempotencyKey: key }));
    expect(again).toEqual(first);
    expect([...stripe.subscriptions.values()].filter((s) => s.customer === sub.customer)).toHaveLength(1);
  });

  it('cancels the previous subscription when the plan changes', async () => {
    const old = (await provider().subscribe(request())) as { reference: string };
    const next = await provider().subscribe(request({ plan: 'commerce', monthlyCents: 4900, previousReference: old.reference }));
    expect(next.ok).toBe(true);
    expect(stripe.subscriptions.get(old.reference)!.status).toBe('canceled');
    expect(stripe.callsTo('DELETE', new RegExp(`^/v1/subscriptions/${old.reference}$`))).toHaveLength(1);
  });

  it('refuses a subscription whose first payment failed, and answers unavailable when Stripe is down', async () => {
    stripe.incompleteSubscriptions = true;
    expect(await provider().subscribe(request())).toEqual({ ok: false, message: BILLING_DECLINED });
    stripe.incompleteSubscriptions = false;
    stripe.down = true;
    expect(await provider().subscribe(request())).toEqual({ ok: false, message: 'The payment service is unavailable. Please try again.' });
  });
});

describe('the plans\u2019 Stripe prices (STRIPE_BILLING_PRICES)', () => {
  it('maps price ids to plans, the first price of a plan for new subscriptions, and the adapter\u2019s own products', () => {
    const table = billingPrices({ STRIPE_BILLING_PRICES: '{"price_b_m":"business","price_b_y":"business","price_c":"commerce","price_x":"gold"}' });
    expect([...table]).toEqual([['price_b_m', 'business'], ['price_b_y', 'business'], ['price_c', 'commerce']]);
    expect(priceForPlan(table, 'business')).toBe('price_b_m');
    expect(priceForPlan(table, 'personal')).toBeUndefined();
    expect(planForPrice(table, { id: 'price_b_y' })).toBe('business');
    expect(planForPrice(table, { id: 'price_new', product: 'atelier_plan_personal' })).toBe('personal');
    expect(planForPrice(table, { id: 'price_new', product: { id: 'atelier_plan_gold' } })).toBeUndefined();
    expect(planForPrice(table, { id: 'price_other', product: 'prod_1' })).toBeUndefined();
    expect(billingPrices({ STRIPE_BILLING_PRICES: 'not json' }).size).toBe(0);
  });
});

describe('Stripe billing with a card set up in the browser', () => {
  const prices = billingPrices({ STRIPE_BILLING_PRICES: '{"price_business_m":"business"}' });
  const provider = () => stripeBilling({ secretKey: 'sk_test_billing', apiBase: stripe.url }, prices);
  const setUp = async (websiteId = 'site-1') => {
    const made = await provider().setUpCard!({ websiteId, plan: 'business', email: 'owner@example.com', idempotencyKey: crypto.randomUUID() });
    if (!made.ok) throw new Error(made.message);
    return stripe.setupIntents.get(made.clientSecret.split('_secret_')[0]!)!;
  };

  it('makes a SetupIntent for off-session card payments, then subscribes its customer with its card at the table\u2019s price', async () => {
    const intent = await setUp();
    expect(intent).toMatchObject({ status: 'requires_payment_method', usage: 'off_session', metadata: { websiteId: 'site-1', plan: 'business' } });
    expect(stripe.customers.get(intent.customer!)?.email).toBe('owner@example.com');
    stripe.confirmSetup(intent.id, '4242 4242 4242 4242');
    const result = await provider().subscribe(request({ setupIntent: intent.id }));
    expect(result).toMatchObject({ ok: true, reference: expect.stringMatching(/^sub_/) });
    const sub = stripe.subscriptions.get((result as { reference: string }).reference)!;
    expect(sub.customer).toBe(intent.customer);
    expect(sub.form).toMatchObject({ default_payment_method: intent.payment_method, 'items[0][price]': 'price_business_m' });
    expect(sub.form['items[0][price_data][unit_amount]']).toBeUndefined();
  });

  it('refuses a set-up the browser did not confirm, one that was declined, and another site\u2019s, creating no subscription', async () => {
    const before = stripe.subscriptions.size;
    const unconfirmed = await setUp();
    expect(await provider().subscribe(request({ setupIntent: unconfirmed.id }))).toEqual({ ok: false, message: BILLING_CARD_MISSING });
    const declined = await setUp();
    stripe.confirmSetup(declined.id, '4000 0000 0000 0002');
    expect(await provider().subscribe(request({ setupIntent: declined.id }))).toEqual({ ok: false, message: BILLING_CARD_MISSING });
    const foreign = await setUp('site-2');
    stripe.confirmSetup(foreign.id, '4242424242424242');
    expect(await provider().subscribe(request({ setupIntent: foreign.id }))).toEqual({ ok: false, message: BILLING_CARD_MISSING });
    expect(await provider().subscribe(request({ setupIntent: 'seti_unknown' }))).toEqual({ ok: false, message: BILLING_CARD_MISSING });
    expect(stripe.subscriptions.size).toBe(before);
  });
});

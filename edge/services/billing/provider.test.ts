import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../api/commerce/test-stripe-server.js';
import { billingProviderFor } from './index.js';
import { BILLING_DECLINED, stripeBilling, testBilling, type SubscribeRequest } from './provider.js';

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

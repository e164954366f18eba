import { describe, expect, it } from 'vitest';
import { stripeOnPage } from './third-parties.js';

describe('stripeOnPage', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
  it('opens Stripe on /checkout only when the deployment has both keys', () => {
    expect(stripeOnPage(keys, '/checkout')).toBe(true);
    expect(stripeOnPage(keys, '/checkout/')).toBe(true);
    // The checkout of an added language (issue 29).
    expect(stripeOnPage(keys, '/fr/checkout')).toBe(true);
    expect(stripeOnPage(keys, '/pt-br/checkout/')).toBe(true);
    expect(stripeOnPage(keys, '/shop/checkout')).toBe(false);
    expect(stripeOnPage(keys, '/')).toBe(false);
    expect(stripeOnPage(keys, '/shop/incense-holder')).toBe(false);
    expect(stripeOnPage({ STRIPE_SECRET_KEY: 'sk_test_x' }, '/checkout')).toBe(false);
    expect(stripeOnPage({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }, '/checkout')).toBe(false);
    expect(stripeOnPage({}, '/checkout')).toBe(false);
  });

  it('opens Stripe on the donate page (203), whose island pays through Stripe.js, and not on its neighbours', () => {
    expect(stripeOnPage(keys, '/donate')).toBe(true);
    expect(stripeOnPage(keys, '/donate/')).toBe(true);
    expect(stripeOnPage(keys, '/contribution-confirmed')).toBe(false);
    expect(stripeOnPage(keys, '/donate/other')).toBe(false);
    expect(stripeOnPage({ STRIPE_SECRET_KEY: 'sk_test_x' }, '/donate')).toBe(false);
  });

  it('opens Stripe on the billing screen\u2019s three paths only when plans are billed through Stripe with both keys', () => {
    const billing = { ...keys, BILLING_PROVIDER: 'stripe' };
    for (const path of ['/config/billing', '/config/billing/', '/config/billing/upgrade', '/config/billing/website-subscriptions']) {
      expect(stripeOnPage(billing, path)).toBe(true);
      expect(stripeOnPage(keys, path)).toBe(false);
      expect(stripeOnPage({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, path)).toBe(false);
    }
    expect(stripeOnPage(billing, '/config/')).toBe(false);
    expect(stripeOnPage(billing, '/config/products')).toBe(false);
    expect(stripeOnPage(billing, '/config/billing/other')).toBe(false);
    expect(stripeOnPage(billing, '/api/owner/billing')).toBe(false);
  });
});

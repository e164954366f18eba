import { describe, expect, it } from 'vitest';
import { paymentProviderFor } from './index.js';

describe('paymentProviderFor', () => {
  it('offers the test provider always and Stripe only with a secret key', () => {
    expect(paymentProviderFor('test')?.name).toBe('test');
    expect(paymentProviderFor('stripe')).toBeUndefined();
    expect(paymentProviderFor('stripe', { STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toBeUndefined();
    expect(paymentProviderFor('paypal', { STRIPE_SECRET_KEY: 'sk_test_x' })).toBeUndefined();
  });

  it('marks Stripe test keys as testMode and live keys as real money', () => {
    expect(paymentProviderFor('stripe', { STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({ name: 'stripe', testMode: true });
    expect(paymentProviderFor('stripe', { STRIPE_SECRET_KEY: 'sk_live_x' })).toMatchObject({ name: 'stripe', testMode: false });
  });
});

import { describe, expect, it } from 'vitest';
import { payThroughStripe, STRIPE_STILL_LOADING, testCardPayment } from './order-payment.js';
import type { StripePayment } from './stripe-payment.js';

/** A Payment Element double recording the order of calls. */
function element(answers: { check?: string; confirm?: string } = {}) {
  const calls: string[] = [];
  const payment: StripePayment = {
    check: async () => (calls.push('check'), answers.check),
    confirm: async (secret) => (calls.push(`confirm ${secret}`), answers.confirm),
    setAmount: () => undefined,
    destroy: () => undefined,
  };
  const makeIntent = async () => (calls.push('intent'), { id: 'pi_1', clientSecret: 'pi_1_secret_x' });
  return { calls, payment, makeIntent };
}

describe('payThroughStripe', () => {
  it('checks the fields, asks the server for the intent, confirms it, and names it for the order', async () => {
    const { calls, payment, makeIntent } = element();
    expect(await payThroughStripe(payment, makeIntent)).toEqual({ provider: 'stripe', paymentIntentId: 'pi_1' });
    expect(calls).toEqual(['check', 'intent', 'confirm pi_1_secret_x']);
  });

  it('stops at incomplete fields before any intent is made', async () => {
    const { calls, payment, makeIntent } = element({ check: 'Your card number is incomplete.' });
    await expect(payThroughStripe(payment, makeIntent)).rejects.toThrow('Your card number is incomplete.');
    expect(calls).toEqual(['check']);
  });

  it("throws Stripe's decline message so no order is placed", async () => {
    const { payment, makeIntent } = element({ confirm: 'Your card was declined.' });
    await expect(payThroughStripe(payment, makeIntent)).rejects.toThrow('Your card was declined.');
  });

  it('refuses while Stripe.js loads or after it failed, without asking the server', async () => {
    const { calls, makeIntent } = element();
    await expect(payThroughStripe(null, makeIntent)).rejects.toThrow(STRIPE_STILL_LOADING);
    await expect(payThroughStripe('Card payments could not load.', makeIntent)).rejects.toThrow('Card payments could not load.');
    expect(calls).toEqual([]);
  });
});

describe('testCardPayment', () => {
  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(testCardPayment({ card: '4242', exp: '12/34', cvc: '123' })).toEqual({ provider: 'test', card: { number: '4242', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(testCardPayment({ card: '4242', exp: '1/2031', cvc: '1' }).card).toMatchObject({ expMonth: 1, expYear: 2031 });
    expect(testCardPayment({}).card).toEqual({ number: '', expMonth: 0, expYear: 0, cvc: '' });
  });
});

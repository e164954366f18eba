import { describe, expect, it } from 'vitest';
import { cents } from '../checkout/amounts.js';
import { TEST_CARD_MESSAGES, testProvider } from './test-provider.js';

const now = Date.UTC(2026, 10, 22);
const pay = (number: string, expYear = 2034, expMonth = 12) =>
  testProvider().capture({ amountCents: cents(1999), currency: 'USD', websiteId: 'w1', cartId: 'c1', attemptId: 'a1', now, card: { number, expMonth, expYear, cvc: '123' } });

describe('test payment provider', () => {
  it('captures with 4242 4242 4242 4242 (spaces allowed)', async () => {
    const r = await pay('4242 4242 4242 4242');
    expect(r.ok).toBe(true);
  });
  it('declines 4000 0000 0000 0002 with the provider text', async () => {
    expect(await pay('4000000000000002')).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
  });
  it('fails 4000 0000 0000 9995 for insufficient funds', async () => {
    expect(await pay('4000000000009995')).toEqual({ ok: false, code: 'insufficient_funds', message: TEST_CARD_MESSAGES.insufficientFunds });
  });
  it('refuses expired cards and unknown numbers', async () => {
    expect(await pay('4242424242424242', 2025, 1)).toMatchObject({ ok: false, code: 'expired_card' });
    expect(await pay('4111111111111111')).toMatchObject({ ok: false, message: TEST_CARD_MESSAGES.unknown });
  });
});

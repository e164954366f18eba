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

  it('saves a reusable reference on request and charges it again without the card', async () => {
    const p = testProvider();
    const first = await p.capture({ amountCents: cents(6500), currency: 'USD', attemptId: 'sub1', websiteId: 'w', cartId: 'c', now, saveForReuse: true, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(first).toMatchObject({ ok: true, reusableRef: 'pm_test_4242_sub1' });
    expect(JSON.stringify(first)).not.toContain('424242424242');
    const again = await p.chargeSaved!({ reusableRef: 'pm_test_4242_sub1', amountCents: cents(6500), currency: 'USD', attemptId: 'renew-2', now });
    expect(again).toMatchObject({ ok: true });
    expect(await pay('4242424242424242')).not.toHaveProperty('reusableRef');
  });

  it('4000 0000 0000 0341 pays now but declines every later charge; unknown references are refused', async () => {
    const p = testProvider();
    const first = await p.capture({ amountCents: cents(6500), currency: 'USD', attemptId: 'sub2', websiteId: 'w', cartId: 'c', now, saveForReuse: true, card: { number: '4000 0000 0000 0341', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(first.ok).toBe(true);
    const ref = (first as { reusableRef: string }).reusableRef;
    expect(await p.chargeSaved!({ reusableRef: ref, amountCents: cents(6500), currency: 'USD', attemptId: 'r', now })).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined.' });
    expect(await p.chargeSaved!({ reusableRef: 'pm_other', amountCents: cents(6500), currency: 'USD', attemptId: 'r', now })).toMatchObject({ ok: false, code: 'payment_method_unknown' });
  });
});

import { describe, expect, it } from 'vitest';
import { giftCardShare } from './gift-card-field.js';

const card = (balanceCents: number) => ({ code: 'X', summary: { last4: 'ABCD', balanceCents, appliedCents: 0, amountDueCents: 0 } });

describe('giftCardShare', () => {
  it('takes the whole balance when the total is larger, and the whole total when it is not', () => {
    expect(giftCardShare(card(1500), 4900)).toEqual({ appliedCents: 1500, dueCents: 3400 });
    expect(giftCardShare(card(10000), 4900)).toEqual({ appliedCents: 4900, dueCents: 0 });
  });

  it('follows the total as shipping changes it after the code was checked', () => {
    const applied = card(4000);
    expect(giftCardShare(applied, 3600)).toEqual({ appliedCents: 3600, dueCents: 0 });
    expect(giftCardShare(applied, 4400)).toEqual({ appliedCents: 4000, dueCents: 400 });
  });

  it('leaves the total to the card payment without a gift card', () => {
    expect(giftCardShare(null, 4400)).toEqual({ appliedCents: 0, dueCents: 4400 });
  });
});

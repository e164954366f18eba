import type { Cents } from '../../../domain/branded-types.js';

export interface GiftCardDraw {
  /** Taken from the card: never more than its balance or the order's total. */
  appliedCents: Cents;
  /** Left for the card payment; 0 when the gift card covers the whole order. */
  amountDueCents: Cents;
}

/**
 * How a gift card pays an order of `grandTotalCents`. Integer minor units in and out, so
 * applied + due is exactly the grand total.
 * @example giftCardDraw(4399 as Cents, 2500 as Cents) // { appliedCents: 2500, amountDueCents: 1899 }
 */
export function giftCardDraw(grandTotalCents: Cents, balanceCents: Cents): GiftCardDraw {
  if (!Number.isSafeInteger(grandTotalCents) || !Number.isSafeInteger(balanceCents) || grandTotalCents < 0 || balanceCents < 0) {
    throw new RangeError('gift card amounts are non-negative integer minor units');
  }
  const applied = Math.min(grandTotalCents, balanceCents);
  return { appliedCents: applied as Cents, amountDueCents: (grandTotalCents - applied) as Cents };
}

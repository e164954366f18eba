import { PRODUCT_TYPE } from '../../../schema/types.js';
import { type Cents, type EpochMs } from '../../../domain/branded-types.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { cents, portion, sum } from './amounts.js';
import type { CheckoutLine, Coupon } from './types.js';

export type CouponRefusal = 'not-started' | 'expired' | 'used-up' | 'below-minimum' | 'no-eligible-items';

export interface InvalidCoupon {
  code: string;
  reason: CouponRefusal;
  message: string;
}

export interface ValidCoupon {
  code: string;
  discountCents: Cents;
  freeShipping: boolean;
}

export interface CouponOutcome {
  valid: ValidCoupon[];
  invalid: InvalidCoupon[];
  /** Never more than the subtotal. */
  discountCents: Cents;
  freeShipping: boolean;
}

/**
 * The messages of a cart's refused coupons (store texts `coupon*`, `checkoutCouponUsedUp`), in a
 * language (issue 29, lang24); `belowMinimum` says the minimum spend in that language's money format.
 */
export interface CouponWords {
  notStarted: string;
  expired: string;
  usedUp: string;
  belowMinimum: (minimumCents: number, currency: string) => string;
  noEligibleItems: string;
  /** A code the site does not have. */
  unknown: string;
}

/** The English: the minimum as '50.00 USD'. */
export const COUPON_WORDS: CouponWords = {
  notStarted: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has reached its usage limit.',
  belowMinimum: (minimumCents, currency) => `Spend at least ${minorToDecimal(minimumCents, currency)} ${currency} to use this coupon.`,
  noEligibleItems: 'This coupon does not apply to any item in your cart.',
  unknown: 'This coupon code is not valid.',
};

function refusal(coupon: Coupon, lines: readonly CheckoutLine[], now: EpochMs, currency: string, words: CouponWords): InvalidCoupon | undefined {
  const refuse = (reason: CouponRefusal, message: string) => ({ code: coupon.code, reason, message });
  if (coupon.startsAt !== undefined && now < coupon.startsAt) return refuse('not-started', words.notStarted);
  if (coupon.endsAt !== undefined && now >= coupon.endsAt) return refuse('expired', words.expired);
  if (coupon.usageLimit !== undefined && coupon.timesUsed >= coupon.usageLimit) {
    return refuse('used-up', words.usedUp);
  }
  // The minimum counts the lines the coupon applies to: never gift cards, never lines outside its scope (issue 33, finding 7).
  const eligibleSubtotal = sum(eligibleLines(coupon, lines).map(lineTotal));
  if (coupon.minSubtotalCents !== undefined && eligibleSubtotal < coupon.minSubtotalCents) {
    return refuse('below-minimum', words.belowMinimum(coupon.minSubtotalCents, currency));
  }
  if (eligibleLines(coupon, lines).length === 0) return refuse('no-eligible-items', words.noEligibleItems);
  return undefined;
}

function eligibleLines(coupon: Coupon, lines: readonly CheckoutLine[]): readonly CheckoutLine[] {
  const scope = coupon.productIds;
  // A gift card's balance is what was paid for it, so coupons never discount one.
  const goods = lines.filter((line) => line.productType !== PRODUCT_TYPE.giftCard);
  return scope && scope.length > 0 ? goods.filter((line) => scope.includes(line.productId)) : goods;
}

function lineTotal(line: CheckoutLine): number {
  return line.unitPriceCents * line.quantity;
}

/**
 * Checks each coupon (date window, usage limit, minimum spend on its eligible lines, product scope) and
 * prices the valid ones in the order given; the running discount never exceeds the
 * subtotal, so a total can never go negative.
 */
export function applyCoupons(coupons: readonly Coupon[], lines: readonly CheckoutLine[], now: EpochMs, currency: string, words: CouponWords = COUPON_WORDS): CouponOutcome {
  const subtotal = sum(lines.map(lineTotal));
  const outcome: CouponOutcome = { valid: [], invalid: [], discountCents: cents(0), freeShipping: false };
  for (const coupon of coupons) {
    const refused = refusal(coupon, lines, now, currency, words);
    if (refused) {
      outcome.invalid.push(refused);
      continue;
    }
    const base = sum(eligibleLines(coupon, lines).map(lineTotal));
    const { effect } = coupon;
    const wanted = effect.kind === 'percentage' ? portion(base, effect.percentBps) : effect.kind === 'fixed' ? Math.min(effect.amountCents, base) : 0;
    const granted = cents(Math.min(wanted, subtotal - outcome.discountCents));
    outcome.discountCents = cents(outcome.discountCents + granted);
    outcome.freeShipping ||= effect.kind === 'free-shipping';
    outcome.valid.push({ code: coupon.code, discountCents: granted, freeShipping: effect.kind === 'free-shipping' });
  }
  return outcome;
}

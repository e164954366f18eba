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

function refusal(coupon: Coupon, lines: readonly CheckoutLine[], now: EpochMs, currency: string): InvalidCoupon | undefined {
  const refuse = (reason: CouponRefusal, message: string) => ({ code: coupon.code, reason, message });
  if (coupon.startsAt !== undefined && now < coupon.startsAt) return refuse('not-started', 'This coupon is not active yet.');
  if (coupon.endsAt !== undefined && now >= coupon.endsAt) return refuse('expired', 'This coupon has expired.');
  if (coupon.usageLimit !== undefined && coupon.timesUsed >= coupon.usageLimit) {
    return refuse('used-up', 'This coupon has reached its usage limit.');
  }
  // The minimum counts the lines the coupon applies to: never gift cards, never lines outside its scope (issue 33, finding 7).
  const eligibleSubtotal = sum(eligibleLines(coupon, lines).map(lineTotal));
  if (coupon.minSubtotalCents !== undefined && eligibleSubtotal < coupon.minSubtotalCents) {
    return refuse('below-minimum', `Spend at least ${minorToDecimal(coupon.minSubtotalCents, currency)} ${currency} to use this coupon.`);
  }
  if (eligibleLines(coupon, lines).length === 0) return refuse('no-eligible-items', 'This coupon does not apply to any item in your cart.');
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
export function applyCoupons(coupons: readonly Coupon[], lines: readonly CheckoutLine[], now: EpochMs, currency: string): CouponOutcome {
  const subtotal = sum(lines.map(lineTotal));
  const outcome: CouponOutcome = { valid: [], invalid: [], discountCents: cents(0), freeShipping: false };
  for (const coupon of coupons) {
    const refused = refusal(coupon, lines, now, currency);
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

import type { SubscriptionPlan } from './plan.js';

/** SPEC §8: a subscription price wording with no match. */
export const UNAVAILABLE_WORDING = 'Unavailable';

const NOUN = { WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;
// SPEC §9: a duration is shown in years when it divides evenly into them.
const PER_YEAR = { WEEK: 52, MONTH: 12, YEAR: 1 } as const;

const count = (n: number, noun: string) => (n === 1 ? noun : `${n} ${noun}s`);

/**
 * SPEC §9 subscription wording: 'every [N] week(s)/month(s)/year(s)', then 'for D units'
 * when the plan has a fixed number of cycles, in years when the total divides evenly.
 * Anything that is not a plan (no plan, bad unit, zero period) words as 'Unavailable'.
 *
 * @example subscriptionWording({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 }) // 'every 2 weeks for 1 year'
 */
export function subscriptionWording(plan: SubscriptionPlan | undefined): string {
  if (!plan) return UNAVAILABLE_WORDING;
  const { value, unit } = plan.billingPeriod;
  if (!(unit in NOUN) || !Number.isInteger(value) || value < 1 || !Number.isInteger(plan.numBillingCycles) || plan.numBillingCycles < 0) {
    return UNAVAILABLE_WORDING;
  }
  const every = `every ${count(value, NOUN[unit])}`;
  if (plan.numBillingCycles === 0) return every;
  const total = value * plan.numBillingCycles;
  const years = total % PER_YEAR[unit] === 0 ? total / PER_YEAR[unit] : undefined;
  const duration = years !== undefined ? `${years} ${years === 1 ? 'year' : 'years'}` : `${total} ${total === 1 ? NOUN[unit] : `${NOUN[unit]}s`}`;
  return `${every} for ${duration}`;
}

/** The price line: '$65.00 every month for 6 months' ('Unavailable' alone when unworded). */
export function subscriptionPriceWording(price: string, plan: SubscriptionPlan | undefined): string {
  const wording = subscriptionWording(plan);
  return wording === UNAVAILABLE_WORDING ? wording : `${price} ${wording}`;
}

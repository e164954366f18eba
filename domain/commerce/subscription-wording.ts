/**
 * SPEC §9 subscription wording, shared by the worker (checkout, account pages, mail) and the
 * owner app (the product editor's plan preview), so both say the same words.
 */

/** SPEC §3 Subscription billingPeriod units; SPEC §9 payment schedules weekly, monthly, yearly. */
export const PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The bounds a stored plan keeps (a billing period of 1-1000 units, 0-10,000 cycles; 0 = indefinite). */
export const PLAN_LIMITS = { maxPeriodValue: 1000, maxBillingCycles: 10_000 } as const;

/** A plan as the store offers it: the period and how many cycles (0 = indefinite). */
export interface PlanShape {
  billingPeriod: { value: number; unit: PeriodUnit };
  numBillingCycles: number;
}

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
export function subscriptionWording(plan: PlanShape | undefined): string {
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
export function subscriptionPriceWording(price: string, plan: PlanShape | undefined): string {
  const wording = subscriptionWording(plan);
  return wording === UNAVAILABLE_WORDING ? wording : `${price} ${wording}`;
}

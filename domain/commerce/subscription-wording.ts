import { fillText, STORE_TEXTS, type StoreTextKey, type StoreTexts } from '../languages/store-texts.js';

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

/** The texts the wording is made of: the store texts `subscription*` (English by default, a language's over them). */
export type WordingTexts = Readonly<Pick<StoreTexts, (typeof WORDING_KEYS)[number]>>;
const WORDING_KEYS = [
  'subscriptionEveryWeek', 'subscriptionEveryWeeks', 'subscriptionEveryMonth', 'subscriptionEveryMonths', 'subscriptionEveryYear', 'subscriptionEveryYears',
  'subscriptionWeek', 'subscriptionWeeks', 'subscriptionMonth', 'subscriptionMonths', 'subscriptionYear', 'subscriptionYears',
  'subscriptionFor', 'subscriptionPrice', 'subscriptionUnavailable',
] as const satisfies readonly StoreTextKey[];

// [one, more than one]: counts are whole numbers from 1, singular only for 1 (English and French alike).
const EVERY = { WEEK: ['subscriptionEveryWeek', 'subscriptionEveryWeeks'], MONTH: ['subscriptionEveryMonth', 'subscriptionEveryMonths'], YEAR: ['subscriptionEveryYear', 'subscriptionEveryYears'] } as const;
const SPAN = { WEEK: ['subscriptionWeek', 'subscriptionWeeks'], MONTH: ['subscriptionMonth', 'subscriptionMonths'], YEAR: ['subscriptionYear', 'subscriptionYears'] } as const;
// SPEC §9: a duration is shown in years when it divides evenly into them.
const PER_YEAR = { WEEK: 52, MONTH: 12, YEAR: 1 } as const;

const counted = (n: number, [one, more]: readonly [keyof WordingTexts, keyof WordingTexts], t: WordingTexts) => fillText(n === 1 ? t[one] : t[more], { count: n });

/** The wording of a plan, undefined for anything that is not one (no plan, bad unit, zero period). */
function planWording(plan: PlanShape | undefined, t: WordingTexts): string | undefined {
  if (!plan) return undefined;
  const { value, unit } = plan.billingPeriod;
  if (!(unit in EVERY) || !Number.isInteger(value) || value < 1 || !Number.isInteger(plan.numBillingCycles) || plan.numBillingCycles < 0) {
    return undefined;
  }
  const every = counted(value, EVERY[unit], t);
  if (plan.numBillingCycles === 0) return every;
  const total = value * plan.numBillingCycles;
  const years = total % PER_YEAR[unit] === 0 ? total / PER_YEAR[unit] : undefined;
  const duration = years !== undefined ? counted(years, SPAN.YEAR, t) : counted(total, SPAN[unit], t);
  return fillText(t.subscriptionFor, { every, duration });
}

/**
 * SPEC §9 subscription wording: 'every [N] week(s)/month(s)/year(s)', then 'for D units'
 * when the plan has a fixed number of cycles, in years when the total divides evenly.
 * Anything that is not a plan (no plan, bad unit, zero period) words as 'Unavailable'.
 * `texts` are the words of a language (issue 29; French 'toutes les 2 semaines pendant 1 an').
 *
 * @example subscriptionWording({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 }) // 'every 2 weeks for 1 year'
 */
export function subscriptionWording(plan: PlanShape | undefined, texts: WordingTexts = STORE_TEXTS): string {
  return planWording(plan, texts) ?? texts.subscriptionUnavailable;
}

/** The price line: '$65.00 every month for 6 months' ('Unavailable' alone when unworded). */
export function subscriptionPriceWording(price: string, plan: PlanShape | undefined, texts: WordingTexts = STORE_TEXTS): string {
  const wording = planWording(plan, texts);
  return wording === undefined ? texts.subscriptionUnavailable : fillText(texts.subscriptionPrice, { price, wording });
}

/**
 * Subscription price wording (SPEC §9): 'every [N] week(s)/month(s)/year(s)' with
 * an optional 'for D units' suffix, the duration shown in years when it divides
 * evenly (52 weeks or 12 months to a year).
 */
import { asNumber, asString, walkPath } from '../../values.js';
import { contentField } from './product.js';

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR' | string;

const PER_YEAR: Readonly<Record<string, number>> = { WEEK: 52, MONTH: 12 };

export interface SubscriptionPlan {
  /** Billed once every `value` units. */
  readonly value: number;
  readonly unit: BillingUnit;
  /** Number of billing cycles; 0 means indefinite. */
  readonly cycles: number;
}

/** The product's plan, or undefined when it has no billing period. */
export function subscriptionPlan(item: unknown): SubscriptionPlan | undefined {
  const plan = contentField(item, 'subscriptionPlan');
  const period = walkPath(plan, ['billingPeriod']);
  if (period === undefined) return undefined;
  return {
    value: asNumber(walkPath(period, ['value'])),
    unit: asString(walkPath(period, ['unit'])),
    cycles: asNumber(walkPath(plan, ['numBillingCycles'])),
  };
}

export interface SubscriptionDuration {
  readonly value: number;
  readonly unit: BillingUnit;
}

/** Total duration of the plan (0 when indefinite), in years when it divides evenly. */
export function subscriptionDuration(plan: SubscriptionPlan): SubscriptionDuration {
  const total = plan.value * plan.cycles;
  const perYear = PER_YEAR[plan.unit];
  if (total > 0 && perYear && total % perYear === 0) return { value: total / perYear, unit: 'YEAR' };
  return { value: total, unit: plan.unit };
}

const capitalized = (unit: string) => unit.charAt(0).toUpperCase() + unit.slice(1).toLowerCase();

/**
 * The localized-strings key for this wording, e.g.
 * `productPrice__multiplePrices__nWeekly__limited__1Years`.
 */
export function subscriptionStringKey(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const duration = subscriptionDuration(plan);
  let key =
    `productPrice__${multiplePrices ? 'multiplePrices' : 'singlePrice'}__` +
    `${plan.value === 1 ? '1' : 'n'}${capitalized(plan.unit)}ly__`;
  if (duration.value === 0) key += 'indefinite';
  else key += `limited__${duration.value === 1 ? '1' : 'n'}${capitalized(duration.unit)}s`;
  return key;
}

/**
 * The English wording with `{price}`, `{billingPeriodValue}` and `{duration}`
 * placeholders, used when the site has no localized string for the key.
 * @example defaultSubscriptionWording({ value: 2, unit: 'WEEK', cycles: 26 }, false)
 *   === '{price} every {billingPeriodValue} weeks for {duration} year'
 */
export function defaultSubscriptionWording(plan: SubscriptionPlan, multiplePrices: boolean): string {
  const plural = plan.value > 1;
  let text =
    (multiplePrices ? 'from ' : '') +
    '{price} every ' +
    (plural ? '{billingPeriodValue} ' : '') +
    plan.unit.toLowerCase() +
    (plural ? 's' : '');
  if (plan.cycles > 0) {
    const duration = subscriptionDuration(plan);
    text += ' for {duration} ' + duration.unit.toLowerCase() + (duration.value === 1 ? '' : 's');
  }
  return text;
}

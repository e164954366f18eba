import { fillText } from '../../../domain/languages/store-texts.js';
import type { PeriodUnit } from '../../../domain/commerce/subscription-wording.js';
import type { WordingTexts } from '../../services/subscriptions/wording.js';

type Json = Record<string, unknown>;
/** The words of a subscription price line on product pages and cards, with the 'from' of varied prices. */
type PriceWordingTexts = WordingTexts & { subscriptionFromPrice: string };

const PER_YEAR: Record<PeriodUnit, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };
const EVERY = { WEEK: ['subscriptionEveryWeek', 'subscriptionEveryWeeks'], MONTH: ['subscriptionEveryMonth', 'subscriptionEveryMonths'], YEAR: ['subscriptionEveryYear', 'subscriptionEveryYears'] } as const;
const SPAN = { WEEK: ['subscriptionWeek', 'subscriptionWeeks'], MONTH: ['subscriptionMonth', 'subscriptionMonths'], YEAR: ['subscriptionYear', 'subscriptionYears'] } as const;
const capitalized = (unit: string) => unit.charAt(0) + unit.slice(1).toLowerCase();

/** A stored plan of a product's `structuredContent`, when it is one. */
function planOf(item: Json): { value: number; unit: PeriodUnit; cycles: number } | undefined {
  const content = item.structuredContent as Json | undefined;
  if (!content || content.isSubscribable !== true) return undefined;
  const plan = content.subscriptionPlan as { billingPeriod?: { value?: unknown; unit?: unknown }; numBillingCycles?: unknown } | undefined;
  const value = plan?.billingPeriod?.value;
  const unit = plan?.billingPeriod?.unit;
  const cycles = plan?.numBillingCycles ?? 0;
  if (typeof value !== 'number' || value < 1 || typeof cycles !== 'number' || cycles < 0 || !(typeof unit === 'string' && unit in PER_YEAR)) return undefined;
  return { value, unit: unit as PeriodUnit, cycles };
}

/**
 * The SPEC §3 `productPrice__…` strings of one plan (the engine's `product-price` formatter
 * reads them from `localizedStrings`, with `{price}`, `{billingPeriodValue}` and `{duration}`
 * slots), made of the subscription store texts: both the single-price and the from-price line.
 * @example planStrings({ value: 1, unit: 'MONTH', cycles: 0 }, french)['productPrice__singlePrice__1Monthly__indefinite'] === '{price} tous les mois'
 */
export function planStrings(plan: { value: number; unit: PeriodUnit; cycles: number }, t: PriceWordingTexts): Record<string, string> {
  const [one, more] = EVERY[plan.unit];
  const every = plan.value === 1 ? t[one] : fillText(t[more], { count: '{billingPeriodValue}' });
  let wording = every;
  let tail = 'indefinite';
  if (plan.cycles > 0) {
    const total = plan.value * plan.cycles;
    const years = total % PER_YEAR[plan.unit] === 0 ? total / PER_YEAR[plan.unit] : undefined;
    const [unit, n] = years !== undefined ? (['YEAR', years] as const) : ([plan.unit, total] as const);
    const [single, plural] = SPAN[unit];
    wording = fillText(t.subscriptionFor, { every, duration: fillText(n === 1 ? t[single] : t[plural], { count: '{duration}' }) });
    tail = `limited__${n === 1 ? '1' : 'n'}${capitalized(unit)}s`;
  }
  const period = `${plan.value === 1 ? '1' : 'n'}${capitalized(plan.unit)}ly`;
  return {
    [`productPrice__singlePrice__${period}__${tail}`]: fillText(t.subscriptionPrice, { price: '{price}', wording }),
    [`productPrice__multiplePrices__${period}__${tail}`]: fillText(t.subscriptionPrice, { price: fillText(t.subscriptionFromPrice, { price: '{price}' }), wording }),
  };
}

function collectPlans(value: unknown, out: Map<string, { value: number; unit: PeriodUnit; cycles: number }>, depth = 0): void {
  if (depth > 6 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) collectPlans(v, out, depth + 1);
    return;
  }
  const plan = planOf(value as Json);
  if (plan) out.set(`${plan.value}:${plan.unit}:${plan.cycles}`, plan);
  for (const [key, v] of Object.entries(value as Json)) if (key !== 'structuredContent' && key !== 'layout' && key !== 'localizedStrings') collectPlans(v, out, depth + 1);
}

/**
 * On a page in an added language (issue 29): the subscription price strings of every
 * subscribable product in the context, in that language, put into `localizedStrings`
 * where the site has no string of its own for the key (its own strings, translated, win).
 */
export function addSubscriptionStrings(context: Json, t: PriceWordingTexts): void {
  const strings = context.localizedStrings as Record<string, string> | undefined;
  if (!strings) return;
  const plans = new Map<string, { value: number; unit: PeriodUnit; cycles: number }>();
  collectPlans(context, plans);
  if (!plans.size) return;
  const added: Record<string, string> = { productPriceUnavailable: t.subscriptionUnavailable };
  for (const plan of plans.values()) Object.assign(added, planStrings(plan, t));
  context.localizedStrings = { ...added, ...strings };
}

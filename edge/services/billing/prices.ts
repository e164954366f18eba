import { planById, type PlanId } from '../../../domain/platform/plans.js';

/**
 * The Stripe prices of the plans (docs/api/billing.md "Prices"): `STRIPE_BILLING_PRICES`, a
 * JSON object from a Stripe price id to a plan id, e.g.
 * `{"price_1Q...":"personal","price_1R...":"business","price_1S...":"commerce"}`. Several
 * prices may name one plan (a yearly price, an old price still billed); the first listed for
 * a plan is the one new subscriptions use. Unknown plan ids are left out.
 */
export type PriceTable = ReadonlyMap<string, PlanId>;

export function billingPrices(env: { STRIPE_BILLING_PRICES?: string }): PriceTable {
  const table = new Map<string, PlanId>();
  if (!env.STRIPE_BILLING_PRICES) return table;
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.STRIPE_BILLING_PRICES);
  } catch {
    console.error('billing: STRIPE_BILLING_PRICES is not JSON; plans use price_data');
    return table;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return table;
  for (const [price, plan] of Object.entries(parsed)) {
    if (typeof plan === 'string' && planById(plan)) table.set(price, plan as PlanId);
  }
  return table;
}

/** The price new subscriptions of `plan` use: the first the table lists for it, else none (the adapter sends price_data). */
export function priceForPlan(table: PriceTable, plan: PlanId): string | undefined {
  for (const [price, id] of table) if (id === plan) return price;
  return undefined;
}

/** The product of the prices the adapter makes itself (`price_data`) when the table has none for a plan. */
export const PLAN_PRODUCT_PREFIX = 'atelier_plan_';

/**
 * The plan a Stripe price stands for: its id in the table, else a price the adapter made
 * itself for product `atelier_plan_<plan>`; undefined for any other price.
 */
export function planForPrice(table: PriceTable, price: { id: string; product?: string | { id: string } | null } | null | undefined): PlanId | undefined {
  if (!price) return undefined;
  const listed = table.get(price.id);
  if (listed) return listed;
  const product = typeof price.product === 'string' ? price.product : price.product?.id;
  const id = product?.startsWith(PLAN_PRODUCT_PREFIX) ? product.slice(PLAN_PRODUCT_PREFIX.length) : undefined;
  return id && planById(id) ? (id as PlanId) : undefined;
}

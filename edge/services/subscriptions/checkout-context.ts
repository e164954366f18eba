import { eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../../schema/index.js';
import { displayMoney } from '../../../domain/money/money.js';
import type { CartView } from '../cart/index.js';
import { query, type Db } from '../db.js';
import { readPlan } from './plan.js';
import { subscriptionPriceWording, type WordingTexts } from './wording.js';

/**
 * What the checkout of a subscription cart shows and sends (page 201 `subscription`): the
 * cart token the order call carries, the plan and its SPEC §9 wording for the line price (in `texts`' language).
 */
export async function subscriptionCheckout(db: Db, view: CartView, cartToken: string, currency: string, locale: string, texts?: WordingTexts): Promise<Record<string, unknown> | undefined> {
  const planId = view.record.subscriptionPlanId;
  const entry = view.entries[0];
  if (!planId || !entry) return undefined;
  const [row] = await query(() => db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1));
  const plan = row ? readPlan(row.billingPeriodValue, row.billingPeriodUnit, row.numBillingCycles) : undefined;
  return {
    cartToken,
    billingPeriod: plan?.billingPeriod ?? null,
    numBillingCycles: plan?.numBillingCycles ?? null,
    priceWording: subscriptionPriceWording(displayMoney(entry.unitPriceCents * entry.quantity, currency, locale), plan, texts),
  };
}

import { asc, eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { query } from '../db.js';
import { findPurchasable } from './catalog.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { addEntry, type AddEntryInput, type CartScope } from './writes.js';

export interface SubscriptionCartInput extends AddEntryInput {
  subscriptionOptionId?: string | undefined;
}

/**
 * SPEC §7 POST /api/3/commerce/cart/subscription: a separate single-item cart for a
 * subscribable product (its units held like any add). Returns the new cart's token,
 * which the subscription checkout (a later issue) opens.
 */
export async function createSubscriptionCart(scope: CartScope, input: SubscriptionCartInput): Promise<{ cartToken: string }> {
  const item = await findPurchasable(scope.db, scope.site.id, input.itemId, input.sku, scope.now);
  if (!item.isSubscribable) throw new ApiError(400, 'not_subscribable', CART_MESSAGES.notSubscribable, { fields: { itemId: CART_MESSAGES.notSubscribable } });
  const plans = await query(() =>
    scope.db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.productId, item.itemId)).orderBy(asc(subscriptionPlans.position)),
  );
  const planIds = plans.map((p) => p.id);
  const planId = input.subscriptionOptionId ?? planIds[0] ?? null;
  if (planId === null || !planIds.includes(planId)) {
    throw new ApiError(400, 'subscription_option_unknown', CART_MESSAGES.subscriptionPlanUnknown, { fields: { subscriptionOptionId: CART_MESSAGES.subscriptionPlanUnknown } });
  }
  const { token } = await addEntry(scope, undefined, input, 'subscription', planId);
  return { cartToken: token };
}

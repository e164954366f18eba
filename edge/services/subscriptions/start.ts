import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import type { CartView } from '../cart/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import type { CheckoutTotals } from '../checkout/totals.js';
import { query, type Db } from '../db.js';
import { billingDate } from './billing-dates.js';
import { readPlan, type SubscriptionPlan } from './plan.js';

export const SUBSCRIPTION_MESSAGES = {
  planGone: 'This subscription is no longer offered.',
  cannotSave: 'This payment method cannot be used for subscriptions.',
  noGiftCard: 'Gift cards cannot pay for a subscription.',
} as const;

/** What a subscription checkout agreed to: the plan copied from the cart's chosen option. */
export interface SubscriptionTerms {
  plan: SubscriptionPlan;
}

/**
 * The plan a cart subscribes to, or undefined for a shopping cart. A plan the owner has
 * removed since the cart was made (or one that cannot be billed) refuses the checkout.
 */
export async function subscriptionTerms(db: Db, view: CartView): Promise<SubscriptionTerms | undefined> {
  if (view.record.kind !== 'subscription') return undefined;
  const planId = view.record.subscriptionPlanId;
  const [row] = planId ? await query(() => db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1)) : [];
  const plan = row ? readPlan(row.billingPeriodValue, row.billingPeriodUnit, row.numBillingCycles) : undefined;
  if (!plan || view.entries.length !== 1) throw new ApiError(422, 'subscription_unavailable', SUBSCRIPTION_MESSAGES.planGone);
  return { plan };
}

export interface AccountRecordInput {
  orderId: string;
  websiteId: string;
  siteUserId: string | null;
  subscription: SubscriptionTerms | undefined;
  view: CartView;
  totals: CheckoutTotals;
  email: string;
  shippingAddress: Record<string, string> | null;
  payment: { provider: string; reusableRef: string | undefined };
  now: number;
}

/**
 * Statements to add to the batch that records an order (so they stand or fall with it):
 * the subscription a subscription cart starts (its first cycle is this order), and the
 * order's link to the signed-in shopper's account (docs/accounts.md).
 */
export function accountRecordStatements(db: Db, r: AccountRecordInput): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const out: D1PreparedStatement[] = [];
  let subscriptionId: string | null = null;
  if (r.subscription) {
    if (!r.payment.reusableRef) throw new ApiError(422, 'payment_not_reusable', SUBSCRIPTION_MESSAGES.cannotSave);
    subscriptionId = newRowId();
    const { plan } = r.subscription;
    const entry = r.view.entries[0]!;
    const t = r.totals;
    const single = plan.numBillingCycles === 1;
    out.push(
      d1
        .prepare(
          `INSERT INTO subscriptions (id, website_id, first_order_id, site_user_id, email, item_id, variant_id, sku, product_name, product_type, quantity,
             unit_price_cents, subtotal_cents, shipping_cents, tax_cents, renewal_total_cents, currency, shipping_address, billing_period_value,
             billing_period_unit, num_billing_cycles, cycles_billed, anchor_on, next_billing_at, status, payment_provider, payment_ref, created_on, updated_on)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, 1, ?22, ?23, ?24, ?25, ?26, ?22, ?22)`,
        )
        .bind(
          subscriptionId, r.websiteId, r.orderId, r.siteUserId, r.email, entry.itemId, entry.variantId, entry.sku, entry.title, entry.productType, entry.quantity,
          entry.unitPriceCents, t.subtotalCents, t.shippingCostCents, t.taxCents, t.subtotalCents + t.shippingCostCents + t.taxCents, t.currency,
          r.shippingAddress ? JSON.stringify(r.shippingAddress) : null, plan.billingPeriod.value, plan.billingPeriod.unit, plan.numBillingCycles,
          r.now, single ? null : billingDate(r.now, plan.billingPeriod, 1), single ? 'ended' : 'active', r.payment.provider, r.payment.reusableRef,
        ),
    );
  }
  if (r.siteUserId || subscriptionId) {
    out.push(
      d1
        .prepare('INSERT INTO account_orders (order_id, website_id, site_user_id, subscription_id, cycle, created_on) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
        .bind(r.orderId, r.websiteId, r.siteUserId, subscriptionId, subscriptionId ? 1 : null, r.now),
    );
  }
  return out;
}

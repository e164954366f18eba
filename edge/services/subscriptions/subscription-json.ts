import { DONATION_ITEM } from '../../../domain/commerce/donations.js';
import { and, desc, eq } from 'drizzle-orm';
import { subscriptions } from '../../../schema/index.js';
import { displayMoney, moneyJson } from '../../../domain/money/money.js';
import { query, type Db } from '../db.js';
import { readPlan, type SubscriptionPlan } from './plan.js';
import { subscriptionPriceWording, type WordingTexts } from './wording.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const planOf = (row: SubscriptionRow): SubscriptionPlan | undefined => readPlan(row.billingPeriodValue, row.billingPeriodUnit, row.numBillingCycles);

/** The subscription a first order started (page 206 opens it through that order's link). */
export async function subscriptionOfOrder(db: Db, websiteId: string, orderId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await query(() =>
    db.select().from(subscriptions).where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.firstOrderId, orderId))).limit(1),
  );
  return row;
}

/** One shopper's subscription by id: another shopper's (or a guessed id) finds nothing. */
export async function accountSubscription(db: Db, websiteId: string, siteUserId: string, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await query(() =>
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.websiteId, websiteId), eq(subscriptions.siteUserId, siteUserId)))
      .limit(1),
  );
  return row;
}

/** The signed-in shopper's subscriptions, newest first. */
export async function accountSubscriptions(db: Db, websiteId: string, siteUserId: string): Promise<SubscriptionRow[]> {
  return query(() =>
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.websiteId, websiteId), eq(subscriptions.siteUserId, siteUserId)))
      .orderBy(desc(subscriptions.createdOn))
      .limit(200),
  );
}

/**
 * A subscription as pages and templates see it (page 206 `subscription`): SPEC §3 billing
 * period and numBillingCycles, the renewal price, its SPEC §9 wording (in `texts`' language), the next date.
 */
export function subscriptionJson(row: SubscriptionRow, locale: string, texts?: WordingTexts): Record<string, unknown> {
  const plan = planOf(row);
  return {
    id: row.id,
    productName: row.productName,
    // A monthly donation (issue 30) rides on a subscription; the owner's screen marks it.
    kind: row.itemId === DONATION_ITEM ? 'donation' : 'subscription',
    sku: row.sku,
    quantity: row.quantity,
    billingPeriod: { value: row.billingPeriodValue, unit: row.billingPeriodUnit },
    numBillingCycles: row.numBillingCycles,
    cyclesBilled: row.cyclesBilled,
    status: row.status,
    nextBillingDate: row.status === 'ended' || row.status === 'canceled' ? null : row.nextBillingAt,
    price: row.renewalTotalCents,
    priceMoney: moneyJson(row.renewalTotalCents, row.currency),
    priceWording: subscriptionPriceWording(displayMoney(row.renewalTotalCents, row.currency, locale), plan, texts),
    created: row.createdOn,
  };
}

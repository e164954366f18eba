import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { siteUsers } from './accounts.js';
import { addressColumn, boughtLineColumns, centsColumn, currencyColumn } from './order-columns.js';
import { orders } from './orders.js';
import { websites } from './websites.js';

/**
 * A shopper's subscription (SPEC §3 Subscription), created by the checkout of a
 * subscription cart in the same batch as its first order. The plan is copied, not
 * referenced, so an owner editing the product never changes what a subscriber agreed to.
 *
 * Billing dates are computed from `anchorOn` (cycle n is due at anchor + n periods,
 * clamped to the month's last day), so Jan 31 monthly runs Feb 28, Mar 31, Apr 30.
 * `cyclesBilled` counts paid cycles, the first order included; the renewal job claims a
 * cycle with a conditional UPDATE on (cyclesBilled, nextBillingAt), so two overlapping
 * cron runs never charge one cycle twice (edge/services/subscriptions/renew.ts).
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // The order of the first cycle (its status link also opens page 206).
    firstOrderId: text('first_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The signed-in shopper who subscribed; null for a guest checkout.
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    // The line bought, as the first order's line has it.
    ...boughtLineColumns(),
    // What each renewal charges, in minor units of `currency`: subtotal, shipping and tax
    // of the first order, before any one-time coupon (docs/subscriptions.md, "Renewals").
    subtotalCents: centsColumn('subtotal_cents'),
    shippingCents: centsColumn('shipping_cents'),
    taxCents: centsColumn('tax_cents'),
    renewalTotalCents: centsColumn('renewal_total_cents'),
    currency: currencyColumn(),
    shippingAddress: addressColumn('shipping_address'),
    billingPeriodValue: integer('billing_period_value').notNull(),
    // 'WEEK' | 'MONTH' | 'YEAR'
    billingPeriodUnit: text('billing_period_unit').notNull(),
    // 0 = indefinite (SPEC §3).
    numBillingCycles: integer('num_billing_cycles').notNull(),
    cyclesBilled: integer('cycles_billed').notNull().default(1),
    anchorOn: integer('anchor_on').notNull(),
    // When the next charge is due (a retry time while past due); null once it has ended.
    nextBillingAt: integer('next_billing_at'),
    // 'active' | 'past_due' | 'paused' (owner paused: never claimed for renewal) | 'ended' | 'canceled'
    status: text('status').notNull().default('active'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailure: text('last_failure'),
    // The payment provider's reusable reference (never card data): renewals charge it.
    paymentProvider: text('payment_provider').notNull(),
    paymentRef: text('payment_ref').notNull(),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_first_order_uq').on(t.firstOrderId),
    index('subscriptions_due_idx').on(t.status, t.nextBillingAt),
    index('subscriptions_user_idx').on(t.websiteId, t.siteUserId, t.createdOn),
    check('subscriptions_cycles_ck', sql`${t.cyclesBilled} >= 1 AND (${t.numBillingCycles} = 0 OR ${t.cyclesBilled} <= ${t.numBillingCycles})`),
    check('subscriptions_period_ck', sql`${t.billingPeriodValue} >= 1 AND ${t.billingPeriodUnit} IN ('WEEK', 'MONTH', 'YEAR')`),
  ],
);

/**
 * Which orders belong to which shopper account (docs/accounts.md): written in the batch that
 * records an order placed while signed in, and by each renewal of a subscription that
 * has an account. The account pages list and open orders only through this table.
 * `cycle` is set for renewal orders (the subscription and cycle they paid).
 */
export const accountOrders = sqliteTable(
  'account_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    cycle: integer('cycle'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [
    index('account_orders_user_idx').on(t.websiteId, t.siteUserId, t.createdOn),
    // One order per subscription cycle: a second renewal write for a cycle fails its batch.
    uniqueIndex('account_orders_cycle_uq').on(t.subscriptionId, t.cycle),
  ],
);

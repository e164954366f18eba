import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Per-site checkout settings: shipping zones, tax rules and coupons (gift cards: gift-cards.ts). The
 * shapes of `rates` and `effect` are edge/services/checkout/types.ts's ShippingRate and
 * CouponEffect, which price them (`checkoutTotals`).
 */
export const shippingZones = sqliteTable(
  'shipping_zones',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // ISO country codes, or ['*'] for the rest of the world.
    countries: text('countries', { mode: 'json' }).$type<string[]>().notNull(),
    regions: text('regions', { mode: 'json' }).$type<string[]>(),
    rates: text('rates', { mode: 'json' }).$type<unknown[]>().notNull(),
    position: integer('position').notNull().default(0),
    // Bumped by every owner save (If-Match).
    version: integer('version').notNull().default(1),
  },
  (t) => [index('shipping_zones_site_idx').on(t.websiteId, t.position)],
);

export const taxRules = sqliteTable(
  'tax_rules',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    rateBps: integer('rate_bps').notNull(),
    inclusive: integer('inclusive', { mode: 'boolean' }).notNull().default(false),
    appliesToShipping: integer('applies_to_shipping', { mode: 'boolean' }).notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('tax_rules_site_idx').on(t.websiteId, t.country), check('tax_rules_rate_ck', sql`${t.rateBps} BETWEEN 0 AND 10000`)],
);

export const coupons = sqliteTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // Stored upper-case; shoppers' codes are compared upper-cased.
    code: text('code').notNull(),
    effect: text('effect', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: integer('starts_at'),
    endsAt: integer('ends_at'),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    productIds: text('product_ids', { mode: 'json' }).$type<string[]>(),
    categoryIds: text('category_ids', { mode: 'json' }).$type<string[]>(),
    // Uses per shopper (same email or same account); coupon_redemptions counts them.
    perCustomerLimit: integer('per_customer_limit'),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('coupons_site_code_uq').on(t.websiteId, t.code), check('coupons_usage_ck', sql`${t.usageLimit} IS NULL OR ${t.timesUsed} <= ${t.usageLimit}`)],
);

/**
 * One coupon use by one order attempt, written in the stock batch (edge/services/orders/stock-batch.ts)
 * and deleted when the attempt is undone. `email` is NULL (and the NOT NULL check aborts the batch) when
 * the shopper already used the coupon `per_customer_limit` times by that email or account.
 */
export const couponRedemptions = sqliteTable(
  'coupon_redemptions',
  {
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    attemptId: text('attempt_id').notNull(),
    email: text('email').notNull(),
    siteUserId: text('site_user_id'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_uq').on(t.couponId, t.attemptId),
    index('coupon_redemptions_email_idx').on(t.couponId, t.email),
    index('coupon_redemptions_user_idx').on(t.couponId, t.siteUserId),
    index('coupon_redemptions_attempt_idx').on(t.attemptId),
  ],
);

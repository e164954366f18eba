import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { items } from './content.js';

/**
 * SPEC §3 Shopping cart. The visitor holds an opaque token in the `CART` cookie; only its
 * SHA-256 is stored, so the table never holds a usable credential. `kind` separates the
 * visitor's shopping cart from the single-item carts of subscription purchases.
 */
export const carts = sqliteTable(
  'carts',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    // 'shopping' | 'subscription'
    kind: text('kind').notNull().default('shopping'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
    // A cart that is neither purchased nor touched before this time is gone (and holds nothing).
    expiresOn: integer('expires_on').notNull(),
    isPurchased: integer('is_purchased', { mode: 'boolean' }).notNull().default(false),
    orderId: text('order_id'),
    shippingLocation: text('shipping_location', { mode: 'json' }).$type<Record<string, unknown>>(),
    coupons: text('coupons', { mode: 'json' }).$type<string[]>().notNull().default([]),
    // Subscription carts: the chosen plan (SPEC §3 Subscription add request).
    subscriptionPlanId: text('subscription_plan_id'),
  },
  (t) => [uniqueIndex('carts_token_hash_uq').on(t.tokenHash), index('carts_expires_idx').on(t.expiresOn)],
);

/**
 * SPEC §3 Cart entry. One row per item + variant + additional fields (`lineKey` hashes the
 * three), so adding the same line again raises its quantity. The unit price is captured
 * from D1 when the line is added, never taken from the request.
 */
export const cartEntries = sqliteTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    websiteId: text('website_id').notNull(),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    // Null for products without variants (digital); `variantId` is null then too.
    sku: text('sku'),
    variantId: text('variant_id'),
    lineKey: text('line_key').notNull(),
    // Canonical JSON text of the additional-fields form answers, or null.
    additionalFields: text('additional_fields'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    currency: text('currency').notNull(),
    addedOn: integer('added_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('cart_entries_cart_line_uq').on(t.cartId, t.lineKey),
    // SPEC §9: quantity max 9999.
    check('cart_entries_quantity_ck', sql`${t.quantity} BETWEEN 1 AND 9999`),
  ],
);

/**
 * Units of a finite-stock variant reserved for one cart entry until `expiresOn`.
 * Available stock = `variants.qty_in_stock` minus the unexpired holds; a hold is written
 * only by a conditional statement that checks that sum (edge/services/cart/holds.ts,
 * docs/cart-holds.md). `requestId` tells the batch's next statement whether this
 * request's hold was written. No foreign key to the entry: the hold is written first.
 */
export const stockHolds = sqliteTable(
  'stock_holds',
  {
    entryId: text('entry_id').primaryKey(),
    cartId: text('cart_id').notNull(),
    websiteId: text('website_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresOn: integer('expires_on').notNull(),
    requestId: text('request_id').notNull(),
  },
  (t) => [index('stock_holds_variant_expires_idx').on(t.variantId, t.expiresOn), index('stock_holds_cart_idx').on(t.cartId)],
);

import { integer, text } from 'drizzle-orm/sqlite-core';

/**
 * Column builders that orders, their lines and subscriptions share, so a
 * subscription stores an amount, an address or a bought line exactly as an order does.
 * Each call returns fresh builders: Drizzle binds a builder to the one table it is in.
 */

/** An amount in integer minor units of the row's `currency` (never a float). */
export const centsColumn = (name: string) => integer(name).notNull();

/** A postal address as checkout validated it, stored as JSON (absent for digital carts). */
export const addressColumn = (name: string) => text(name, { mode: 'json' }).$type<Record<string, string>>();

/** The ISO 4217 code the row's amounts are in. */
export const currencyColumn = () => text('currency').notNull();

/** What was bought, as it was when bought (SPEC §3 Order items): product, variant, quantity, price. */
export const boughtLineColumns = () => ({
  itemId: text('item_id').notNull(),
  variantId: text('variant_id'),
  sku: text('sku'),
  productName: text('product_name').notNull(),
  productType: integer('product_type').notNull(),
  quantity: integer('quantity').notNull(),
  unitPriceCents: centsColumn('unit_price_cents'),
});

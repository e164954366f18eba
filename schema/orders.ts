import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { addressColumn, boughtLineColumns, centsColumn, currencyColumn } from './order-columns.js';
import { websites } from './websites.js';

/**
 * SPEC §3 Order. `orderNumber` is per site from 1001, taken from `orderCounters` in the
 * same D1 batch that writes the order (edge/services/orders/record.ts), so two orders
 * never share a number. Money is integer minor units of `currency`.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderNumber: integer('order_number').notNull(),
    purchasedCartId: text('purchased_cart_id').notNull(),
    testMode: integer('test_mode', { mode: 'boolean' }).notNull().default(true),
    email: text('email').notNull(),
    shippingAddress: addressColumn('shipping_address'),
    billingAddress: addressColumn('billing_address'),
    shippingOption: text('shipping_option', { mode: 'json' }).$type<Record<string, unknown>>(),
    coupons: text('coupons', { mode: 'json' }).$type<string[]>().notNull().default([]),
    currency: currencyColumn(),
    subtotalCents: centsColumn('subtotal_cents'),
    discountCents: centsColumn('discount_cents'),
    shippingTotalCents: centsColumn('shipping_total_cents'),
    taxTotalCents: centsColumn('tax_total_cents'),
    includedTaxCents: integer('included_tax_cents').notNull().default(0),
    grandTotalCents: centsColumn('grand_total_cents'),
    // Drawn from a gift card (schema/gift-cards.ts); the card paid grandTotal minus this.
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    // 'paid' | 'partially_refunded' | 'refunded' | 'cancelled' (edge/services/order-ops)
    status: text('status').notNull().default('paid'),
    // SHA-256 of the token in the order-status link of the confirmation mail (page 211).
    statusTokenHash: text('status_token_hash').notNull(),
    createdOn: integer('created_on').notNull(),
    // The shopper's language at checkout (issue 29): an added language of a multilingual site, else null (the primary).
    language: text('language'),
  },
  (t) => [
    uniqueIndex('orders_site_number_uq').on(t.websiteId, t.orderNumber),
    // The owner's order list sorted by total (keyset on total, then number) and filtered by payment state.
    index('orders_site_total_idx').on(t.websiteId, t.grandTotalCents, t.orderNumber),
    index('orders_site_status_number_idx').on(t.websiteId, t.status, t.orderNumber),
    // The owner's customers: orders grouped by buyer (lower-cased email) and one buyer's orders.
    index('orders_site_email_idx').on(t.websiteId, sql`lower(${t.email})`, t.createdOn),
    // One order per cart: a second write for the same cart fails the whole batch.
    uniqueIndex('orders_cart_uq').on(t.purchasedCartId),
    check('orders_number_ck', sql`${t.orderNumber} >= 1001`),
  ],
);

/** The last order number a site used; the first order takes 1001. */
export const orderCounters = sqliteTable('order_counters', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

/** SPEC §3 Order items: sku, productName, quantity, unitPrice as bought. */
export const orderLines = sqliteTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: text('website_id').notNull(),
    ...boughtLineColumns(),
    position: integer('position').notNull(),
    // The cart entry's additional-fields answers (canonical JSON text), copied at checkout.
    additionalFields: text('additional_fields'),
    // Units sent or picked up, and units cancelled (edge/services/order-ops): each moves only by a
    // conditional UPDATE that keeps their sum within the quantity bought.
    fulfilledQuantity: integer('fulfilled_quantity').notNull().default(0),
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), check('order_lines_quantity_ck', sql`${t.quantity} >= 1`)],
);

/** A captured (and possibly refunded) payment; `providerRef` is the provider's id for it. */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    amountCents: centsColumn('amount_cents'),
    currency: currencyColumn(),
    // 'captured' | 'refunded'
    status: text('status').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * One row per (site, Idempotency-Key). Written by a plain INSERT before anything else
 * happens, so of two simultaneous requests with one key only one proceeds; the order id
 * is filled in by the batch that records the order. `requesterHash` binds the key to the
 * cart that used it, so another visitor cannot read an order through a guessed key.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requesterHash: text('requester_hash').notNull(),
    orderId: text('order_id'),
    createdOn: integer('created_on').notNull(),
    /**
     * Until when the request that claimed (or took over) the key owns it; a retry or the
     * Cron reconciler may take over an unfinished key after it (docs/crash-safety.md). Each
     * holder's writes are guarded by the value it set. NULL on keys from before leases.
     */
    leaseUntil: integer('lease_until'),
    /** The steps done so far, each written in the batch that did it: stock secured... */
    attemptId: text('attempt_id'),
    /** JSON array of the coupon ids counted up with the stock (put back on undo). */
    couponIds: text('coupon_ids'),
    securedOn: integer('secured_on'),
    /** ...then the payment captured: provider, its reference and the amount taken. */
    paidOn: integer('paid_on'),
    paymentProvider: text('payment_provider'),
    paymentRef: text('payment_ref'),
    paidCents: integer('paid_cents'),
    currency: text('currency'),
    /** With a subscription's payment: the saved method renewals charge (a resumed attempt needs it). */
    reusableRef: text('reusable_ref'),
    /**
     * JSON, written with the stock: what recording the order needs (the cart's lines as priced,
     * the totals, email, addresses, shipping option, plan), so a retry resumes and the Cron
     * reconciler finishes a paid attempt rather than refunding it (edge/services/orders/order-facts.ts).
     */
    orderFacts: text('order_facts'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_site_key_uq').on(t.websiteId, t.key),
    // The reconciler's scan: unfinished keys by lease end.
    index('idempotency_keys_open_lease_idx').on(t.leaseUntil).where(sql`order_id IS NULL`),
  ],
);

/**
 * Units taken from stock for one checkout attempt, written in the same batch as the
 * conditional decrement. `quantity` is NOT NULL and the insert supplies NULL when the
 * decrement before it changed no row, which aborts the whole batch (nothing half-written).
 * The rows let a failed payment put exactly those units back.
 */
export const stockReservations = sqliteTable(
  'stock_reservations',
  {
    attemptId: text('attempt_id').notNull(),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [uniqueIndex('stock_reservations_uq').on(t.attemptId, t.variantId)],
);

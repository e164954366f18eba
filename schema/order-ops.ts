import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { orders } from './orders.js';

/**
 * What the owner does with a paid order (edge/services/order-ops): fulfilments, refunds and
 * the order's timeline. Each write is one D1 batch; refunds are gated by one conditional
 * INSERT so their sum never exceeds what the order took.
 */

/** The columns every table here starts with: its id, the site, and the order it belongs to (deleted with it). */
const orderReference = () => ({
  id: text('id').primaryKey(),
  websiteId: text('website_id').notNull(),
  orderId: text('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
});

/** One shipment (carrier, tracking number) or pickup of some or all of an order's units. */
export const orderFulfilments = sqliteTable(
  'order_fulfilments',
  {
    ...orderReference(),
    // 'shipped' | 'picked_up'
    kind: text('kind').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** JSON [{ lineId, quantity }]: the units of each line this fulfilment covers. */
    lines: text('lines', { mode: 'json' }).$type<{ lineId: string; quantity: number }[]>().notNull(),
    /** The owner's Idempotency-Key (or a generated one): a retried request fulfils once. */
    requestKey: text('request_key').notNull(),
    createdBy: text('created_by').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('order_fulfilments_order_idx').on(t.orderId, t.createdOn), uniqueIndex('order_fulfilments_key_uq').on(t.websiteId, t.requestKey)],
);

/**
 * One refund of an order: `providerCents` back through the payment provider and
 * `giftCardCents` back onto the gift cards that paid. 'pending' while the provider is
 * asked, then 'succeeded' or 'failed' (a failed refund no longer counts against the
 * refundable amount). The conditional INSERT that writes a row is the only gate.
 */
export const orderRefunds = sqliteTable(
  'order_refunds',
  {
    ...orderReference(),
    amountCents: integer('amount_cents').notNull(),
    providerCents: integer('provider_cents').notNull(),
    giftCardCents: integer('gift_card_cents').notNull(),
    /** JSON [{ lineId, quantity }] when the owner refunded lines rather than an amount. */
    lines: text('lines', { mode: 'json' }).$type<{ lineId: string; quantity: number }[]>(),
    reason: text('reason'),
    // 'pending' | 'succeeded' | 'failed'
    status: text('status').notNull(),
    requestKey: text('request_key').notNull(),
    createdBy: text('created_by').notNull(),
    createdOn: integer('created_on').notNull(),
    settledOn: integer('settled_on'),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdOn),
    uniqueIndex('order_refunds_key_uq').on(t.websiteId, t.requestKey),
    check('order_refunds_amount_ck', sql`${t.amountCents} > 0 AND ${t.providerCents} >= 0 AND ${t.giftCardCents} >= 0 AND ${t.providerCents} + ${t.giftCardCents} = ${t.amountCents}`),
  ],
);

/**
 * The order's timeline beyond what other tables already date (placed, paid, mails): notes,
 * fulfilments, pickups, refunds, cancellation, each with who and when.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    ...orderReference(),
    // 'note' | 'fulfilled' | 'picked_up' | 'refunded' | 'refund_failed' | 'refund_needs_attention' | 'cancelled' | 'gift_cards_disabled'
    kind: text('kind').notNull(),
    /** The note's text, or a short summary of what happened. */
    body: text('body').notNull(),
    actor: text('actor').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdOn)],
);

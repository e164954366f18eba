import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Payment-provider webhook events already applied, one row per provider event
 * id: a provider delivers an event at least once, and a repeat is answered without
 * applying it again. `websiteId` is the site the event's payment belongs to, when known.
 */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    websiteId: text('website_id'),
    type: text('type').notNull(),
    // The provider's id of the payment the event is about (a Stripe PaymentIntent id).
    paymentRef: text('payment_ref'),
    receivedOn: integer('received_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payment_events_ref_idx').on(t.paymentRef)],
);

import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Outgoing webhooks (SPEC §1 "automation-service connection"; docs/api/webhooks.md): an
 * owner's subscription of one https URL to some event types. `secret` signs every POST
 * (HMAC-SHA-256); it is shown to the owner once, on creation. `status` 'active' |
 * 'disabled'; `consecutiveFailures` counts failed attempts since the last success and
 * disables the subscription at the limit. `connectedOn`: the first successful delivery
 * (SPEC §4 "awaiting connection" until then, "connected" after).
 */
export const webhookSubscriptions = sqliteTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** JSON array of event types (domain/webhooks/webhook-events.ts). */
    events: text('events').notNull(),
    secret: text('secret').notNull(),
    status: text('status').notNull().default('active'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledOn: integer('disabled_on'),
    /** A one-off token set by the UPDATE that disabled it: the notice mail is inserted for exactly that change. */
    disabledToken: text('disabled_token'),
    connectedOn: integer('connected_on'),
    lastDeliveryOn: integer('last_delivery_on'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('webhook_subscriptions_website_idx').on(t.websiteId, t.status)],
);

/** One fact that happened (an order paid, a form submitted): written in the fact's own batch. `id` is the receivers' de-duplication key. */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** JSON object: the event's data. */
    payload: text('payload').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('webhook_events_website_idx').on(t.websiteId, t.createdOn)],
);

/**
 * One event owed to one subscription, and its delivery state: 'pending' (due at
 * `nextAttemptOn`), 'delivered', 'failed' (attempts used up). A run claims a row by setting
 * `claimToken` and `leaseUntil` in one UPDATE; a row whose lease ran out is claimed again
 * (at-least-once).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptOn: integer('next_attempt_on').notNull(),
    claimToken: text('claim_token'),
    leaseUntil: integer('lease_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
    deliveredOn: integer('delivered_on'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptOn),
    index('webhook_deliveries_log_idx').on(t.subscriptionId, t.createdOn),
  ],
);

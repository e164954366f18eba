import type { D1Database } from '@cloudflare/workers-types';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../../domain/webhooks/webhook-events.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { newSecret } from './signing.js';

const d1Of = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

/** SPEC §4 automation-service connection state of one subscription (and, summed, of the site). */
export type ConnectionState = 'awaiting connection' | 'connected' | 'disabled';

export interface WebhookSubscription {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: 'active' | 'disabled';
  state: ConnectionState;
  consecutiveFailures: number;
  disabledOn: number | null;
  connectedOn: number | null;
  lastDeliveryOn: number | null;
  createdOn: number;
  /** Deliveries waiting for their (next) attempt. */
  pending: number;
}

interface Row {
  id: string;
  url: string;
  events: string;
  status: 'active' | 'disabled';
  consecutive_failures: number;
  disabled_on: number | null;
  connected_on: number | null;
  last_delivery_on: number | null;
  created_on: number;
  pending: number;
}

function shape(r: Row): WebhookSubscription {
  const events = (JSON.parse(r.events) as string[]).filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e));
  const state: ConnectionState = r.status === 'disabled' ? 'disabled' : r.connected_on !== null ? 'connected' : 'awaiting connection';
  return {
    id: r.id, url: r.url, events, status: r.status, state, consecutiveFailures: r.consecutive_failures, disabledOn: r.disabled_on,
    connectedOn: r.connected_on, lastDeliveryOn: r.last_delivery_on, createdOn: r.created_on, pending: r.pending,
  };
}

const SELECT = `SELECT s.id, s.url, s.events, s.status, s.consecutive_failures, s.disabled_on, s.connected_on, s.last_delivery_on, s.created_on,
  (SELECT count(*) FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.status = 'pending') AS pending
  FROM webhook_subscriptions s`;

/** At most this many webhooks per site. */
export const MAX_SUBSCRIPTIONS = 20;

/** The site's subscriptions, newest first, and the SPEC §4 summary: connected (with the count of connected ones) or awaiting connection. */
export async function listSubscriptions(db: Db, websiteId: string): Promise<{ subscriptions: WebhookSubscription[]; connection: { state: 'awaiting connection' | 'connected'; connectedCount: number } }> {
  const rows = (await query(() => d1Of(db).prepare(`${SELECT} WHERE s.website_id = ?1 ORDER BY s.created_on DESC, s.id`).bind(websiteId).all<Row>())).results;
  const subscriptions = rows.map(shape);
  const connectedCount = subscriptions.filter((s) => s.state === 'connected').length;
  return { subscriptions, connection: { state: connectedCount > 0 ? 'connected' : 'awaiting connection', connectedCount } };
}

export async function getSubscription(db: Db, websiteId: string, id: string): Promise<WebhookSubscription | undefined> {
  const row = await query(() => d1Of(db).prepare(`${SELECT} WHERE s.website_id = ?1 AND s.id = ?2`).bind(websiteId, id).first<Row>());
  return row ? shape(row) : undefined;
}

/** A new subscription and its secret (the only time the secret is answered). Undefined past MAX_SUBSCRIPTIONS. */
export async function createSubscription(db: Db, websiteId: string, input: { url: string; events: WebhookEventType[] }, now: number): Promise<{ subscription: WebhookSubscription; secret: string } | undefined> {
  const id = newId();
  const secret = newSecret();
  // The count and the insert are one statement, so concurrent creates cannot pass the limit.
  const inserted = await query(() =>
    d1Of(db)
      .prepare(
        `INSERT INTO webhook_subscriptions (id, website_id, url, events, secret, status, created_on)
         SELECT ?1, ?2, ?3, ?4, ?5, 'active', ?6 WHERE (SELECT count(*) FROM webhook_subscriptions WHERE website_id = ?2) < ?7`,
      )
      .bind(id, websiteId, input.url, JSON.stringify(input.events), secret, now, MAX_SUBSCRIPTIONS)
      .run(),
  );
  if (!inserted.meta.changes) return undefined;
  return { subscription: (await getSubscription(db, websiteId, id))!, secret };
}

/** Changes the URL and events; false when there is no such subscription. */
export async function updateSubscription(db: Db, websiteId: string, id: string, input: { url: string; events: WebhookEventType[] }): Promise<boolean> {
  const r = await query(() =>
    d1Of(db).prepare('UPDATE webhook_subscriptions SET url = ?3, events = ?4 WHERE website_id = ?1 AND id = ?2').bind(websiteId, id, input.url, JSON.stringify(input.events)).run(),
  );
  return r.meta.changes > 0;
}

/** Turns a subscription on (its failure count starts again; deliveries waiting resume) or off. */
export async function setSubscriptionEnabled(db: Db, websiteId: string, id: string, enabled: boolean, now: number): Promise<boolean> {
  const d1 = d1Of(db);
  const r = await query(() =>
    enabled
      ? d1.prepare(`UPDATE webhook_subscriptions SET status = 'active', consecutive_failures = 0, disabled_on = NULL, disabled_token = NULL WHERE website_id = ?1 AND id = ?2`).bind(websiteId, id).run()
      : d1.prepare(`UPDATE webhook_subscriptions SET status = 'disabled', disabled_on = coalesce(disabled_on, ?3) WHERE website_id = ?1 AND id = ?2`).bind(websiteId, id, now).run(),
  );
  return r.meta.changes > 0;
}

export async function deleteSubscription(db: Db, websiteId: string, id: string): Promise<boolean> {
  const r = await query(() => d1Of(db).prepare('DELETE FROM webhook_subscriptions WHERE website_id = ?1 AND id = ?2').bind(websiteId, id).run());
  return r.meta.changes > 0;
}

export interface DeliveryLogRow {
  id: string;
  eventId: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptOn: number | null;
  createdOn: number;
  updatedOn: number;
  deliveredOn: number | null;
}

/** A subscription's deliveries, newest first, `limit` at a time before the cursor (the last row's createdOn and id). */
export async function deliveryLog(db: Db, websiteId: string, subscriptionId: string, options: { limit: number; before?: { createdOn: number; id: string } | undefined }): Promise<{ rows: DeliveryLogRow[]; nextCursor: string | null }> {
  const b = options.before;
  const rows = (
    await query(() =>
      d1Of(db)
        .prepare(
          `SELECT d.id, d.event_id AS eventId, e.type, d.status, d.attempts, d.last_status_code AS lastStatusCode, d.last_error AS lastError,
             CASE WHEN d.status = 'pending' THEN d.next_attempt_on END AS nextAttemptOn, d.created_on AS createdOn, d.updated_on AS updatedOn, d.delivered_on AS deliveredOn
           FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
           WHERE d.website_id = ?1 AND d.subscription_id = ?2 AND (?3 IS NULL OR d.created_on < ?3 OR (d.created_on = ?3 AND d.id < ?4))
           ORDER BY d.created_on DESC, d.id DESC LIMIT ?5`,
        )
        .bind(websiteId, subscriptionId, b?.createdOn ?? null, b?.id ?? '', options.limit + 1)
        .all<DeliveryLogRow>(),
    )
  ).results;
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > options.limit && last ? `${last.createdOn}.${last.id}` : null };
}

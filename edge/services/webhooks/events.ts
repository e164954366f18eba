import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-events.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';

const d1Of = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

/**
 * Where a fact's event row reads its payload when the fact's own statement decides it (the
 * order number counted in the batch, a submission stored only when it passed): the payload
 * is `payloadSql` (a JSON text expression) evaluated over `fromSql` (a FROM ... WHERE
 * clause). Placeholders start at ?5 (?1-?4 are the event's id, site, type and time), and
 * `binds` fill them in order. No row selected: no event and no deliveries.
 * @example { payloadSql: "json_set(?5, '$.orderNumber', o.order_number)", fromSql: 'FROM orders o WHERE o.id = ?6', binds: [json, orderId] }
 */
export interface EventSource {
  payloadSql: string;
  fromSql: string;
  binds: unknown[];
}

export interface WebhookEvent {
  websiteId: string;
  type: WebhookEventType;
  /** The event's data (JSON); with `source`, the value bound where its SQL uses it. */
  payload?: Record<string, unknown>;
  source?: EventSource;
  now: number;
  /** The event's id (the receivers' de-duplication key); a fresh one by default. */
  id?: string;
}

/**
 * The statements that record an event and owe it to every active subscription of the site
 * to its type: put them in the batch that records the fact itself, so an event exists
 * exactly when its fact does (docs/api/webhooks.md, "Emitting an event"). The Cron
 * Trigger's delivery job sends them (deliver.ts).
 */
export function webhookEventStatements(d1: D1Database, e: WebhookEvent): D1PreparedStatement[] {
  const id = e.id ?? newId();
  const insert = e.source
    ? d1
        .prepare(`INSERT INTO webhook_events (id, website_id, type, payload, created_on) SELECT ?1, ?2, ?3, ${e.source.payloadSql}, ?4 ${e.source.fromSql}`)
        .bind(id, e.websiteId, e.type, e.now, ...e.source.binds)
    : d1.prepare('INSERT INTO webhook_events (id, website_id, type, payload, created_on) VALUES (?1, ?2, ?3, ?4, ?5)').bind(id, e.websiteId, e.type, JSON.stringify(e.payload ?? {}), e.now);
  return [insert, fanOutStatement(d1, id, e.websiteId, e.now)];
}

/** One pending delivery per active subscription of the event's site that chose its type (none when the event row does not exist). */
function fanOutStatement(d1: D1Database, eventId: string, websiteId: string, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO webhook_deliveries (id, website_id, subscription_id, event_id, status, attempts, next_attempt_on, created_on, updated_on)
       SELECT lower(hex(randomblob(16))), s.website_id, s.id, e.id, 'pending', 0, ?3, ?3, ?3
       FROM webhook_events e JOIN webhook_subscriptions s ON s.website_id = e.website_id
       WHERE e.id = ?1 AND e.website_id = ?2 AND s.status = 'active'
         AND EXISTS (SELECT 1 FROM json_each(s.events) j WHERE j.value = e.type)
       ON CONFLICT (subscription_id, event_id) DO NOTHING`,
    )
    .bind(eventId, websiteId, now);
}

/**
 * Records an event on its own (one batch), for a fact already committed by other means.
 * Prefer `webhookEventStatements` inside the fact's batch; this is for callers that have none.
 * @example await emitEvent(db, site.id, 'order.fulfilled', { orderId, orderNumber, trackingNumber })
 */
export async function emitEvent(db: Db, websiteId: string, type: WebhookEventType, payload: Record<string, unknown>, now: number = Date.now()): Promise<string> {
  const id = newId();
  await query(() => d1Of(db).batch(webhookEventStatements(d1Of(db), { websiteId, type, payload, now, id })));
  return id;
}

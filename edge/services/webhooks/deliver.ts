import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { DISABLE_AFTER_FAILURES, MAX_DELIVERY_ATTEMPTS, TEST_EVENT } from '../../../domain/webhooks/webhook-events.js';
import { ROLE } from '../../../domain/roles/roles.js';
import { newId } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import type { Resolver } from './resolver.js';
import { HEADER, signBody } from './signing.js';
import { checkWebhookUrl, type UrlRules } from './url-check.js';

const d1Of = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

/** How long a run holds the deliveries it claimed; a run that died leaves them to the next one after this. */
export const LEASE_MS = 5 * 60 * 1000;
/** Deliveries one run sends at most (each is a subrequest, and so is a DNS lookup). */
export const RUN_LIMIT = 100;
/** Concurrent POSTs of one run (workerd allows 6 open connections per request). */
const CONCURRENCY = 6;
const TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** Wait before the attempt after failed attempt `attempts` (1-based): 1, 2, 4, 8 ... minutes, at most 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export interface DeliveryDeps {
  rules: UrlRules;
  send?: typeof fetch;
}

interface Claimed {
  id: string;
  subscription_id: string;
  website_id: string;
  attempts: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  payload: string;
  event_created_on: number;
}

export interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

const CLAIMED_ROWS = `SELECT d.id, d.subscription_id, d.website_id, d.attempts, s.url, s.secret, e.id AS event_id, e.type, e.payload, e.created_on AS event_created_on
  FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id JOIN webhook_events e ON e.id = d.event_id
  WHERE d.claim_token = ?1`;

/**
 * The Cron Trigger's delivery job: claims up to `limit` due deliveries of active
 * subscriptions (one UPDATE, so overlapping runs never share one), POSTs each signed event,
 * and records the outcome: delivered, or retried after `backoffMs` until
 * MAX_DELIVERY_ATTEMPTS. A run that dies mid-way leaves its rows to a later run after
 * LEASE_MS: a receiver may get an event twice (at-least-once; the event id de-duplicates).
 */
export async function runDeliveries(db: Db, deps: DeliveryDeps, now: number, limit = RUN_LIMIT): Promise<{ delivered: number; failed: number }> {
  const d1 = d1Of(db);
  const token = newId();
  await query(() =>
    d1
      .prepare(
        `UPDATE webhook_deliveries SET claim_token = ?1, lease_until = ?2 + ${LEASE_MS}, attempts = attempts + 1, updated_on = ?2
         WHERE id IN (
           SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
           WHERE d.status = 'pending' AND d.next_attempt_on <= ?2 AND (d.lease_until IS NULL OR d.lease_until <= ?2) AND s.status = 'active'
           ORDER BY d.next_attempt_on LIMIT ?3)
         AND status = 'pending' AND (lease_until IS NULL OR lease_until <= ?2)`,
      )
      .bind(token, now, limit)
      .run(),
  );
  const claimed = (await query(() => d1.prepare(CLAIMED_ROWS).bind(token).all<Claimed>())).results;
  const resolver = cachedResolver(deps.rules.resolver);
  const rules = { ...deps.rules, resolver };
  let delivered = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const row = claimed[next++]!;
      const outcome = await post(row, { ...deps, rules }, now);
      await record(d1, row, token, outcome, now);
      if (outcome.ok) delivered += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
  return { delivered, failed };
}

/** One lookup per host name per run. */
function cachedResolver(inner: Resolver): Resolver {
  const seen = new Map<string, Promise<string[]>>();
  return {
    resolve(host) {
      let found = seen.get(host);
      if (!found) seen.set(host, (found = inner.resolve(host)));
      return found;
    },
  };
}

/** The JSON body of an event's POST. */
export function eventBody(row: { event_id: string; type: string; website_id: string; event_created_on: number; payload: string }): string {
  return `{"id":${JSON.stringify(row.event_id)},"type":${JSON.stringify(row.type)},"websiteId":${JSON.stringify(row.website_id)},"createdOn":${JSON.stringify(new Date(row.event_created_on).toISOString())},"data":${row.payload}}`;
}

/** POSTs one event to its subscription's URL, checked again (DNS may have changed since it was saved). */
async function post(row: Claimed, deps: DeliveryDeps, now: number): Promise<Outcome> {
  const verdict = await checkWebhookUrl(row.url, deps.rules);
  if (!verdict.ok) return { ok: false, statusCode: null, error: verdict.message };
  const body = eventBody(row);
  const timestamp = Math.floor(now / 1000);
  const signature = await signBody(row.secret, timestamp, body);
  try {
    const res = await (deps.send ?? fetch)(verdict.url.href, {
      method: 'POST',
      // A redirect could lead anywhere (a private address): it counts as a failure, never followed.
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Atelier-Webhooks/1',
        [HEADER.id]: row.event_id,
        [HEADER.event]: row.type,
        [HEADER.timestamp]: String(timestamp),
        [HEADER.signature]: `v1=${signature}`,
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.status >= 200 && res.status < 300 ? { ok: true, statusCode: res.status, error: null } : { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    return { ok: false, statusCode: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 200) };
  }
}

/** The outcome in one batch: the delivery, the subscription's failure count, and (at the limit) its disabling with the owner's notice. */
async function record(d1: D1Database, row: Claimed, token: string, outcome: Outcome, now: number): Promise<void> {
  const statements: D1PreparedStatement[] = outcome.ok
    ? [
        d1
          .prepare(`UPDATE webhook_deliveries SET status = 'delivered', delivered_on = ?3, updated_on = ?3, last_status_code = ?4, last_error = NULL, claim_token = NULL, lease_until = NULL WHERE id = ?1 AND claim_token = ?2`)
          .bind(row.id, token, now, outcome.statusCode),
        d1
          .prepare('UPDATE webhook_subscriptions SET consecutive_failures = 0, connected_on = coalesce(connected_on, ?2), last_delivery_on = ?2 WHERE id = ?1')
          .bind(row.subscription_id, now),
      ]
    : failureStatements(d1, row, token, outcome, now);
  await query(() => d1.batch(statements));
}

function failureStatements(d1: D1Database, row: Claimed, token: string, outcome: Outcome, now: number): D1PreparedStatement[] {
  const disabledToken = newId();
  const subject = 'A webhook was turned off after repeated failures';
  const text = [
    `Your webhook to ${row.url} failed ${DISABLE_AFTER_FAILURES} times in a row and has been turned off.`,
    `Last error: ${outcome.error ?? 'unknown'}.`,
    '',
    'Events are not sent to it while it is off. Fix the receiver, then turn it back on under Settings > Automations.',
  ].join('\n');
  // A test delivery is tried once: it never waits for a retry.
  const giveUp = row.type === TEST_EVENT ? 1 : MAX_DELIVERY_ATTEMPTS;
  return [
    d1
      .prepare(
        `UPDATE webhook_deliveries SET status = CASE WHEN attempts >= ?5 THEN 'failed' ELSE 'pending' END, next_attempt_on = ?3 + ?6,
           updated_on = ?3, last_status_code = ?4, last_error = ?7, claim_token = NULL, lease_until = NULL WHERE id = ?1 AND claim_token = ?2`,
      )
      .bind(row.id, token, now, outcome.statusCode, giveUp, backoffMs(row.attempts), outcome.error),
    d1.prepare(`UPDATE webhook_subscriptions SET consecutive_failures = consecutive_failures + 1, last_delivery_on = ?2 WHERE id = ?1 AND status = 'active'`).bind(row.subscription_id, now),
    d1
      .prepare(`UPDATE webhook_subscriptions SET status = 'disabled', disabled_on = ?2, disabled_token = ?3 WHERE id = ?1 AND status = 'active' AND consecutive_failures >= ?4`)
      .bind(row.subscription_id, now, disabledToken, DISABLE_AFTER_FAILURES),
    // The notice goes to the site's admins, exactly once: only the UPDATE above that disabled it set this token.
    d1
      .prepare(
        `INSERT INTO mail_outbox (id, website_id, kind, to_address, subject, text_body, created_on)
         SELECT lower(hex(randomblob(16))), s.website_id, 'webhook-disabled', u.email, ?3, ?4, ?5
         FROM webhook_subscriptions s JOIN contributors c ON c.website_id = s.website_id JOIN site_users u ON u.id = c.site_user_id
         WHERE s.id = ?1 AND s.disabled_token = ?2 AND EXISTS (SELECT 1 FROM json_each(c.roles) r WHERE r.value = ${ROLE.admin})`,
      )
      .bind(row.subscription_id, disabledToken, subject, text, now),
  ];
}

/**
 * The "Send test" button: a `webhook.test` event owed to this subscription only, sent at
 * once (also while it is turned off) and recorded in its log like any delivery; tried once.
 */
export async function sendTestDelivery(db: Db, deps: DeliveryDeps, websiteId: string, subscriptionId: string, now: number): Promise<Outcome> {
  const d1 = d1Of(db);
  const eventId = newId();
  const deliveryId = newId();
  const token = newId();
  await query(() =>
    d1.batch([
      d1
        .prepare(`INSERT INTO webhook_events (id, website_id, type, payload, created_on) VALUES (?1, ?2, '${TEST_EVENT}', ?3, ?4)`)
        .bind(eventId, websiteId, JSON.stringify({ message: 'This is a test event from Atelier.' }), now),
      d1
        .prepare(
          `INSERT INTO webhook_deliveries (id, website_id, subscription_id, event_id, status, attempts, next_attempt_on, claim_token, lease_until, created_on, updated_on)
           SELECT ?1, website_id, id, ?2, 'pending', 1, ?3, ?4, ?3 + ${LEASE_MS}, ?3, ?3 FROM webhook_subscriptions WHERE id = ?5 AND website_id = ?6`,
        )
        .bind(deliveryId, eventId, now, token, subscriptionId, websiteId),
    ]),
  );
  const row = await query(() => d1.prepare(CLAIMED_ROWS).bind(token).first<Claimed>());
  if (!row) throw new Error('the test delivery was not recorded');
  const outcome = await post(row, { ...deps, rules: { ...deps.rules, resolver: cachedResolver(deps.rules.resolver) } }, now);
  await record(d1, row, token, outcome, now);
  return outcome;
}

/** How long delivered and failed deliveries (and events nothing waits for) are kept for the log. */
export const LOG_RETENTION_DAYS = 30;

/** The daily clean-up: finished deliveries past LOG_RETENTION_DAYS, then events no delivery needs any more. */
export async function pruneWebhookLog(db: Db, now: number): Promise<number> {
  const d1 = d1Of(db);
  const before = now - LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  const [deliveries] = await query(() =>
    d1.batch([
      d1.prepare(`DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND updated_on < ?1`).bind(before),
      d1.prepare('DELETE FROM webhook_events WHERE created_on < ?1 AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)').bind(before),
    ]),
  );
  return deliveries!.meta.changes;
}

import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { query, type Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { ApiError } from '../../errors.js';

/** The order lease when ORDER_LEASE_SECONDS is unset: far longer than any one checkout request. */
export const DEFAULT_LEASE_SECONDS = 120;

/** ORDER_LEASE_SECONDS (wrangler.toml var; the crash tests set a short one) in ms. */
export function leaseMs(env: { ORDER_LEASE_SECONDS?: string | undefined }): number {
  const seconds = Number(env.ORDER_LEASE_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LEASE_SECONDS) * 1000;
}

/** An idempotency_keys row as the lease code reads it (docs/crash-safety.md). */
export interface KeyRow {
  websiteId: string;
  key: string;
  requesterHash: string;
  orderId: string | null;
  leaseUntil: number | null;
  attemptId: string | null;
  couponIds: string | null;
  securedOn: number | null;
  paidOn: number | null;
  paymentProvider: string | null;
  paymentRef: string | null;
  paidCents: number | null;
  currency: string | null;
  reusableRef: string | null;
  orderFacts: string | null;
}

export const KEY_COLUMNS = `website_id AS websiteId, key, requester_hash AS requesterHash, order_id AS orderId, lease_until AS leaseUntil,
  attempt_id AS attemptId, coupon_ids AS couponIds, secured_on AS securedOn, paid_on AS paidOn, payment_provider AS paymentProvider,
  payment_ref AS paymentRef, paid_cents AS paidCents, currency, reusable_ref AS reusableRef, order_facts AS orderFacts`;

/** The key this request holds: its lease end is the token every later step is guarded by. */
export interface HeldKey {
  websiteId: string;
  key: string;
  lease: number;
}

export type KeyClaim =
  | { kind: 'claimed'; held: HeldKey }
  /** The key's earlier holder ended without an order and its lease has passed: `left` is what it had done. */
  | { kind: 'taken-over'; held: HeldKey; left: KeyRow }
  | { kind: 'done'; orderId: string };

const IN_PROGRESS = () => new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');

/**
 * Claims an Idempotency-Key for this site with one INSERT ... ON CONFLICT DO NOTHING:
 * of two requests with the same key exactly one gets it, with a lease of `lease` ms. A
 * key already used for an order answers `done` with it (the same order again, never a
 * second); a key still leased is 409; a key whose lease has passed without an order is
 * taken over (one compare-and-set on the lease, so one retry wins) with what its holder
 * had done; a key another cart used is 422.
 */
export async function claimKey(db: Db, websiteId: string, key: string, requesterHash: string, now: number, lease: number): Promise<KeyClaim> {
  const d1 = rawD1(db);
  const until = now + lease;
  const inserted = await query(() =>
    d1
      .prepare('INSERT INTO idempotency_keys (website_id, key, requester_hash, created_on, lease_until) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING RETURNING key')
      .bind(websiteId, key, requesterHash, now, until)
      .all(),
  );
  const held = { websiteId, key, lease: until };
  if (inserted.results.length === 1) return { kind: 'claimed', held };
  const row = await query(() => d1.prepare(`SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE website_id = ?1 AND key = ?2`).bind(websiteId, key).first<KeyRow>());
  if (!row) return claimKey(db, websiteId, key, requesterHash, now, lease);
  if (row.requesterHash !== requesterHash) {
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used by another visitor.', { fields: { 'Idempotency-Key': 'Use a new key for each checkout.' } });
  }
  if (row.orderId) return { kind: 'done', orderId: row.orderId };
  if ((row.leaseUntil ?? 0) > now) throw IN_PROGRESS();
  const taken = await takeOver(db, row, until);
  if (!taken) return claimKey(db, websiteId, key, requesterHash, now, lease);
  return { kind: 'taken-over', held, left: row };
}

/** Compare-and-set on the lease `row` was read with: true when this caller now holds it until `until`. */
export async function takeOver(db: Db, row: KeyRow, until: number): Promise<boolean> {
  const res = await query(() =>
    rawD1(db)
      .prepare('UPDATE idempotency_keys SET lease_until = ?3 WHERE website_id = ?1 AND key = ?2 AND order_id IS NULL AND lease_until IS ?4')
      .bind(row.websiteId, row.key, until, row.leaseUntil)
      .run(),
  );
  return res.meta.changes === 1;
}

/**
 * Aborts the batch it is in when the statement before it changed no row: a NULL into the
 * NOT NULL requester_hash, inserted only then. Placed after a step's UPDATE of the key
 * row guarded by the lease, it makes the step all-or-nothing with "this request still
 * holds the key".
 */
export function leaseGuard(db: Db, held: HeldKey): D1PreparedStatement {
  return rawD1(db).prepare('INSERT INTO idempotency_keys (website_id, key, requester_hash, created_on) SELECT ?1, ?2, NULL, 0 WHERE changes() = 0').bind(held.websiteId, held.key);
}

/** The D1 error text of `leaseGuard`: another request or the reconciler took the key over. */
export const LEASE_LOST = /NOT NULL constraint failed: idempotency_keys\.requester_hash/;

/** Step 2 in the stock batch: the attempt, its coupons, "stock secured" and what recording the order needs (`facts`, JSON). */
export function securedStatements(db: Db, held: HeldKey, attemptId: string, couponIds: readonly string[], facts: string, now: number): D1PreparedStatement[] {
  return [
    rawD1(db)
      .prepare(
        `UPDATE idempotency_keys SET attempt_id = ?4, coupon_ids = ?5, secured_on = ?6, order_facts = ?7,
           paid_on = NULL, payment_provider = NULL, payment_ref = NULL, paid_cents = NULL, currency = NULL, reusable_ref = NULL
         WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND order_id IS NULL`,
      )
      .bind(held.websiteId, held.key, held.lease, attemptId, JSON.stringify(couponIds), now, facts),
    leaseGuard(db, held),
  ];
}

/**
 * Step 3, right after the capture: what was taken (with a subscription's saved method), so a
 * retry or the reconciler records it rather than charging again. False: the lease was lost.
 */
export async function markPaid(db: Db, held: HeldKey, p: { provider: string; ref: string; cents: number; currency: string; reusableRef?: string | undefined }, now: number): Promise<boolean> {
  const res = await query(() =>
    rawD1(db)
      .prepare(
        `UPDATE idempotency_keys SET paid_on = ?4, payment_provider = ?5, payment_ref = ?6, paid_cents = ?7, currency = ?8, reusable_ref = ?9
         WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND order_id IS NULL`,
      )
      .bind(held.websiteId, held.key, held.lease, now, p.provider, p.ref, p.cents, p.currency, p.reusableRef ?? null)
      .run(),
  );
  return res.meta.changes === 1;
}

/** Step 4 in the order batch: the key points at the order (only while this request holds it). */
export function orderedStatements(db: Db, held: HeldKey, orderId: string): D1PreparedStatement[] {
  return [
    rawD1(db)
      .prepare('UPDATE idempotency_keys SET order_id = ?4 WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND order_id IS NULL')
      .bind(held.websiteId, held.key, held.lease, orderId),
    leaseGuard(db, held),
  ];
}

/** Frees a key whose attempt failed (and was undone), so the shopper can retry with it. */
export async function releaseKey(db: Db, held: HeldKey): Promise<void> {
  await query(() =>
    rawD1(db).prepare('DELETE FROM idempotency_keys WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND order_id IS NULL').bind(held.websiteId, held.key, held.lease).run(),
  );
}

import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { ApiError } from '../../errors.js';

export type KeyClaim = { kind: 'claimed' } | { kind: 'done'; orderId: string };

/**
 * Claims an Idempotency-Key for this site with one INSERT ... ON CONFLICT DO NOTHING:
 * of two requests with the same key exactly one gets `claimed`. A key already used for an
 * order answers `done` with it (the same order again, never a second); a key still in
 * flight is 409; a key another cart used is 422.
 */
export async function claimKey(db: Db, websiteId: string, key: string, requesterHash: string, now: number): Promise<KeyClaim> {
  const inserted = await query(() =>
    db.insert(idempotencyKeys).values({ websiteId, key, requesterHash, createdOn: now }).onConflictDoNothing().returning({ key: idempotencyKeys.key }),
  );
  if (inserted.length === 1) return { kind: 'claimed' };
  const [row] = await query(() =>
    db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.websiteId, websiteId), eq(idempotencyKeys.key, key))).limit(1),
  );
  if (!row) return claimKey(db, websiteId, key, requesterHash, now);
  if (row.requesterHash !== requesterHash) {
    throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used by another visitor.', { fields: { 'Idempotency-Key': 'Use a new key for each checkout.' } });
  }
  if (!row.orderId) throw new ApiError(409, 'order_in_progress', 'This order is already being placed. Please wait a moment.');
  return { kind: 'done', orderId: row.orderId };
}

/** Frees a key whose attempt failed, so the shopper can retry with it. */
export async function releaseKey(db: Db, websiteId: string, key: string): Promise<void> {
  await query(() => db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.websiteId, websiteId), eq(idempotencyKeys.key, key))));
}

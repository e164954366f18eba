import type { Db } from '../db.js';
import { rawD1 } from './raw.js';

/** Rows removed per statement, so one Cron run never holds D1 for long. */
const BATCH = 500;
/** Statements per kind per run; what is left waits for the next run. */
const MAX_ROUNDS = 20;

export interface CartCleanup {
  holds: number;
  carts: number;
}

/**
 * Deletes what no request can see any more: stock holds past their expiry (they stopped
 * counting against stock at that instant, docs/cart-holds.md) and unpurchased carts past
 * theirs, with their entries (ON DELETE CASCADE) and account links. Purchased carts stay:
 * orders keep their `purchased_cart_id`.
 */
export async function pruneExpiredCarts(db: Db, now: number): Promise<CartCleanup> {
  const d1 = rawD1(db);
  const drain = async (sql: string): Promise<number> => {
    let removed = 0;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { meta } = await d1.prepare(sql).bind(now, BATCH).run();
      removed += meta.changes;
      if (meta.changes < BATCH) break;
    }
    return removed;
  };
  const holds = await drain('DELETE FROM stock_holds WHERE entry_id IN (SELECT entry_id FROM stock_holds WHERE expires_on <= ?1 LIMIT ?2)');
  // Account links first: they name carts without a foreign key.
  await drain(
    `DELETE FROM account_carts WHERE rowid IN (
       SELECT a.rowid FROM account_carts a JOIN carts c ON c.id = a.cart_id
       WHERE c.is_purchased = 0 AND c.expires_on <= ?1 LIMIT ?2)`,
  );
  const carts = await drain('DELETE FROM carts WHERE id IN (SELECT id FROM carts WHERE is_purchased = 0 AND expires_on <= ?1 LIMIT ?2)');
  return { holds, carts };
}

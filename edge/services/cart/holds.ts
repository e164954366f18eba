import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { stockHolds } from '../../../schema/index.js';
import { rawD1 } from './raw.js';
import { query, type Db } from '../db.js';

/*
 * The check-and-hold (docs/cart-holds.md). Available units of a variant are its
 * `qty_in_stock` minus the unexpired holds of every other entry. A hold is written only
 * by one conditional INSERT ... SELECT whose WHERE recomputes that sum: D1 runs each
 * statement (and each batch) alone against its single SQLite database, so no other
 * write can land between the check and the hold. The entry write that follows in the
 * same batch is conditional on that hold row carrying this request's id.
 */

/** SQL: units of variant `v` held by entries other than `entryId`, unexpired at `now`. */
const heldByOthers = (entry: string, now: string) =>
  `COALESCE((SELECT SUM(h.quantity) FROM stock_holds h WHERE h.variant_id = v.id AND h.expires_on > ${now} AND h.entry_id <> ${entry}), 0)`;

export interface LineHold {
  cartId: string;
  websiteId: string;
  lineKey: string;
  /** The id a new line gets (an existing line keeps its own). */
  newEntryId: string;
  variantId: string;
  /** Units added to the line. */
  delta: number;
  maxQuantity: number;
  now: number;
  expiresOn: number;
  requestId: string;
}

/**
 * Holds the line's new total (its current quantity + `delta`) for `expiresOn`, only if
 * that many units are available to it and the total stays within `maxQuantity`.
 */
export function holdLineStatement(db: Db, h: LineHold): D1PreparedStatement {
  return rawD1(db)
    .prepare(
      `WITH line(id, qty) AS (
         SELECT COALESCE((SELECT id FROM cart_entries WHERE cart_id = ?1 AND line_key = ?2), ?3),
                COALESCE((SELECT quantity FROM cart_entries WHERE cart_id = ?1 AND line_key = ?2), 0) + ?4)
       INSERT INTO stock_holds (entry_id, cart_id, website_id, variant_id, quantity, expires_on, request_id)
       SELECT line.id, ?1, ?5, v.id, line.qty, ?6, ?7
       FROM line JOIN variants v ON v.id = ?8
       WHERE line.qty <= ?9 AND v.qty_in_stock - ${heldByOthers('line.id', '?10')} >= line.qty
       ON CONFLICT (entry_id) DO UPDATE SET quantity = excluded.quantity, expires_on = excluded.expires_on, request_id = excluded.request_id`,
    )
    .bind(h.cartId, h.lineKey, h.newEntryId, h.delta, h.websiteId, h.expiresOn, h.requestId, h.variantId, h.maxQuantity, h.now);
}

export interface EntryHold {
  cartId: string;
  entryId: string;
  quantity: number;
  maxQuantity: number;
  now: number;
  expiresOn: number;
  requestId: string;
}

/** Holds exactly `quantity` units for an existing entry, only if they are available to it. */
export function holdEntryStatement(db: Db, h: EntryHold): D1PreparedStatement {
  return rawD1(db)
    .prepare(
      `INSERT INTO stock_holds (entry_id, cart_id, website_id, variant_id, quantity, expires_on, request_id)
       SELECT e.id, e.cart_id, e.website_id, v.id, ?3, ?5, ?6
       FROM cart_entries e JOIN variants v ON v.id = e.variant_id
       WHERE e.id = ?1 AND e.cart_id = ?2 AND ?3 <= ?4 AND v.qty_in_stock - ${heldByOthers('e.id', '?7')} >= ?3
       ON CONFLICT (entry_id) DO UPDATE SET quantity = excluded.quantity, expires_on = excluded.expires_on, request_id = excluded.request_id`,
    )
    .bind(h.entryId, h.cartId, h.quantity, h.maxQuantity, h.expiresOn, h.requestId, h.now);
}

/** SQL condition for a later statement of the batch: this request's hold was written. */
export const HOLD_WRITTEN = (entryIdSql: string, requestParam: string) =>
  `EXISTS (SELECT 1 FROM stock_holds WHERE entry_id = ${entryIdSql} AND request_id = ${requestParam})`;

/** Releases an entry's hold (the entry is being removed). */
export function releaseEntryStatement(db: Db, cartId: string, entryId: string): D1PreparedStatement {
  return rawD1(db).prepare('DELETE FROM stock_holds WHERE entry_id = ?1 AND cart_id = ?2').bind(entryId, cartId);
}

export type HoldRecord = typeof stockHolds.$inferSelect;

/**
 * The unexpired holds of a cart: what checkout turns into a stock decrement (in one
 * batch with deleting them) when the order completes.
 */
export async function holdsOf(db: Db, cartId: string, now: number): Promise<HoldRecord[]> {
  return query(() =>
    db
      .select()
      .from(stockHolds)
      .where(and(eq(stockHolds.cartId, cartId), gt(stockHolds.expiresOn, now))),
  );
}

/** Units of each variant held at `now` by carts other than `exceptCartId`. */
export async function heldUnits(db: Db, variantIds: readonly string[], now: number, exceptCartId?: string): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await query(() =>
    db
      .select({ variantId: stockHolds.variantId, units: sql<number>`sum(${stockHolds.quantity})` })
      .from(stockHolds)
      .where(
        and(
          inArray(stockHolds.variantId, [...variantIds]),
          gt(stockHolds.expiresOn, now),
          exceptCartId ? ne(stockHolds.cartId, exceptCartId) : undefined,
        ),
      )
      .groupBy(stockHolds.variantId),
  );
  return new Map(rows.map((r) => [r.variantId, Number(r.units)]));
}

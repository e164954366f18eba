import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';

/** SQL: units of the `variants` row in hand held by unexpired cart holds at the bound time `now`. */
const HELD = (now: string) => `COALESCE((SELECT SUM(h.quantity) FROM stock_holds h WHERE h.variant_id = variants.id AND h.expires_on > ${now}), 0)`;

export interface StockChange {
  qtyInStock: number;
  delta: number;
  historyId: number;
}

export interface StockTarget {
  websiteId: string;
  productId: string;
  variantId: string;
}

/**
 * The history row of the change the statement before it made (`changes() = 1`), with the
 * stock the variant has now; nothing when that UPDATE changed nothing.
 */
function historyStatement(db: Db, t: StockTarget, delta: string, kind: 'adjust' | 'set', reason: string | null, author: Author, now: number, bind: unknown[]): D1PreparedStatement {
  return db.$client
    .prepare(
      `INSERT INTO stock_history (website_id, variant_id, delta, qty_after, kind, reason, author_id, author_name, created_on)
       SELECT website_id, id, ${delta}, qty_in_stock, ?, ?, ?, ?, ? FROM variants WHERE id = ? AND changes() = 1 RETURNING id`,
    )
    .bind(...bind, kind, reason, author.id, author.name, now, t.variantId);
}

async function run(db: Db, t: StockTarget, update: D1PreparedStatement, history: D1PreparedStatement, now: number) {
  const bump = bumpStatement(db, t.websiteId, now).toSQL();
  const d1 = db.$client;
  const [changed, written] = await query(() => d1.batch([update, history, d1.prepare(`${bump.sql} AND changes() = 1`).bind(...bump.params)]));
  const row = changed!.results[0] as { qty_in_stock: number } | undefined;
  if (!row) return undefined;
  forgetSite(t.websiteId);
  return { qtyInStock: row.qty_in_stock, historyId: (written!.results[0] as { id: number }).id };
}

/** Why a guarded stock UPDATE changed nothing: 404, unlimited stock, below zero or below the held units. */
async function refusal(db: Db, t: StockTarget, wouldBe: (current: number) => number, now: number, expected?: number): Promise<ApiError> {
  const v = await query(() =>
    db.$client
      .prepare(`SELECT qty_in_stock AS qty, unlimited, ${HELD('?3')} AS held FROM variants WHERE id = ?1 AND product_id = ?2 AND website_id = ?4`)
      .bind(t.variantId, t.productId, now, t.websiteId)
      .first<{ qty: number; unlimited: number; held: number }>(),
  );
  if (!v) return new ApiError(404, 'not_found', CATALOG_MESSAGES.variantNotFound);
  if (v.unlimited) return new ApiError(409, 'stock_unlimited', CATALOG_MESSAGES.stockUnlimited);
  if (expected !== undefined && v.qty !== expected) return new ApiError(409, 'stock_changed', CATALOG_MESSAGES.stockChanged, { extra: { current: v.qty, held: v.held } });
  // Read after the refused UPDATE, so the stock may have moved since: a change that would
  // pass now was refused against a lower count, which only holds can explain when there are any.
  const target = wouldBe(v.qty);
  const held = target >= 0 && v.held > 0;
  return held
    ? new ApiError(409, 'stock_held', CATALOG_MESSAGES.stockHeld(v.held), { extra: { current: v.qty, held: v.held } })
    : new ApiError(409, 'stock_negative', CATALOG_MESSAGES.stockNegative, { extra: { current: v.qty, held: v.held } });
}

/**
 * Adds `delta` (negative to remove) to a variant's stock in ONE guarded UPDATE — never a
 * read-modify-write — with its history row and the content-version bump in the same batch.
 * A decrease runs only while the result stays at or above 0 and at or above the units
 * unexpired cart holds keep (docs/cart-holds.md), so it never changes a hold or an order
 * and never lets the holds exceed the stock. 409 otherwise, nothing written.
 */
export async function adjustStock(db: Db, t: StockTarget, delta: number, reason: string | null, author: Author, now = Date.now()): Promise<StockChange> {
  const update = db.$client
    .prepare(
      `UPDATE variants SET qty_in_stock = qty_in_stock + ?1
       WHERE id = ?2 AND product_id = ?3 AND website_id = ?4 AND unlimited = 0
         AND (?1 >= 0 OR (qty_in_stock + ?1 >= 0 AND qty_in_stock + ?1 >= ${HELD('?5')}))
       RETURNING qty_in_stock`,
    )
    .bind(delta, t.variantId, t.productId, t.websiteId, now);
  const done = await run(db, t, update, historyStatement(db, t, '?', 'adjust', reason, author, now, [delta]), now);
  if (!done) throw await refusal(db, t, (q) => q + delta, now);
  return { ...done, delta };
}

/**
 * Sets a variant's stock to `value` only while it still is `expected` (the count the
 * owner saw): 409 `stock_changed` with the current count otherwise. A decrease, like an
 * adjustment, never goes below the units held in carts.
 */
export async function setStock(db: Db, t: StockTarget, expected: number, value: number, reason: string | null, author: Author, now = Date.now()): Promise<StockChange> {
  const update = db.$client
    .prepare(
      `UPDATE variants SET qty_in_stock = ?1
       WHERE id = ?2 AND product_id = ?3 AND website_id = ?4 AND unlimited = 0 AND qty_in_stock = ?6
         AND (?1 >= ?6 OR ?1 >= ${HELD('?5')})
       RETURNING qty_in_stock`,
    )
    .bind(value, t.variantId, t.productId, t.websiteId, now, expected);
  const done = await run(db, t, update, historyStatement(db, t, '?', 'set', reason, author, now, [value - expected]), now);
  if (!done) throw await refusal(db, t, () => value, now, expected);
  return { ...done, delta: value - expected };
}

export interface StockHistoryRow {
  id: number;
  delta: number;
  qtyAfter: number;
  kind: string;
  reason: string | null;
  author: string;
  createdOn: number;
}

/** A variant's stock changes, newest first, 100 a page (`before`: the last id of the previous page). */
export async function stockHistoryOf(db: Db, t: StockTarget, before?: number): Promise<{ rows: StockHistoryRow[]; next: number | null }> {
  const rows = await query(() =>
    db.$client
      .prepare(
        `SELECT h.id, h.delta, h.qty_after AS qtyAfter, h.kind, h.reason, h.author_name AS author, h.created_on AS createdOn
         FROM stock_history h JOIN variants v ON v.id = h.variant_id
         WHERE h.variant_id = ?1 AND v.product_id = ?2 AND h.website_id = ?3 AND (?4 IS NULL OR h.id < ?4)
         ORDER BY h.id DESC LIMIT 101`,
      )
      .bind(t.variantId, t.productId, t.websiteId, before ?? null)
      .all<StockHistoryRow>(),
  );
  if (rows.results.length === 0) {
    // No history: a variant of another site answers 404 exactly like a missing one.
    const found = await query(() =>
      db.$client.prepare('SELECT 1 AS one FROM variants WHERE id = ?1 AND product_id = ?2 AND website_id = ?3').bind(t.variantId, t.productId, t.websiteId).first(),
    );
    if (!found) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.variantNotFound);
  }
  const page = rows.results.slice(0, 100);
  return { rows: page, next: rows.results.length > 100 ? page.at(-1)!.id : null };
}

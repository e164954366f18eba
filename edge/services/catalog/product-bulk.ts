import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { SEARCH_TABLE } from '../../../schema/search.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';

/** A bulk action names at most this many products (one D1 batch, one transaction). */
export const MAX_BULK_IDS = 200;

export type BulkAction =
  | { action: 'publish' | 'draft' | 'hide' | 'show' | 'archive' | 'restore' | 'delete'; ids: string[] }
  | { action: 'setCategory'; ids: string[]; category: string }
  | { action: 'adjustStock'; ids: string[]; delta: number; reason?: string | undefined };

export interface BulkResult {
  action: BulkAction['action'];
  /** How many products the action changed (all of them: the action is all or nothing). */
  count: number;
  /** adjustStock: how many finite variants moved. */
  variants?: number;
}

const errorText = (err: unknown) => `${(err as Error)?.message ?? err} ${(err as Error)?.cause ?? ''}`;
/** The guard statements abort a batch by writing NULL into these NOT NULL columns. */
const STALE = /NOT NULL constraint failed: items\.title/;
const KEPT = /NOT NULL constraint failed: items\.url_id/;
const STOCK = /NOT NULL constraint failed: items\.collection_id/;

/** SQL: a product (`?id` bound) is in an unexpired, unpurchased cart, or in an order or subscription. */
const inUseSql = (item: string, now: string) => `(
  EXISTS (SELECT 1 FROM cart_entries e JOIN carts c ON c.id = e.cart_id WHERE e.item_id = ${item} AND c.is_purchased = 0 AND c.expires_on > ${now})
  OR EXISTS (SELECT 1 FROM order_lines l WHERE l.item_id = ${item})
  OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.item_id = ${item}))`;

const HELD = `COALESCE((SELECT SUM(h.quantity) FROM stock_holds h WHERE h.variant_id = variants.id AND h.expires_on > ?4), 0)`;

/** Why a product cannot be deleted (open carts or orders), or undefined when it can. */
async function keptReason(db: Db, websiteId: string, ids: readonly string[], now: number): Promise<ApiError | undefined> {
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT i.id, i.title,
           EXISTS (SELECT 1 FROM cart_entries e JOIN carts c ON c.id = e.cart_id WHERE e.item_id = i.id AND c.is_purchased = 0 AND c.expires_on > ?3) AS inCarts
         FROM items i WHERE i.website_id = ?1 AND i.id IN (SELECT value FROM json_each(?2)) AND ${inUseSql('i.id', '?3')}
         ORDER BY i.title LIMIT 1`,
      )
      .bind(websiteId, JSON.stringify(ids), now)
      .first<{ id: string; title: string; inCarts: number }>(),
  );
  if (!row) return undefined;
  const message = row.inCarts ? CATALOG_MESSAGES.productInCarts(row.title) : CATALOG_MESSAGES.productHasOrders(row.title);
  return new ApiError(409, row.inCarts ? 'product_in_carts' : 'product_has_orders', message, { extra: { product: { id: row.id, title: row.title }, archive: true } });
}

/** 404 naming the first id that is not a product of this site. */
async function missing(db: Db, websiteId: string, ids: readonly string[]): Promise<ApiError | undefined> {
  const row = await query(() =>
    db.$client
      .prepare('SELECT value AS id FROM json_each(?2) WHERE value NOT IN (SELECT item_id FROM products WHERE website_id = ?1) LIMIT 1')
      .bind(websiteId, JSON.stringify(ids))
      .first<{ id: string }>(),
  );
  return row ? new ApiError(404, 'not_found', CATALOG_MESSAGES.productNotFound, { extra: { productId: row.id } }) : undefined;
}

/** The statements that remove products: their search rows, restock sign-ups and items (products, variants, their history, images and reviews cascade). */
function removeStatements(db: Db, websiteId: string, idsJson: string): D1PreparedStatement[] {
  const d1 = db.$client;
  return [
    d1.prepare(`DELETE FROM ${SEARCH_TABLE} WHERE item_id IN (SELECT value FROM json_each(?1))`).bind(idsJson),
    d1.prepare('DELETE FROM restock_signups WHERE website_id = ?1 AND product_id IN (SELECT value FROM json_each(?2))').bind(websiteId, idsJson),
    d1.prepare('DELETE FROM items WHERE website_id = ?1 AND id IN (SELECT value FROM json_each(?2))').bind(websiteId, idsJson),
  ];
}

async function runBatch(db: Db, websiteId: string, statements: D1PreparedStatement[], now: number): Promise<'stale' | 'kept' | 'stock' | undefined> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  try {
    await d1.batch([...statements, d1.prepare(bump.sql).bind(...bump.params)]);
  } catch (err) {
    const text = errorText(err);
    if (STALE.test(text)) return 'stale';
    if (KEPT.test(text)) return 'kept';
    if (STOCK.test(text)) return 'stock';
    return query(() => Promise.reject(err));
  }
  forgetSite(websiteId);
  return undefined;
}

/**
 * Deletes one product the owner saw at version `basedOn`, in ONE batch: the version bump
 * (only while it is still `basedOn`, else the batch aborts: 412), a guard that aborts when
 * the product is in an open cart or in any order or subscription (409, offering archive),
 * then its search row, restock sign-ups and item (its product row, variants, stock history,
 * images and reviews cascade) and the content-version bump. Orders keep their own rows.
 */
export async function deleteProduct(db: Db, websiteId: string, itemId: string, basedOn: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const exists = await query(() => d1.prepare('SELECT version FROM products WHERE item_id = ? AND website_id = ?').bind(itemId, websiteId).first<{ version: number }>());
  if (!exists) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.productNotFound);
  const ids = JSON.stringify([itemId]);
  const failed = await runBatch(
    db,
    websiteId,
    [
      d1.prepare('UPDATE products SET version = version + 1 WHERE item_id = ?1 AND website_id = ?2 AND version = ?3').bind(itemId, websiteId, basedOn),
      d1.prepare('UPDATE items SET title = CASE WHEN changes() = 1 THEN title END WHERE id = ?1').bind(itemId),
      d1.prepare(`UPDATE items SET url_id = CASE WHEN ${inUseSql('?1', '?2')} THEN NULL ELSE url_id END WHERE id = ?1`).bind(itemId, now),
      ...removeStatements(db, websiteId, ids),
    ],
    now,
  );
  if (failed === 'stale') {
    const row = await query(() => d1.prepare('SELECT version FROM products WHERE item_id = ?').bind(itemId).first<{ version: number }>());
    throw new ApiError(412, 'version_conflict', CATALOG_MESSAGES.versionConflict, { extra: { current: { version: row?.version ?? null } } });
  }
  if (failed === 'kept') throw (await keptReason(db, websiteId, [itemId], now)) ?? new ApiError(409, 'product_in_use', CATALOG_MESSAGES.productHasOrders(''));
}

/** The status/visibility update of a status action. */
const STATUS_SET: Record<string, string> = {
  publish: "status = 'published', publish_on = CASE WHEN status <> 'published' THEN ?3 ELSE publish_on END",
  draft: "status = 'draft'",
  archive: "status = 'archived'",
  restore: "status = CASE WHEN status = 'archived' THEN 'draft' ELSE status END",
};

/**
 * One bulk action over `ids` (1-200 products of this site) as ONE batch: all or nothing.
 * Every product's version goes up (an editor open on one of them then gets 412 on save,
 * as after any other save) — except for adjustStock, which, like the single stock calls,
 * leaves versions alone. The first statements check every id is still a product of the
 * site (else the batch aborts: 404); delete also refuses when any product is in an open
 * cart or an order (409, nothing deleted); adjustStock refuses when any finite variant
 * would go below 0 or below what carts hold (409, nothing changed). The content version
 * goes up in the same batch.
 */
export async function bulkAction(db: Db, websiteId: string, body: BulkAction, author: Author, now = Date.now()): Promise<BulkResult> {
  const d1 = db.$client;
  const ids = [...new Set(body.ids)];
  const idsJson = JSON.stringify(ids);
  const gone = await missing(db, websiteId, ids);
  if (gone) throw gone;
  const statements: D1PreparedStatement[] = [];
  let variants: number | undefined;
  if (body.action !== 'adjustStock') {
    statements.push(
      d1.prepare('UPDATE products SET version = version + 1 WHERE website_id = ?1 AND item_id IN (SELECT value FROM json_each(?2))').bind(websiteId, idsJson),
      // Every named product still there: else a NULL title aborts the batch.
      d1.prepare('UPDATE items SET title = CASE WHEN changes() = ?3 THEN title END WHERE id = (SELECT value FROM json_each(?2) LIMIT 1) AND website_id = ?1').bind(websiteId, idsJson, ids.length),
    );
  }
  const inIds = 'website_id = ?1 AND id IN (SELECT value FROM json_each(?2))';
  switch (body.action) {
    case 'publish':
    case 'draft':
    case 'archive':
    case 'restore':
      statements.push(d1.prepare(`UPDATE items SET ${STATUS_SET[body.action]}, updated_on = ?3 WHERE ${inIds}`).bind(websiteId, idsJson, now));
      break;
    case 'hide':
    case 'show':
      statements.push(
        d1.prepare('UPDATE products SET visible = ?3 WHERE website_id = ?1 AND item_id IN (SELECT value FROM json_each(?2))').bind(websiteId, idsJson, body.action === 'show' ? 1 : 0),
        d1.prepare(`UPDATE items SET updated_on = ?3 WHERE ${inIds}`).bind(websiteId, idsJson, now),
      );
      break;
    case 'setCategory':
      statements.push(
        d1.prepare(`UPDATE items SET categories = ?3, updated_on = ?4 WHERE ${inIds}`).bind(websiteId, idsJson, JSON.stringify([body.category]), now),
        // The search row's categories column is the names joined (schema/search.ts): one name here.
        d1.prepare(`UPDATE ${SEARCH_TABLE} SET categories = ?2 WHERE item_id IN (SELECT value FROM json_each(?1))`).bind(idsJson, body.category),
      );
      break;
    case 'delete':
      statements.push(
        // Any product in an open cart, an order or a subscription aborts the batch (NULL url_id).
        d1
          .prepare(
            `UPDATE items SET url_id = CASE WHEN EXISTS (SELECT 1 FROM json_each(?2) j WHERE ${inUseSql('j.value', '?3')}) THEN NULL ELSE url_id END
             WHERE id = (SELECT value FROM json_each(?2) LIMIT 1) AND website_id = ?1`,
          )
          .bind(websiteId, idsJson, now),
        ...removeStatements(db, websiteId, idsJson),
      );
      break;
    case 'adjustStock': {
      const finite = 'website_id = ?1 AND product_id IN (SELECT value FROM json_each(?2)) AND unlimited = 0';
      const count = await query(() => d1.prepare(`SELECT COUNT(*) AS n FROM variants WHERE ${finite}`).bind(websiteId, idsJson).first<{ n: number }>());
      variants = count?.n ?? 0;
      statements.push(
        // Any finite variant that would go below 0 or below its held units aborts the batch.
        d1
          .prepare(
            `UPDATE items SET collection_id = CASE WHEN EXISTS (SELECT 1 FROM variants WHERE ${finite}
               AND (qty_in_stock + ?3 < 0 OR (?3 < 0 AND qty_in_stock + ?3 < ${HELD}))) THEN NULL ELSE collection_id END
             WHERE id = (SELECT value FROM json_each(?2) LIMIT 1)`,
          )
          .bind(websiteId, idsJson, body.delta, now),
        d1.prepare(`UPDATE variants SET qty_in_stock = qty_in_stock + ?3 WHERE ${finite}`).bind(websiteId, idsJson, body.delta),
        d1
          .prepare(
            `INSERT INTO stock_history (website_id, variant_id, delta, qty_after, kind, reason, author_id, author_name, created_on)
             SELECT website_id, id, ?3, qty_in_stock, 'adjust', ?4, ?5, ?6, ?7 FROM variants WHERE ${finite}`,
          )
          .bind(websiteId, idsJson, body.delta, body.reason ?? null, author.id, author.name, now),
      );
      break;
    }
  }
  const failed = await runBatch(db, websiteId, statements, now);
  if (failed === 'stale') throw (await missing(db, websiteId, ids)) ?? new ApiError(409, 'conflict', CATALOG_MESSAGES.bulkChanged);
  if (failed === 'kept') throw (await keptReason(db, websiteId, ids, now)) ?? new ApiError(409, 'conflict', CATALOG_MESSAGES.bulkChanged);
  if (failed === 'stock') throw await stockRefusal(db, websiteId, idsJson, (body as { delta: number }).delta, now);
  return { action: body.action, count: ids.length, ...(variants === undefined ? {} : { variants }) };
}

/** The 409 of a refused bulk stock change: the first variant that would go below 0 or below its holds. */
async function stockRefusal(db: Db, websiteId: string, idsJson: string, delta: number, now: number): Promise<ApiError> {
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT variants.sku, variants.qty_in_stock AS qty, ${HELD} AS held, i.title FROM variants JOIN items i ON i.id = variants.product_id
         WHERE variants.website_id = ?1 AND variants.product_id IN (SELECT value FROM json_each(?2)) AND variants.unlimited = 0
           AND (variants.qty_in_stock + ?3 < 0 OR (?3 < 0 AND variants.qty_in_stock + ?3 < ${HELD})) LIMIT 1`,
      )
      .bind(websiteId, idsJson, delta, now)
      .first<{ sku: string; qty: number; held: number; title: string }>(),
  );
  if (!row) return new ApiError(409, 'conflict', CATALOG_MESSAGES.bulkChanged);
  const below = row.qty + delta < 0;
  const message = `${row.title} (${row.sku}): ${below ? CATALOG_MESSAGES.stockNegative : CATALOG_MESSAGES.stockHeld(row.held)}`;
  return new ApiError(409, below ? 'stock_negative' : 'stock_held', message, { extra: { sku: row.sku, current: row.qty, held: row.held } });
}

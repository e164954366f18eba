/** Test helper: ids and stock of the demo catalogue, read from the worker's D1. */
import type { D1Database } from '@cloudflare/workers-types';

export interface DemoVariant {
  itemId: string;
  variantId: string;
  sku: string;
  priceCents: number;
  qtyInStock: number;
}

export async function itemIdOf(db: D1Database, urlId: string): Promise<string> {
  const row = await db.prepare('SELECT id FROM items WHERE url_id = ?').bind(urlId).first<{ id: string }>();
  if (!row) throw new Error(`no demo item ${urlId}`);
  return row.id;
}

export async function variantOf(db: D1Database, sku: string): Promise<DemoVariant> {
  const row = await db
    .prepare(
      `SELECT product_id AS itemId, id AS variantId, sku, CASE WHEN on_sale = 1 THEN sale_price_cents ELSE price_cents END AS priceCents, qty_in_stock AS qtyInStock
       FROM variants WHERE sku = ?`,
    )
    .bind(sku)
    .first<DemoVariant>();
  if (!row) throw new Error(`no demo variant ${sku}`);
  return row;
}

/** Sets a variant's stock (tests that need a known count). */
export async function setStock(db: D1Database, sku: string, qty: number): Promise<void> {
  await db.prepare('UPDATE variants SET qty_in_stock = ? WHERE sku = ?').bind(qty, sku).run();
}

/** Units of a variant held right now, straight from the table. */
export async function heldNow(db: D1Database, sku: string): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(SUM(h.quantity), 0) AS n FROM stock_holds h JOIN variants v ON v.id = h.variant_id WHERE v.sku = ? AND h.expires_on > ?')
    .bind(sku, Date.now())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

import type { D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { PRODUCT_TYPE, type ProductType } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import type { CartRecord } from './carts.js';
import { rawD1 } from './raw.js';

/** One entry as the cart JSON and the writes need it. */
export interface CartEntryView {
  id: string;
  itemId: string;
  title: string;
  fullUrl: string;
  mainImageKey: string | null;
  productType: ProductType;
  sku: string | null;
  variantId: string | null;
  attributes: Record<string, string>;
  variantOptionOrdering: string[];
  quantity: number;
  unitPriceCents: number;
  currency: string;
  additionalFields: string | null;
  /** When this entry's hold lapses (null: nothing held, e.g. unlimited stock). */
  holdExpiresOn: number | null;
  /** True when its variant has finite stock, so quantities need a hold. */
  limited: boolean;
}

export interface CartView {
  record: CartRecord;
  entries: CartEntryView[];
}

/** True for stock that is never held (SPEC §5: digital and gift cards count as unlimited). */
export function isLimited(productType: number, variantId: string | null, unlimited: boolean | null): boolean {
  return variantId !== null && unlimited === false && productType !== PRODUCT_TYPE.giftCard && productType !== PRODUCT_TYPE.digital;
}

interface EntryRow {
  id: string;
  item_id: string;
  title: string;
  full_url: string;
  main_image_key: string | null;
  product_type: number;
  variant_option_ordering: string;
  sku: string | null;
  variant_id: string | null;
  attributes: string | null;
  unlimited: number | null;
  quantity: number;
  unit_price_cents: number;
  currency: string;
  additional_fields: string | null;
  hold_expires_on: number | null;
}

/**
 * The statement reading a cart's entries in the order they were added, with what their
 * JSON shows. Plain SQL so a write can append it to its own batch (one round trip).
 */
export function entriesStatement(db: Db, cartId: string): D1PreparedStatement {
  return rawD1(db)
    .prepare(
      `SELECT e.id, e.item_id, i.title, i.full_url, a.r2_key AS main_image_key, p.product_type, p.variant_option_ordering,
              e.sku, e.variant_id, v.attributes, v.unlimited, e.quantity, e.unit_price_cents, e.currency, e.additional_fields,
              h.expires_on AS hold_expires_on
       FROM cart_entries e
       JOIN items i ON i.id = e.item_id
       JOIN products p ON p.item_id = e.item_id
       LEFT JOIN variants v ON v.id = e.variant_id
       LEFT JOIN assets a ON a.id = i.main_image_id
       LEFT JOIN stock_holds h ON h.entry_id = e.id
       WHERE e.cart_id = ?1
       ORDER BY e.added_on, e.id`,
    )
    .bind(cartId);
}

/** Maps the rows of `entriesStatement`. */
export function entriesFrom(result: D1Result): CartEntryView[] {
  return (result.results as unknown as EntryRow[]).map((r) => ({
    id: r.id,
    itemId: r.item_id,
    title: r.title,
    fullUrl: r.full_url,
    mainImageKey: r.main_image_key,
    productType: r.product_type as ProductType,
    sku: r.sku,
    variantId: r.variant_id,
    attributes: r.attributes ? (JSON.parse(r.attributes) as Record<string, string>) : {},
    variantOptionOrdering: JSON.parse(r.variant_option_ordering) as string[],
    quantity: r.quantity,
    unitPriceCents: r.unit_price_cents,
    currency: r.currency,
    additionalFields: r.additional_fields,
    holdExpiresOn: r.hold_expires_on,
    limited: isLimited(r.product_type, r.variant_id, r.unlimited === null ? null : r.unlimited === 1),
  }));
}

/** The cart's entries in the order they were added. */
export async function loadEntries(db: Db, cartId: string): Promise<CartEntryView[]> {
  return entriesFrom(await query(() => entriesStatement(db, cartId).all()));
}

export async function loadCartView(db: Db, record: CartRecord): Promise<CartView> {
  return { record, entries: await loadEntries(db, record.id) };
}

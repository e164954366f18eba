import { asc, eq } from 'drizzle-orm';
import { assets, cartEntries, items, products, stockHolds, variants, PRODUCT_TYPE, type ProductType } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import type { CartRecord } from './carts.js';

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

/** The cart's entries in the order they were added, with what their JSON shows. */
export async function loadEntries(db: Db, cartId: string): Promise<CartEntryView[]> {
  const rows = await query(() =>
    db
      .select({
        entry: cartEntries,
        title: items.title,
        fullUrl: items.fullUrl,
        mainImageKey: assets.r2Key,
        productType: products.productType,
        variantOptionOrdering: products.variantOptionOrdering,
        attributes: variants.attributes,
        unlimited: variants.unlimited,
        holdExpiresOn: stockHolds.expiresOn,
      })
      .from(cartEntries)
      .innerJoin(items, eq(items.id, cartEntries.itemId))
      .innerJoin(products, eq(products.itemId, cartEntries.itemId))
      .leftJoin(variants, eq(variants.id, cartEntries.variantId))
      .leftJoin(assets, eq(assets.id, items.mainImageId))
      .leftJoin(stockHolds, eq(stockHolds.entryId, cartEntries.id))
      .where(eq(cartEntries.cartId, cartId))
      .orderBy(asc(cartEntries.addedOn), asc(cartEntries.id)),
  );
  return rows.map((r) => ({
    id: r.entry.id,
    itemId: r.entry.itemId,
    title: r.title,
    fullUrl: r.fullUrl,
    mainImageKey: r.mainImageKey,
    productType: r.productType as ProductType,
    sku: r.entry.sku,
    variantId: r.entry.variantId,
    attributes: r.attributes ?? {},
    variantOptionOrdering: r.variantOptionOrdering,
    quantity: r.entry.quantity,
    unitPriceCents: r.entry.unitPriceCents,
    currency: r.entry.currency,
    additionalFields: r.entry.additionalFields,
    holdExpiresOn: r.holdExpiresOn,
    limited: isLimited(r.productType, r.entry.variantId, r.unlimited),
  }));
}

export async function loadCartView(db: Db, record: CartRecord): Promise<CartView> {
  return { record, entries: await loadEntries(db, record.id) };
}

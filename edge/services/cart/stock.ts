import { and, asc, eq } from 'drizzle-orm';
import { products, variants, PRODUCT_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';
import { heldUnits } from './holds.js';

/** SPEC §7 inventory row: what a storefront may still add of one sku. */
export interface StockRow {
  sku: string | null;
  unlimited: boolean;
  qtyInStock: number;
}

/**
 * Stock of an item's variants as a visitor sees it: `qtyInStock` is the stock minus the
 * units other carts hold right now (the visitor's own holds stay available to them).
 * Digital products and gift cards are unlimited (SPEC §5).
 */
export async function itemStock(db: Db, websiteId: string, itemId: string, now: number, ownCartId?: string): Promise<StockRow[]> {
  const [productRows, variantRows] = await query(() =>
    db.batch([
      db.select().from(products).where(and(eq(products.itemId, itemId), eq(products.websiteId, websiteId))).limit(1),
      db.select().from(variants).where(and(eq(variants.productId, itemId), eq(variants.websiteId, websiteId))).orderBy(asc(variants.position)),
    ]),
  );
  const product = productRows[0];
  if (!product) throw new ApiError(404, 'item_not_found', 'No store item with that id.');
  if (product.productType === PRODUCT_TYPE.digital) return [{ sku: null, unlimited: true, qtyInStock: 0 }];
  const unlimitedType = product.productType === PRODUCT_TYPE.giftCard;
  const finite = variantRows.filter((v) => !v.unlimited && !unlimitedType);
  const held = await heldUnits(db, finite.map((v) => v.id), now, ownCartId);
  return variantRows.map((v) =>
    v.unlimited || unlimitedType
      ? { sku: v.sku, unlimited: true, qtyInStock: v.qtyInStock }
      : { sku: v.sku, unlimited: false, qtyInStock: Math.max(0, v.qtyInStock - (held.get(v.id) ?? 0)) },
  );
}

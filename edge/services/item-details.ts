import { asc, eq, inArray, sql } from 'drizzle-orm';
import { assets, authors, forms, itemImages, merchandising, products, subscriptionPlans, variants } from '../../schema/index.js';
import { query, type Db } from './db.js';
import type { ItemRecord } from './items.js';

export type AssetRecord = typeof assets.$inferSelect;
export type ProductRecord = typeof products.$inferSelect;
export type VariantRecord = typeof variants.$inferSelect;
export type MerchandisingRecord = typeof merchandising.$inferSelect;
export type SubscriptionPlanRecord = typeof subscriptionPlans.$inferSelect;
/** SPEC §3 Product additionalFieldsForm: what the storefront's lightbox form shows. */
export interface AdditionalFieldsFormRecord {
  id: string;
  name: string;
  submitButtonText: string | null;
  fields: (typeof forms.$inferSelect)['fields'];
}

/** What an item's context needs besides its own row, keyed by item id. */
export interface ItemDetails {
  authors: Map<string, string>;
  images: Map<string, AssetRecord[]>;
  products: Map<string, ProductRecord>;
  variants: Map<string, VariantRecord[]>;
  /** Every asset referenced (main images, variant images), by id. */
  assets: Map<string, AssetRecord>;
  /** SPEC §3 product merchandising context, by product id. */
  merchandising: Map<string, MerchandisingRecord>;
  /** SPEC §3 subscription plans of subscribable products, in order, by product id. */
  plans: Map<string, SubscriptionPlanRecord[]>;
  /** The additional-fields form of each product that has one, by product id. */
  additionalFieldsForms: Map<string, AdditionalFieldsFormRecord>;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Loads authors, ordered images, products and variants of `rows` in one batched round trip (rarely two). */
export async function loadItemDetails(db: Db, rows: readonly ItemRecord[]): Promise<ItemDetails> {
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  if (ids.length === 0) {
    return {
      authors: new Map(),
      images: new Map(),
      products: new Map(),
      variants: new Map(),
      assets: new Map(),
      merchandising: new Map(),
      plans: new Map(),
      additionalFieldsForms: new Map(),
    };
  }
  const mainImageIds = [...new Set(rows.flatMap((r) => (r.mainImageId ? [r.mainImageId] : [])))];
  return query(async () => {
    // One round trip for the eight lookups: D1 calls dominate page latency.
    const [authorRows, imageRows, productRows, variantRows, merchRows, planRows, formRows, mainRows] = await db.batch([
      db
        .select({ id: authors.id, displayName: authors.displayName })
        .from(authors)
        .where(inArray(authors.id, authorIds.length ? authorIds : [''])),
      db
        .select({ itemId: itemImages.itemId, altText: sql<string | null>`${itemImages.altText}`.as('item_alt_text'), asset: assets })
        .from(itemImages)
        .innerJoin(assets, eq(assets.id, itemImages.assetId))
        .where(inArray(itemImages.itemId, ids))
        .orderBy(asc(itemImages.itemId), asc(itemImages.position)),
      db.select().from(products).where(inArray(products.itemId, ids)),
      db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.productId), asc(variants.position)),
      db.select().from(merchandising).where(inArray(merchandising.productId, ids)),
      db
        .select()
        .from(subscriptionPlans)
        .where(inArray(subscriptionPlans.productId, ids))
        .orderBy(asc(subscriptionPlans.productId), asc(subscriptionPlans.position)),
      db
        .select({ productId: products.itemId, id: forms.id, name: forms.name, submitButtonText: forms.submitButtonText, fields: forms.fields })
        .from(products)
        .innerJoin(forms, eq(forms.id, products.additionalFieldsFormId))
        .where(inArray(products.itemId, ids)),
      // Main images that are not among an item's gallery images (a post's cover, say).
      db.select().from(assets).where(inArray(assets.id, mainImageIds.length ? mainImageIds : [''])),
    ]);
    const byId = new Map(imageRows.map((r) => [r.asset.id, r.asset]));
    for (const a of mainRows) byId.set(a.id, a);
    // Variant images are known only now; they are nearly always gallery images already.
    const missing = [...new Set(variantRows.flatMap((v) => (v.mainImageId && !byId.has(v.mainImageId) ? [v.mainImageId] : [])))];
    if (missing.length) {
      for (const a of await db.select().from(assets).where(inArray(assets.id, missing))) byId.set(a.id, a);
    }
    const images = new Map<string, AssetRecord[]>();
    // An item's own alt text for an image (the product editor's) is the one its pages show:
    // the image formatters read the title first, so it stands in for both.
    for (const [itemId, list] of groupBy(imageRows, (r) => r.itemId)) images.set(itemId, list.map((r) => (r.altText ? { ...r.asset, altText: r.altText, title: r.altText } : r.asset)));
    return {
      authors: new Map(authorRows.map((a) => [a.id, a.displayName])),
      images,
      products: new Map(productRows.map((p) => [p.itemId, p])),
      variants: groupBy(variantRows, (v) => v.productId),
      assets: byId,
      merchandising: new Map(merchRows.map((m) => [m.productId, m])),
      plans: groupBy(planRows, (p) => p.productId),
      additionalFieldsForms: new Map(formRows.map(({ productId, ...form }) => [productId, form])),
    };
  });
}

import { COLLECTION_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';
import { assetUrl } from '../item-json/image-json.js';
import { decodeCursor, encodeCursor, type Page } from '../restock/signups.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';
import type { VariantInput } from './product-save.js';

/** At or below this many units (and above 0) a product's stock state is `low`. */
export const LOW_STOCK_UNITS = 5;
export const STOCK_STATES = ['in', 'low', 'out', 'unlimited'] as const;
export const PRODUCT_SORTS = ['title', '-title', 'updated', '-updated', 'price', '-price', 'stock', '-stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A stored variant: the fields a save takes, with its id and what carts hold of it. */
export interface OwnerVariant extends Omit<VariantInput, 'id'> {
  id: string;
  /** Units unexpired cart holds keep right now. */
  held: number;
}

/** A product image as the editor shows it: the body's fields plus what it needs to draw it. */
export interface OwnerProductImage {
  assetId: string;
  altText: string;
  url: string;
  fileName: string;
}

export interface OwnerProduct {
  id: string;
  collectionId: string;
  productType: number;
  title: string;
  description: unknown;
  urlId: string;
  fullUrl: string;
  status: string;
  visible: boolean;
  categories: string[];
  tags: string[];
  currency: string;
  variantOptionOrdering: string[];
  version: number;
  variants: OwnerVariant[];
  images: OwnerProductImage[];
}

/** A product as the owner's editor reads it, with its version (the ETag of its answer). */
export async function ownerProduct(db: Db, websiteId: string, itemId: string, now = Date.now()): Promise<OwnerProduct> {
  const d1 = db.$client;
  const [head, vars, imgs] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `SELECT i.id, i.collection_id AS collectionId, p.product_type AS productType, i.title, i.structured_content AS sc, i.url_id AS urlId, i.full_url AS fullUrl,
             i.status, p.visible, i.categories, i.tags, p.currency, p.variant_option_ordering AS ordering, p.version
           FROM items i JOIN products p ON p.item_id = i.id WHERE i.id = ?1 AND i.website_id = ?2`,
        )
        .bind(itemId, websiteId),
      d1
        .prepare(
          `SELECT v.id, v.sku, v.price_cents AS priceCents, v.sale_price_cents AS salePriceCents, v.on_sale AS onSale, v.attributes, v.qty_in_stock AS qtyInStock,
             v.unlimited, v.weight_grams AS weightGrams, v.main_image_id AS imageAssetId,
             COALESCE((SELECT SUM(h.quantity) FROM stock_holds h WHERE h.variant_id = v.id AND h.expires_on > ?2), 0) AS held
           FROM variants v WHERE v.product_id = ?1 ORDER BY v.position, v.id`,
        )
        .bind(itemId, now),
      d1
        .prepare(
          `SELECT ii.asset_id AS assetId, ii.alt_text AS altText, a.r2_key AS r2Key, a.filename AS fileName
           FROM item_images ii JOIN assets a ON a.id = ii.asset_id JOIN items i ON i.id = ii.item_id WHERE ii.item_id = ?1 AND i.website_id = ?2 ORDER BY ii.position`,
        )
        .bind(itemId, websiteId),
    ]),
  );
  const row = head!.results[0] as Record<string, unknown> | undefined;
  if (!row) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.productNotFound);
  const sc = JSON.parse((row.sc as string | null) ?? '{}') as { descriptionDoc?: unknown };
  return {
    id: row.id as string,
    collectionId: row.collectionId as string,
    productType: row.productType as number,
    title: row.title as string,
    description: sc.descriptionDoc ?? { type: 'doc', content: [] },
    urlId: row.urlId as string,
    fullUrl: row.fullUrl as string,
    status: row.status as string,
    visible: row.visible === 1,
    categories: JSON.parse(row.categories as string) as string[],
    tags: JSON.parse(row.tags as string) as string[],
    currency: row.currency as string,
    variantOptionOrdering: JSON.parse(row.ordering as string) as string[],
    version: row.version as number,
    variants: (vars!.results as Record<string, unknown>[]).map((v) => ({
      id: v.id as string,
      sku: v.sku as string,
      priceCents: v.priceCents as number,
      salePriceCents: v.salePriceCents as number,
      onSale: v.onSale === 1,
      attributes: JSON.parse(v.attributes as string) as Record<string, string>,
      qtyInStock: v.qtyInStock as number,
      unlimited: v.unlimited === 1,
      weightGrams: v.weightGrams as number | null,
      imageAssetId: (v.imageAssetId as string | null) ?? null,
      held: v.held as number,
    })),
    images: (imgs!.results as Record<string, unknown>[]).map((r) => ({
      assetId: r.assetId as string,
      altText: (r.altText as string | null) ?? '',
      url: assetUrl(r.r2Key as string),
      fileName: r.fileName as string,
    })),
  };
}

export interface ProductListQuery {
  collectionId?: string | undefined;
  type?: number | undefined;
  category?: string | undefined;
  tag?: string | undefined;
  stock?: (typeof STOCK_STATES)[number] | undefined;
  q?: string | undefined;
  sort: ProductSort;
  cursor?: string | undefined;
  limit: number;
}

export interface ProductListRow {
  id: string;
  collectionId: string;
  title: string;
  productType: number;
  status: string;
  visible: boolean;
  fullUrl: string;
  categories: string[];
  tags: string[];
  currency: string;
  /** Lowest variant price (minor units); null without variants. */
  priceCents: number | null;
  /** Units in stock over finite variants; null when the product is unlimited. */
  stock: number | null;
  stockState: (typeof STOCK_STATES)[number];
  variantCount: number;
  assetUrl: string | null;
  updatedOn: number;
}

// One row per product with its derived price and stock (SPEC §4: digital and gift cards never sell out).
const PRODUCTS_SQL = `WITH base AS (
  SELECT i.id, i.collection_id AS collectionId, i.title, lower(i.title) AS titleKey, p.product_type AS productType, i.status, p.visible, i.full_url AS fullUrl,
    i.categories, i.tags, p.currency, i.updated_on AS updatedOn, i.main_image_id AS mainImageId,
    (SELECT MIN(CASE WHEN v.on_sale = 1 THEN v.sale_price_cents ELSE v.price_cents END) FROM variants v WHERE v.product_id = i.id) AS priceCents,
    (SELECT COUNT(*) FROM variants v WHERE v.product_id = i.id) AS variantCount,
    CASE WHEN p.product_type IN (2, 4) OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = i.id AND v.unlimited = 1) THEN NULL
         ELSE (SELECT COALESCE(SUM(v.qty_in_stock), 0) FROM variants v WHERE v.product_id = i.id) END AS stock
  FROM items i JOIN products p ON p.item_id = i.id
  -- Paywall products (type 5) are a member area's access, managed on the Members screen.
  WHERE i.website_id = ?1 AND p.product_type <> 5
), products_view AS (
  SELECT *, CASE WHEN stock IS NULL THEN 'unlimited' WHEN stock = 0 THEN 'out' WHEN stock <= ${LOW_STOCK_UNITS} THEN 'low' ELSE 'in' END AS stockState,
    COALESCE(stock, 9007199254740991) AS stockKey, COALESCE(priceCents, -1) AS priceKey
  FROM base
)`;

const SORT_KEY: Record<string, string> = { title: 'titleKey', updated: 'updatedOn', price: 'priceKey', stock: 'stockKey' };

/**
 * One page of the owner's product table: filters (store, type, category, tag, stock state,
 * title search) and a sort done by D1, keyset paging on (sort key, id) so a cursor stays
 * valid while products change (the other owner lists page the same way).
 */
export async function listOwnerProducts(db: Db, websiteId: string, q: ProductListQuery): Promise<Page<ProductListRow>> {
  const down = q.sort.startsWith('-');
  const key = SORT_KEY[q.sort.replace('-', '')]!;
  const dir = down ? 'DESC' : 'ASC';
  const binds: (string | number)[] = [websiteId];
  const where: string[] = [];
  const bind = (value: string | number) => `?${binds.push(value)}`;
  if (q.collectionId) where.push(`collectionId = ${bind(q.collectionId)}`);
  if (q.type !== undefined) where.push(`productType = ${bind(q.type)}`);
  if (q.category) where.push(`EXISTS (SELECT 1 FROM json_each(categories) WHERE value = ${bind(q.category)})`);
  if (q.tag) where.push(`EXISTS (SELECT 1 FROM json_each(tags) WHERE value = ${bind(q.tag)})`);
  if (q.stock) where.push(`stockState = ${bind(q.stock)}`);
  if (q.q?.trim()) where.push(`instr(titleKey, ${bind(q.q.trim().toLowerCase())}) > 0`);
  const after = decodeCursor(q.cursor);
  if (after && after.length === 2) where.push(`(pv.${key}, pv.id) ${down ? '<' : '>'} (${bind(after[0] as string | number)}, ${bind(String(after[1]))})`);
  const text = `${PRODUCTS_SQL} SELECT pv.*, pv.${key} AS sortKey, a.r2_key AS r2Key FROM products_view pv LEFT JOIN assets a ON a.id = pv.mainImageId
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY pv.${key} ${dir}, pv.id ${dir} LIMIT ${bind(q.limit + 1)}`;
  const { results } = await query(() => db.$client.prepare(text).bind(...binds).all<Record<string, unknown>>());
  const rows = results.slice(0, q.limit);
  const last = rows.at(-1);
  const hasNextPage = results.length > q.limit;
  return {
    rows: rows.map((r) => ({
      id: r.id as string,
      collectionId: r.collectionId as string,
      title: r.title as string,
      productType: r.productType as number,
      status: r.status as string,
      visible: r.visible === 1,
      fullUrl: r.fullUrl as string,
      categories: JSON.parse(r.categories as string) as string[],
      tags: JSON.parse(r.tags as string) as string[],
      currency: r.currency as string,
      priceCents: r.priceCents as number | null,
      stock: r.stock as number | null,
      stockState: r.stockState as ProductListRow['stockState'],
      variantCount: r.variantCount as number,
      assetUrl: r.r2Key ? assetUrl(r.r2Key as string) : null,
      updatedOn: r.updatedOn as number,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.sortKey as string | number, last.id as string]) : null,
  };
}

/** Names the product editor suggests: the store's categories and the site's tags. */
export interface ProductFacets {
  categories: string[];
  tags: string[];
  /** The store asked for (its URL is the product URL preview's start); null without one or when it is not a store here. */
  store: { id: string; title: string; fullUrl: string } | null;
}

/**
 * The category names of store `collectionId` (its category rows, then names its products
 * use that are not rows yet) and every tag the site's items carry, each sorted by name.
 * Without a store: the categories of all the site's stores.
 */
export async function productFacets(db: Db, websiteId: string, collectionId: string | undefined): Promise<ProductFacets> {
  const d1 = db.$client;
  const [cats, tags, store] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `SELECT display_name AS name FROM categories WHERE website_id = ?1 AND type = 'category' AND (?2 IS NULL OR collection_id = ?2)
           UNION SELECT j.value FROM items i, json_each(i.categories) j WHERE i.website_id = ?1 AND (?2 IS NULL OR i.collection_id = ?2)
           ORDER BY 1 COLLATE NOCASE LIMIT 1000`,
        )
        .bind(websiteId, collectionId ?? null),
      d1.prepare('SELECT DISTINCT j.value AS name FROM items i, json_each(i.tags) j WHERE i.website_id = ?1 ORDER BY 1 COLLATE NOCASE LIMIT 1000').bind(websiteId),
      d1.prepare('SELECT id, title, full_url AS fullUrl FROM collections WHERE id = ?1 AND website_id = ?2 AND type = ?3').bind(collectionId ?? null, websiteId, COLLECTION_TYPE.products),
    ]),
  );
  const names = (rows: unknown[]) => (rows as { name: string }[]).map((r) => r.name);
  return { categories: names(cats!.results), tags: names(tags!.results), store: (store!.results[0] as ProductFacets['store'] | undefined) ?? null };
}

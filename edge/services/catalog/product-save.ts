import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { slugify } from '../../../domain/pages/page-rules.js';
import { richTextHtml } from '../../../blocks/text/rich-text.js';
import type { RichTextNode } from '../../../blocks/text/rich-text-schema.js';
import { COLLECTION_TYPE, PRODUCT_TYPE, RECORD_TYPE, type ProductType } from '../../../schema/index.js';
import { searchRowStatements } from '../../../schema/search.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';
import { extrasStatements, type ProductExtras } from './product-extras.js';

/** SPEC §9: max products in a collection. */
export const MAX_PRODUCTS_PER_STORE = 200;

export interface VariantInput {
  /** An existing variant's id (update); absent for a new one. */
  id?: string | undefined;
  sku: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  attributes: Record<string, string>;
  /** Stock of a NEW variant; an existing variant's stock changes only through the stock calls. */
  qtyInStock: number;
  unlimited: boolean;
  weightGrams: number | null;
  /** The variant's main image (`variants.main_image_id`): one of the product's images, or null; undefined keeps the stored one. */
  imageAssetId?: string | null | undefined;
}

/** A product image in display order (the first is the main image) with this product's alt text. */
export interface ProductImageInput {
  assetId: string;
  altText: string;
}

export interface ProductInput {
  title: string;
  description: RichTextNode;
  slug?: string | undefined;
  status: 'published' | 'draft' | 'archived';
  visible: boolean;
  categories: string[];
  tags: string[];
  variantOptionOrdering: string[];
  variants: VariantInput[];
  /** Issue 26 extra settings (product-extras.ts); absent keys keep what is stored. */
  extras?: ProductExtras | undefined;
  /** Product images (`item_images` in order, `items.main_image_id` the first); absent keeps none. */
  images?: ProductImageInput[] | undefined;
}

export interface ProductSaved {
  id: string;
  version: number;
  urlId: string;
}

const newId = () => crypto.randomUUID().replaceAll('-', '');
const errorText = (err: unknown) => `${(err as Error)?.message ?? err} ${(err as Error)?.cause ?? ''}`;
const SLUG_TAKEN = /UNIQUE constraint failed: items\.collection_id, items\.url_id/;
const SKU_TAKEN = /UNIQUE constraint failed: variants\.website_id, variants\.sku/;
const STALE = /NOT NULL constraint failed: items\.title/;
const IN_CARTS = /NOT NULL constraint failed: items\.url_id/;
const STORE_FULL = /NOT NULL constraint failed: products\.product_type/;

/** SPEC §5: digital and gift-card stock counts as unlimited. */
const alwaysUnlimited = (type: number) => type === PRODUCT_TYPE.digital || type === PRODUCT_TYPE.giftCard;

/** The product's URL id in its store: the typed slug or the title's, with the next free numeric suffix when taken. */
async function productSlug(db: Db, collectionId: string, wanted: string, exceptItemId: string | null): Promise<string> {
  const base = slugify(wanted) || 'product';
  const rows = await query(() =>
    db.$client
      .prepare("SELECT url_id FROM items WHERE collection_id = ?1 AND (url_id = ?2 OR url_id LIKE ?2 || '-%') AND id IS NOT ?3")
      .bind(collectionId, base, exceptItemId)
      .all<{ url_id: string }>(),
  );
  const taken = new Set(rows.results.map((r) => r.url_id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** 409 naming the product that already uses one of `skus` in this store (SPEC: skus are unique per website). */
async function skuClash(db: Db, websiteId: string, skus: readonly string[], exceptItemId: string | null): Promise<ApiError | undefined> {
  if (skus.length === 0) return undefined;
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT v.sku, i.title, i.id FROM variants v JOIN items i ON i.id = v.product_id
         WHERE v.website_id = ?1 AND v.sku IN (SELECT value FROM json_each(?2)) AND v.product_id IS NOT ?3 LIMIT 1`,
      )
      .bind(websiteId, JSON.stringify(skus), exceptItemId)
      .first<{ sku: string; title: string; id: string }>(),
  );
  if (!row) return undefined;
  const message = CATALOG_MESSAGES.skuTaken(row.sku, row.title);
  const index = skus.indexOf(row.sku);
  return new ApiError(409, 'sku_taken', message, { fields: { [`variants.${index}.sku`]: message }, extra: { clash: { sku: row.sku, productId: row.id, title: row.title } } });
}

function variantValues(v: VariantInput, type: number) {
  return [v.sku, v.priceCents, v.salePriceCents, v.onSale ? 1 : 0, JSON.stringify(v.attributes), alwaysUnlimited(type) || v.unlimited ? 1 : 0, v.weightGrams];
}

export function insertVariant(db: Db, websiteId: string, productId: string, currency: string, type: number, v: VariantInput, position: number, id: string, author: Author, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const qty = alwaysUnlimited(type) || v.unlimited ? 0 : v.qtyInStock;
  const out = [
    d1
      .prepare(
        `INSERT INTO variants (id, website_id, product_id, currency, qty_in_stock, position, sku, price_cents, sale_price_cents, on_sale, attributes, unlimited, weight_grams, main_image_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(id, websiteId, productId, currency, qty, position, ...variantValues(v, type), v.imageAssetId ?? null),
  ];
  if (qty > 0) {
    out.push(
      d1
        .prepare("INSERT INTO stock_history (website_id, variant_id, delta, qty_after, kind, reason, author_id, author_name, created_on) VALUES (?, ?, ?, ?, 'product-save', 'New variant', ?, ?, ?)")
        .bind(websiteId, id, qty, qty, author.id, author.name, now),
    );
  }
  return out;
}

/**
 * A new product's rows: its item (conditional on the store's 200-product limit, SPEC §9), the
 * product (NULL type, so the batch aborts, when the item was not written) and its variants with
 * their starting stock. The product save and the CSV import both create products through it.
 */
export function insertProductRows(
  db: Db, site: { id: string; currency: string },
  p: { id: string; collectionId: string; slug: string; fullUrl: string; type: ProductType; input: ProductInput; body: string },
  author: Author, now: number,
): D1PreparedStatement[] {
  const d1 = db.$client;
  const { id, type, input } = p;
  return [
    d1
      .prepare(
        `INSERT INTO items (id, website_id, collection_id, record_type, url_id, full_url, title, body, structured_content, categories, tags, status, added_on, publish_on, updated_on, display_index)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13, ?13, (SELECT COALESCE(MAX(display_index), -1) + 1 FROM items WHERE collection_id = ?3)
         WHERE (SELECT COUNT(*) FROM items WHERE collection_id = ?3 AND record_type = ?4) < ?14`,
      )
      .bind(id, site.id, p.collectionId, RECORD_TYPE.storeItem, p.slug, p.fullUrl, input.title, p.body,
        JSON.stringify({ descriptionDoc: input.description }), JSON.stringify(input.categories), JSON.stringify(input.tags), input.status, now, MAX_PRODUCTS_PER_STORE),
    d1
      .prepare(
        `INSERT INTO products (item_id, website_id, product_type, variant_option_ordering, currency, price_cents, sale_price_cents, on_sale, visible, version)
         VALUES (?1, ?2, CASE WHEN changes() = 1 THEN ?3 END, ?4, ?5, ?6, ?7, ?8, ?9, 1)`,
      )
      .bind(id, site.id, type, JSON.stringify(input.variantOptionOrdering), site.currency, ...productPrice(type, input), input.visible ? 1 : 0),
    ...input.variants.flatMap((v, i) => insertVariant(db, site.id, id, site.currency, type, v, i, newId(), author, now)),
  ];
}

/** The product-level price of a digital item (SPEC §3): its one variant's. */
export function productPrice(type: number, input: ProductInput): [number | null, number | null, number] {
  const only = input.variants[0];
  return type === PRODUCT_TYPE.digital && only ? [only.priceCents, only.salePriceCents, only.onSale ? 1 : 0] : [null, null, 0];
}

/** The item's search-index row and the content-version bump, last in a save's batch. */
function indexAndBump(db: Db, websiteId: string, itemId: string, input: ProductInput, body: string, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const search = searchRowStatements({ id: itemId, websiteId, title: input.title, body, tags: input.tags, categories: input.categories });
  const bump = bumpStatement(db, websiteId, now).toSQL();
  return [...search, bump].map((s) => d1.prepare(s.sql).bind(...s.params));
}

/**
 * The product's images in order and its main image (the first): the gallery rows are
 * replaced, each insert only for an asset of this site. Nothing when the input has no
 * `images` (a caller that does not manage them keeps what is stored).
 */
function imageStatements(db: Db, websiteId: string, itemId: string, input: ProductInput): D1PreparedStatement[] {
  if (!input.images) return [];
  const d1 = db.$client;
  return [
    d1.prepare('DELETE FROM item_images WHERE item_id = ?').bind(itemId),
    ...input.images.map((image, position) =>
      d1
        .prepare('INSERT INTO item_images (item_id, asset_id, position, alt_text) SELECT ?1, id, ?2, ?3 FROM assets WHERE id = ?4 AND website_id = ?5')
        .bind(itemId, position, image.altText === '' ? null : image.altText, image.assetId, websiteId),
    ),
    d1.prepare('UPDATE items SET main_image_id = (SELECT asset_id FROM item_images WHERE item_id = ?1 ORDER BY position LIMIT 1) WHERE id = ?1').bind(itemId),
  ];
}

/** 400 naming the first image that is not one of this site's image files. */
async function unknownImage(db: Db, websiteId: string, input: ProductInput): Promise<ApiError | undefined> {
  const ids = (input.images ?? []).map((i) => i.assetId);
  if (ids.length === 0) return undefined;
  const rows = await query(() =>
    db.$client
      .prepare("SELECT id FROM assets WHERE website_id = ?1 AND kind = 'image' AND id IN (SELECT value FROM json_each(?2))")
      .bind(websiteId, JSON.stringify(ids))
      .all<{ id: string }>(),
  );
  const found = new Set(rows.results.map((r) => r.id));
  const index = ids.findIndex((id) => !found.has(id));
  if (index === -1) return undefined;
  return new ApiError(400, 'invalid_request', CATALOG_MESSAGES.imageNotFound, { fields: { [`images.${index}.assetId`]: CATALOG_MESSAGES.imageNotFound } });
}

async function afterFailure(db: Db, websiteId: string, err: unknown, skus: readonly string[], itemId: string | null): Promise<ApiError | 'retry' | undefined> {
  const text = errorText(err);
  if (SLUG_TAKEN.test(text)) return 'retry';
  if (SKU_TAKEN.test(text)) return (await skuClash(db, websiteId, skus, itemId)) ?? 'retry';
  if (STORE_FULL.test(text)) return new ApiError(409, 'too_many_products', CATALOG_MESSAGES.tooManyProducts);
  return undefined;
}

/**
 * Creates a store item of `type` in store `collectionId`: the item, its product row, its
 * variants (with a history row for any starting stock), its search row and the content
 * bump in ONE batch. The item insert runs only while the store holds fewer than 200
 * products (SPEC §9); when it did not, the product row's NOT NULL type is NULL and the
 * batch aborts. Skus are checked first to name the clashing product; the unique index
 * still decides a race.
 */
export async function createProduct(
  db: Db, site: { id: string; currency: string }, collectionId: string, type: ProductType, input: ProductInput, author: Author, now = Date.now(),
): Promise<ProductSaved> {
  const d1 = db.$client;
  const store = await query(() =>
    d1.prepare('SELECT full_url FROM collections WHERE id = ? AND website_id = ? AND type = ?').bind(collectionId, site.id, COLLECTION_TYPE.products).first<{ full_url: string }>(),
  );
  if (!store) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.storeNotFound, { fields: { collectionId: CATALOG_MESSAGES.storeNotFound } });
  const skus = input.variants.map((v) => v.sku);
  const clash = (await unknownImage(db, site.id, input)) ?? (await skuClash(db, site.id, skus, null));
  if (clash) throw clash;
  const body = richTextHtml(input.description);
  for (let attempt = 0; ; attempt++) {
    const id = newId();
    const slug = await productSlug(db, collectionId, input.slug ?? input.title, null);
    const statements = [
      ...insertProductRows(db, site, { id, collectionId, slug, fullUrl: `${store.full_url.replace(/\/$/, '')}/${slug}`, type, input, body }, author, now),
      ...extrasStatements(d1, site.id, id, input.extras ?? {}, now),
      ...imageStatements(db, site.id, id, input),
      ...indexAndBump(db, site.id, id, input, body, now),
    ];
    try {
      await d1.batch(statements);
    } catch (err) {
      const known = await afterFailure(db, site.id, err, skus, null);
      if (known === 'retry' && attempt < 2) continue;
      if (known instanceof ApiError) throw known;
      return query(() => Promise.reject(err));
    }
    forgetSite(site.id);
    return { id, version: 1, urlId: slug };
  }
}

/**
 * Saves a product the owner edited from version `basedOn`: one batch whose first
 * statement bumps the version only while it is still `basedOn` (`UPDATE ... WHERE version
 * = ?`); the item update right after writes a NULL title when that changed nothing, which
 * aborts the batch — a stale save stores nothing and answers 412 with the current version.
 * Variants named by id are updated (never their stock: sales and the stock calls own it),
 * new ones inserted, missing ones deleted unless an open cart has them (409).
 * Carts keep the price they captured and orders their own rows, so a price change
 * applies to new adds only.
 */
export async function updateProduct(db: Db, site: { id: string; currency: string }, itemId: string, basedOn: number, input: ProductInput, author: Author, now = Date.now()): Promise<ProductSaved> {
  const d1 = db.$client;
  const current = await query(() =>
    d1
      .prepare('SELECT p.product_type AS type, p.version, i.collection_id AS collectionId, c.full_url AS storeUrl FROM products p JOIN items i ON i.id = p.item_id JOIN collections c ON c.id = i.collection_id WHERE p.item_id = ? AND p.website_id = ?')
      .bind(itemId, site.id)
      .first<{ type: number; version: number; collectionId: string; storeUrl: string }>(),
  );
  if (!current) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.productNotFound);
  const existing = await query(() => d1.prepare('SELECT id FROM variants WHERE product_id = ?').bind(itemId).all<{ id: string }>());
  const known = new Set(existing.results.map((r) => r.id));
  const unknown = input.variants.findIndex((v) => v.id !== undefined && !known.has(v.id));
  if (unknown !== -1) throw new ApiError(400, 'invalid_request', CATALOG_MESSAGES.variantNotFound, { fields: { [`variants.${unknown}.id`]: CATALOG_MESSAGES.variantNotFound } });
  const skus = input.variants.map((v) => v.sku);
  const clash = (await unknownImage(db, site.id, input)) ?? (await skuClash(db, site.id, skus, itemId));
  if (clash) throw clash;
  const body = richTextHtml(input.description);
  const keep = JSON.stringify(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
  for (let attempt = 0; ; attempt++) {
    const slug = await productSlug(db, current.collectionId, input.slug ?? input.title, itemId);
    const statements = [
      d1
        .prepare(
          `UPDATE products SET version = version + 1, variant_option_ordering = ?1, price_cents = ?2, sale_price_cents = ?3, on_sale = ?4, visible = ?5
           WHERE item_id = ?6 AND website_id = ?7 AND version = ?8`,
        )
        .bind(JSON.stringify(input.variantOptionOrdering), ...productPrice(current.type, input), input.visible ? 1 : 0, itemId, site.id, basedOn),
      d1
        .prepare(
          `UPDATE items SET title = CASE WHEN changes() = 1 THEN ?1 END, url_id = ?2, full_url = ?3, body = ?4,
             structured_content = json_set(COALESCE(structured_content, '{}'), '$.descriptionDoc', json(?5)), categories = ?6, tags = ?7,
             status = ?8, updated_on = ?9,
             publish_on = CASE WHEN ?8 = 'published' AND status <> 'published' AND (publish_on IS NULL OR publish_on <= ?9) THEN ?9 ELSE publish_on END
           WHERE id = ?10`,
        )
        .bind(input.title, slug, `${current.storeUrl.replace(/\/$/, '')}/${slug}`, body, JSON.stringify(input.description),
          JSON.stringify(input.categories), JSON.stringify(input.tags), input.status, now, itemId),
      // A variant an open cart has cannot go: the NOT NULL url_id aborts the batch (409).
      d1
        .prepare(
          `UPDATE items SET url_id = CASE WHEN EXISTS (
             SELECT 1 FROM variants v JOIN cart_entries e ON e.variant_id = v.id JOIN carts c ON c.id = e.cart_id
             WHERE v.product_id = ?1 AND v.id NOT IN (SELECT value FROM json_each(?2)) AND c.is_purchased = 0 AND c.expires_on > ?3) THEN NULL ELSE url_id END
           WHERE id = ?1`,
        )
        .bind(itemId, keep, now),
      d1.prepare('DELETE FROM variants WHERE product_id = ?1 AND id NOT IN (SELECT value FROM json_each(?2))').bind(itemId, keep),
      // Skus may swap between variants of one product: clear them first, then set each.
      d1.prepare("UPDATE variants SET sku = char(0) || id WHERE product_id = ?").bind(itemId),
      ...input.variants.flatMap((v, position) =>
        v.id
          ? [
              d1
                .prepare(
                  `UPDATE variants SET position = ?1, sku = ?2, price_cents = ?3, sale_price_cents = ?4, on_sale = ?5, attributes = ?6, unlimited = ?7, weight_grams = ?8,
                     main_image_id = CASE WHEN ?9 = 1 THEN ?10 ELSE main_image_id END
                   WHERE id = ?11 AND product_id = ?12`,
                )
                .bind(position, ...variantValues(v, current.type), v.imageAssetId === undefined ? 0 : 1, v.imageAssetId ?? null, v.id, itemId),
            ]
          : insertVariant(db, site.id, itemId, site.currency, current.type, v, position, newId(), author, now),
      ),
      ...extrasStatements(d1, site.id, itemId, input.extras ?? {}, now),
      ...imageStatements(db, site.id, itemId, input),
      ...indexAndBump(db, site.id, itemId, input, body, now),
    ];
    try {
      await d1.batch(statements);
    } catch (err) {
      const text = errorText(err);
      if (STALE.test(text)) throw await staleSave(db, itemId);
      if (IN_CARTS.test(text)) throw await inCarts(db, itemId, keep, now);
      const outcome = await afterFailure(db, site.id, err, skus, itemId);
      if (outcome === 'retry' && attempt < 2) continue;
      if (outcome instanceof ApiError) throw outcome;
      return query(() => Promise.reject(err));
    }
    forgetSite(site.id);
    return { id: itemId, version: basedOn + 1, urlId: slug };
  }
}

async function staleSave(db: Db, itemId: string): Promise<ApiError> {
  const row = await query(() => db.$client.prepare('SELECT version FROM products WHERE item_id = ?').bind(itemId).first<{ version: number }>());
  return new ApiError(412, 'version_conflict', CATALOG_MESSAGES.versionConflict, { extra: { current: { version: row?.version ?? null } } });
}

async function inCarts(db: Db, itemId: string, keep: string, now: number): Promise<ApiError> {
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT v.sku FROM variants v JOIN cart_entries e ON e.variant_id = v.id JOIN carts c ON c.id = e.cart_id
         WHERE v.product_id = ?1 AND v.id NOT IN (SELECT value FROM json_each(?2)) AND c.is_purchased = 0 AND c.expires_on > ?3 LIMIT 1`,
      )
      .bind(itemId, keep, now)
      .first<{ sku: string }>(),
  );
  return new ApiError(409, 'variant_in_carts', CATALOG_MESSAGES.variantInCarts(row?.sku ?? ''));
}

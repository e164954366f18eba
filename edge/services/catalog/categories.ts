import { COLLECTION_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';

/** SPEC §9: nested categories limit. */
export const MAX_CATEGORIES_PER_STORE = 10_000;
/** SPEC §9: at most 250 items in a list the owner orders by hand; a category's subcategories are one. */
export const MAX_ORDERED_SIBLINGS = 250;

export const CATEGORY_TYPES = ['root', 'category'] as const;
export const PAGE_RENDERINGS = ['all-products', 'category'] as const;

/** SPEC §3 Root category fields (any category of the tree has the same shape). */
export interface CategoryJson {
  id: string;
  displayName: string;
  parentCategoryId: string | null;
  type: (typeof CATEGORY_TYPES)[number];
  pageRendering: (typeof PAGE_RENDERINGS)[number];
  displayIndex: number;
}

export const rootCategoryJson = (id: string, displayName: string): CategoryJson => ({
  id, displayName, parentCategoryId: null, type: 'root', pageRendering: 'all-products', displayIndex: 0,
});

export interface CategoryInput {
  displayName: string;
  parentCategoryId: string | null;
  type: CategoryJson['type'];
  pageRendering: CategoryJson['pageRendering'];
  displayIndex: number;
}

const NAME_TAKEN = /UNIQUE constraint failed: categories\.collection_id, categories\.display_name/;

/**
 * Adds a category to a store collection in one conditional INSERT: the store must be a
 * products collection of this site, a parent must belong to the same store, a root only
 * when the store has none, and the store must hold fewer than 10,000 categories (SPEC §9).
 * A name the store already has is 409 'This category already exists' (SPEC §5).
 */
export async function createCategory(db: Db, websiteId: string, collectionId: string, input: CategoryInput, now = Date.now()): Promise<CategoryJson> {
  const d1 = db.$client;
  const id = crypto.randomUUID().replaceAll('-', '');
  const parent = input.type === 'root' ? null : input.parentCategoryId;
  let changes = 0;
  try {
    const result = await d1
      .prepare(
        `INSERT INTO categories (id, website_id, collection_id, parent_id, display_name, type, page_rendering, display_index, created_on)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
         WHERE EXISTS (SELECT 1 FROM collections WHERE id = ?3 AND website_id = ?2 AND type = ?10)
           AND (?4 IS NULL OR EXISTS (SELECT 1 FROM categories WHERE id = ?4 AND collection_id = ?3))
           AND (?6 <> 'root' OR NOT EXISTS (SELECT 1 FROM categories WHERE collection_id = ?3 AND type = 'root'))
           AND (SELECT COUNT(*) FROM categories WHERE collection_id = ?3) < ?11
           AND (?4 IS NULL OR (SELECT COUNT(*) FROM categories WHERE parent_id = ?4) < ?12)`,
      )
      .bind(id, websiteId, collectionId, parent, input.displayName, input.type, input.pageRendering, input.displayIndex, now, COLLECTION_TYPE.products, MAX_CATEGORIES_PER_STORE, MAX_ORDERED_SIBLINGS)
      .run();
    changes = result.meta.changes;
  } catch (err) {
    if (NAME_TAKEN.test(String((err as Error)?.message) + String((err as Error)?.cause ?? ''))) {
      throw new ApiError(409, 'category_exists', CATALOG_MESSAGES.categoryExists, { fields: { displayName: CATALOG_MESSAGES.categoryExists } });
    }
    return query(() => Promise.reject(err));
  }
  if (changes === 1) return { id, displayName: input.displayName, parentCategoryId: parent, type: input.type, pageRendering: input.pageRendering, displayIndex: input.displayIndex };
  throw await whyRefused(db, websiteId, collectionId, input, parent);
}

/** The reason the conditional INSERT wrote nothing (read after the fact, for the message only). */
async function whyRefused(db: Db, websiteId: string, collectionId: string, input: CategoryInput, parent: string | null): Promise<ApiError> {
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT (SELECT COUNT(*) FROM collections WHERE id = ?1 AND website_id = ?2 AND type = ?3) AS store,
                (SELECT COUNT(*) FROM categories WHERE id = ?4 AND collection_id = ?1) AS parent,
                (SELECT COUNT(*) FROM categories WHERE collection_id = ?1 AND type = 'root') AS roots,
                (SELECT COUNT(*) FROM categories WHERE collection_id = ?1) AS total`,
      )
      .bind(collectionId, websiteId, COLLECTION_TYPE.products, parent)
      .first<{ store: number; parent: number; roots: number; total: number }>(),
  );
  if (!row?.store) return new ApiError(404, 'not_found', CATALOG_MESSAGES.storeNotFound);
  if (parent !== null && !row.parent) return new ApiError(400, 'invalid_request', CATALOG_MESSAGES.parentCategoryMissing, { fields: { parentCategoryId: CATALOG_MESSAGES.parentCategoryMissing } });
  if (input.type === 'root' && row.roots) return new ApiError(409, 'root_category_exists', CATALOG_MESSAGES.rootCategoryExists);
  if (row.total < MAX_CATEGORIES_PER_STORE) return new ApiError(409, 'too_many_in_order', CATALOG_MESSAGES.tooManySiblings);
  return new ApiError(409, 'too_many_categories', CATALOG_MESSAGES.tooManyCategories);
}

/** A store's categories, parents before children, each level by display index then name; 404 for no such store. */
export async function listCategories(db: Db, websiteId: string, collectionId: string): Promise<CategoryJson[]> {
  const d1 = db.$client;
  const [store, rows] = await query(() =>
    d1.batch([
      d1.prepare('SELECT id FROM collections WHERE id = ?1 AND website_id = ?2 AND type = ?3').bind(collectionId, websiteId, COLLECTION_TYPE.products),
      d1
        .prepare(
          `SELECT id, display_name AS displayName, parent_id AS parentCategoryId, type, page_rendering AS pageRendering, display_index AS displayIndex
           FROM categories WHERE collection_id = ?1 AND website_id = ?2 ORDER BY display_index, display_name LIMIT ?3`,
        )
        .bind(collectionId, websiteId, MAX_CATEGORIES_PER_STORE),
    ]),
  );
  if (store!.results.length === 0) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.storeNotFound);
  const all = rows!.results as unknown as CategoryJson[];
  const children = new Map<string | null, CategoryJson[]>();
  for (const c of all) children.set(c.parentCategoryId, [...(children.get(c.parentCategoryId) ?? []), c]);
  const out: CategoryJson[] = [];
  const walk = (parent: string | null) => {
    for (const c of children.get(parent) ?? []) {
      out.push(c);
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

/** The site's stores (products collections) for a store picker, in the site's collection order. */
export async function listStores(db: Db, websiteId: string) {
  const rows = await query(() =>
    db.$client
      .prepare(
        `SELECT c.id, c.title, c.navigation_title AS navigationTitle, c.url_id AS urlId, c.full_url AS fullUrl, c.description, c.enabled,
           (SELECT COUNT(*) FROM items i WHERE i.collection_id = c.id AND i.record_type = 11) AS productCount
         FROM collections c WHERE c.website_id = ?1 AND c.type = ?2 ORDER BY c.display_index, c.id`,
      )
      .bind(websiteId, COLLECTION_TYPE.products)
      .all<{ id: string; title: string; navigationTitle: string | null; urlId: string; fullUrl: string; description: string | null; enabled: number; productCount: number }>(),
  );
  return rows.results.map((r) => ({ ...r, enabled: r.enabled === 1 }));
}

import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { CsvProblem } from '../../../domain/catalog/csv-parse.js';
import { storeSlug } from '../../../domain/catalog/store-slug.js';
import { slugify } from '../../../domain/pages/page-rules.js';
import { richTextHtml } from '../../../blocks/text/rich-text.js';
import { COLLECTION_TYPE, RECORD_TYPE, type ProductType } from '../../../schema/index.js';
import { searchRowStatements } from '../../../schema/search.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';
import { storeRowStatements, takenSlugs, URL_TAKEN } from './store-creation.js';
import { insertProductRows, MAX_PRODUCTS_PER_STORE, type ProductInput } from './product-save.js';

/** A product of the file, checked against the save's rules, with the lines it came from. */
export interface ImportItem {
  line: number;
  variantLines: number[];
  type: ProductType;
  input: ProductInput;
}

export interface ImportedProduct {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  line: number;
  /** The store it went to (another than the chosen one when the import spread over new stores). */
  store: string;
}

export const IMPORT_REFUSED = (n: number) => `${n} problem${n === 1 ? '' : 's'} in the file; nothing was imported.`;

/** The 400 (or 409) of an import that stores nothing, listing every problem by line. */
export function importRefused(errors: CsvProblem[], status: 400 | 409 = 400, code = 'invalid_import'): ApiError {
  return new ApiError(status, code, IMPORT_REFUSED(errors.length), { extra: { errors } });
}

const newId = () => crypto.randomUUID().replaceAll('-', '');
const errorText = (err: unknown) => `${(err as Error)?.message ?? err} ${(err as Error)?.cause ?? ''}`;
const SKU_TAKEN = /UNIQUE constraint failed: variants\.website_id, variants\.sku/;
const SLUG_TAKEN = /UNIQUE constraint failed: items\.collection_id, items\.url_id/;
const STORE_FULL = /NOT NULL constraint failed: products\.product_type/;

/**
 * How an import's `count` products fill the chosen store (holding `held`) and, when the
 * owner lets the products past its limit go to new stores, how many go to each new one:
 * [into the chosen store, into new store 2, into new store 3, ...].
 */
export function storeShares(held: number, count: number, overflow: boolean): number[] {
  const room = Math.max(0, MAX_PRODUCTS_PER_STORE - held);
  if (!overflow || count <= room) return [count];
  const shares = [room];
  for (let left = count - room; left > 0; left -= MAX_PRODUCTS_PER_STORE) shares.push(Math.min(left, MAX_PRODUCTS_PER_STORE));
  return shares;
}

/**
 * Problems the site's own rows make: the store's 200-product limit (unless the products past
 * it go to new stores) and skus other products use.
 */
export async function siteProblems(db: Db, websiteId: string, collectionId: string, items: readonly ImportItem[], overflow = false): Promise<CsvProblem[]> {
  const d1 = db.$client;
  const problems: CsvProblem[] = [];
  const skus = items.flatMap((item) => item.input.variants.map((v, i) => ({ sku: v.sku, line: item.variantLines[i]! })));
  const [count, clashes] = await query(() =>
    d1.batch([
      d1.prepare('SELECT COUNT(*) AS n FROM items WHERE collection_id = ? AND record_type = ?').bind(collectionId, RECORD_TYPE.storeItem),
      d1
        .prepare(
          `SELECT v.sku, i.title FROM variants v JOIN items i ON i.id = v.product_id
           WHERE v.website_id = ?1 AND v.sku IN (SELECT value FROM json_each(?2))`,
        )
        .bind(websiteId, JSON.stringify(skus.map((s) => s.sku))),
    ]),
  );
  const held = (count!.results[0] as { n: number }).n;
  const room = MAX_PRODUCTS_PER_STORE - held;
  if (!overflow && items.length > room) {
    const first = items[Math.max(0, room)]!;
    problems.push({ line: first.line, message: `${CATALOG_MESSAGES.tooManyProducts} This store holds ${held}; the file adds ${items.length}.` });
  }
  const taken = new Map((clashes!.results as { sku: string; title: string }[]).map((r) => [r.sku, r.title]));
  for (const { sku, line } of skus) {
    const title = taken.get(sku);
    if (title !== undefined) problems.push({ line, message: CATALOG_MESSAGES.skuTaken(sku, title) });
  }
  return problems;
}

/** Free URL ids for the products, from their handles, next to the store's existing ones (none in a new store). */
async function slugsFor(db: Db, collectionId: string | null, items: readonly ImportItem[]): Promise<string[]> {
  const rows = collectionId ? (await query(() => db.$client.prepare('SELECT url_id FROM items WHERE collection_id = ?').bind(collectionId).all<{ url_id: string }>())).results : [];
  const taken = new Set(rows.map((r) => r.url_id));
  return items.map((item) => {
    const base = slugify(item.input.slug ?? item.input.title) || 'product';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}

/** A store the import fills: the chosen one, or a new one made in the same batch. */
interface Target {
  collectionId: string;
  title: string;
  fullUrl: string;
  items: readonly ImportItem[];
  /** Set for a new store: its slug and root category name. */
  fresh?: { slug: string; rootId: string; allCategoryDisplayName: string };
}

/**
 * The stores the products go to: the chosen store up to its 200, then (with `overflow`)
 * new stores of 200 titled after it ('Planter Shop 2', 'Planter Shop 3', ...) at free slugs.
 */
async function targetsFor(db: Db, websiteId: string, store: { id: string; title: string; fullUrl: string; rootName: string; held: number }, items: readonly ImportItem[], overflow: boolean): Promise<Target[]> {
  const shares = storeShares(store.held, items.length, overflow);
  const taken = shares.length > 1 ? await takenSlugs(db, websiteId, []) : new Set<string>();
  let from = 0;
  return shares.map((share, index) => {
    const part = items.slice(from, (from += share));
    if (index === 0) return { collectionId: store.id, title: store.title, fullUrl: store.fullUrl, items: part };
    const title = `${store.title} ${index + 1}`;
    const slug = storeSlug(title, 'Store', taken);
    taken.add(slug);
    return { collectionId: newId(), title, fullUrl: `/${slug}`, items: part, fresh: { slug, rootId: newId(), allCategoryDisplayName: store.rootName } };
  });
}

/**
 * Creates every product of the file in ONE D1 batch (one transaction): items, products,
 * variants with their starting stock history, search rows, and one content bump; with
 * `overflow`, the products past store `collectionId`'s 200 go to new stores made in the
 * same batch (collection and root category, not in the navigation). The whole file or
 * nothing: a sku another product took meanwhile (the unique index) or the store filling
 * up (each item insert is conditional on the 200-product count, as a single save's is)
 * aborts the batch and nothing is stored.
 */
export async function importProducts(
  db: Db, site: { id: string; currency: string }, collectionId: string, items: readonly ImportItem[], author: Author, options: { overflow?: boolean; now?: number } = {},
): Promise<ImportedProduct[]> {
  const d1 = db.$client;
  const now = options.now ?? Date.now();
  const overflow = options.overflow ?? false;
  const store = await query(() =>
    d1
      .prepare(
        `SELECT c.full_url, c.title, (SELECT display_name FROM categories WHERE collection_id = c.id AND type = 'root') AS root_name,
           (SELECT COUNT(*) FROM items WHERE collection_id = c.id AND record_type = ?4) AS held
         FROM collections c WHERE c.id = ?1 AND c.website_id = ?2 AND c.type = ?3`,
      )
      .bind(collectionId, site.id, COLLECTION_TYPE.products, RECORD_TYPE.storeItem)
      .first<{ full_url: string; title: string; root_name: string | null; held: number }>(),
  );
  if (!store) throw new ApiError(404, 'not_found', CATALOG_MESSAGES.storeNotFound, { fields: { collectionId: CATALOG_MESSAGES.storeNotFound } });
  const before = await siteProblems(db, site.id, collectionId, items, overflow);
  if (before.length) throw importRefused(before, 409, 'import_conflict');
  const chosen = { id: collectionId, title: store.title, fullUrl: store.full_url.replace(/\/$/, ''), rootName: store.root_name ?? 'All', held: store.held };
  for (let attempt = 0; ; attempt++) {
    const targets = await targetsFor(db, site.id, chosen, items, overflow);
    const created: ImportedProduct[] = [];
    const statements: D1PreparedStatement[] = [];
    for (const target of targets) {
      if (target.fresh) statements.push(...storeRowStatements(db, site.id, { collectionId: target.collectionId, rootId: target.fresh.rootId, slug: target.fresh.slug, title: target.title, allCategoryDisplayName: target.fresh.allCategoryDisplayName }, now));
      const slugs = target.fresh ? await slugsFor(db, null, target.items) : await slugsFor(db, target.collectionId, target.items);
      target.items.forEach((item, index) => {
        const id = newId();
        const slug = slugs[index]!;
        const { input, type } = item;
        const body = richTextHtml(input.description);
        const fullUrl = `${target.fullUrl}/${slug}`;
        created.push({ id, title: input.title, urlId: slug, fullUrl, line: item.line, store: target.title });
        statements.push(
          ...insertProductRows(db, site, { id, collectionId: target.collectionId, slug, fullUrl, type, input, body }, author, now),
          // Searchable at once: the item's search row, as a single save writes it.
          ...searchRowStatements({ id, websiteId: site.id, title: input.title, body, tags: input.tags, categories: input.categories }).map((s) => d1.prepare(s.sql).bind(...s.params)),
        );
      });
    }
    const bump = bumpStatement(db, site.id, now).toSQL();
    statements.push(d1.prepare(bump.sql).bind(...bump.params));
    try {
      await d1.batch(statements);
    } catch (err) {
      const text = errorText(err);
      if ((SLUG_TAKEN.test(text) || URL_TAKEN.test(text)) && attempt < 2) continue;
      if (SKU_TAKEN.test(text) || STORE_FULL.test(text)) {
        const problems = await siteProblems(db, site.id, collectionId, items, overflow);
        if (problems.length) throw importRefused(problems, 409, 'import_conflict');
      }
      return query(() => Promise.reject(err));
    }
    forgetSite(site.id);
    return created;
  }
}

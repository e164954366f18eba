import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { storeSlug } from '../../../domain/catalog/store-slug.js';
import { RESERVED_SLUGS } from '../../../domain/pages/page-rules.js';
import { COLLECTION_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import type { Author } from '../pages/page-records.js';
import { siteLayout, type NavigationItemInput, type NavigationLinkOut } from '../site-layout/navigation.js';
import { forgetSite } from '../site-versions.js';
import { CATALOG_MESSAGES } from './catalog-messages.js';
import { rootCategoryJson, type CategoryJson } from './categories.js';

/** SPEC §3 Store creation input (websiteId comes from the path). */
export interface StoreCreationInput {
  storeTitle: string;
  fallbackStoreTitle: string;
  allCategoryDisplayName: string;
  templateId: string | null;
  addToMainNav: boolean;
  isSevenOne: boolean;
  storeUrls: readonly string[];
}

/** SPEC §3 Product collection, as the store-creation call answers it. */
export interface ProductCollectionJson {
  id: string;
  navigationTitle: string;
  title: string;
  urlId: string;
  fullUrl: string;
  description: string | null;
  enabled: boolean;
}

export interface CreatedStore {
  collection: ProductCollectionJson;
  rootCategory: CategoryJson;
  navigation: { added: boolean; version: number | null };
}

const newId = () => crypto.randomUUID().replaceAll('-', '');
const MAIN_NAV = 'main-nav';
export const URL_TAKEN = /UNIQUE constraint failed: collections\.website_id, collections\.url_id/;
const NAV_GUARD = /NOT NULL constraint failed: navigation_items\.title/;

/** Every first path segment the site already uses: collections, pages (the trash too) and the worker's own. */
export async function takenSlugs(db: Db, websiteId: string, storeUrls: readonly string[]): Promise<Set<string>> {
  const d1 = db.$client;
  const [cols, pages] = await query(() =>
    d1.batch([
      d1.prepare('SELECT url_id AS slug FROM collections WHERE website_id = ?').bind(websiteId),
      d1.prepare('SELECT slug FROM pages WHERE website_id = ?').bind(websiteId),
    ]),
  );
  const taken = new Set<string>(RESERVED_SLUGS);
  for (const row of [...cols!.results, ...pages!.results] as { slug: string }[]) taken.add(row.slug);
  // SPEC §5: the caller's storeUrls count as taken too (with or without their leading slash).
  for (const url of storeUrls) taken.add(url.replace(/^\/+|\/+$/g, ''));
  return taken;
}

const toInput = (link: NavigationLinkOut): NavigationItemInput => ({
  title: link.title,
  collectionId: link.collectionId ?? undefined,
  pageId: link.pageId ?? undefined,
  externalLink: link.externalLink ?? undefined,
  newWindow: link.newWindow,
  children: link.children.length ? link.children.map(toInput) : undefined,
});

/**
 * The main-navigation part of the batch: revision `version + 1` holding the menu as it is
 * plus the store's link, only while `version` is still the newest; then the link's row,
 * whose NOT NULL title is NULL when that revision was not written, which aborts the whole
 * batch (a navigation saved meanwhile leaves nothing of the store behind).
 */
async function navigationStatements(db: Db, websiteId: string, collectionId: string, title: string, author: Author, now: number) {
  const d1 = db.$client;
  const main = (await siteLayout(db, websiteId)).find((nav) => nav.identifier === MAIN_NAV);
  const version = main?.version ?? 0;
  const document = [...(main?.links ?? []).map(toInput), { title, collectionId, newWindow: false }];
  const saveId = crypto.randomUUID();
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO navigation_revisions (website_id, menu, version, document, save_id, author_id, author_name, saved_on)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE COALESCE((SELECT MAX(version) FROM navigation_revisions WHERE website_id = ?1 AND menu = ?2), 0) = ?9`,
      )
      .bind(websiteId, MAIN_NAV, version + 1, JSON.stringify(document), saveId, author.id, author.name, now, version),
    d1
      .prepare(
        `INSERT INTO navigation_items (id, website_id, menu, parent_id, position, title, collection_id, new_window)
         VALUES (?1, ?2, ?3, NULL,
           (SELECT COALESCE(MAX(position), -1) + 1 FROM navigation_items WHERE website_id = ?2 AND menu = ?3 AND parent_id IS NULL),
           CASE WHEN EXISTS (SELECT 1 FROM navigation_revisions WHERE website_id = ?2 AND menu = ?3 AND version = ?4 AND save_id = ?5) THEN ?6 END,
           ?7, 0)`,
      )
      .bind(newId(), websiteId, MAIN_NAV, version + 1, saveId, title, collectionId),
  ];
  return { statements, version: version + 1 };
}

/** A new store's own rows: the product collection (last in the site's order) and its root category. */
export interface StoreRows {
  collectionId: string;
  rootId: string;
  slug: string;
  title: string;
  allCategoryDisplayName: string;
}

/**
 * The statements that create a store's collection and root category, for a caller's batch
 * (the store creation call, and a CSV import that spreads its products over new stores).
 */
export function storeRowStatements(db: Db, websiteId: string, store: StoreRows, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  return [
    d1
      .prepare(
        `INSERT INTO collections (id, website_id, type, url_id, full_url, title, navigation_title, type_name, ordering, display_index, items_per_page, enabled, created_on, updated_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, 'products', 'user-ordered',
           (SELECT COALESCE(MAX(display_index), -1) + 1 FROM collections WHERE website_id = ?2), 24, 1, ?7, ?7)`,
      )
      .bind(store.collectionId, websiteId, COLLECTION_TYPE.products, store.slug, `/${store.slug}`, store.title, now),
    d1
      .prepare(
        `INSERT INTO categories (id, website_id, collection_id, parent_id, display_name, type, page_rendering, display_index, created_on)
         VALUES (?1, ?2, ?3, NULL, ?4, 'root', 'all-products', 0, ?5)`,
      )
      .bind(store.rootId, websiteId, store.collectionId, store.allCategoryDisplayName.trim(), now),
  ];
}

/**
 * SPEC §7 store creation in SPEC §4 order — the product collection, then its root
 * category, then (optionally) its link in the main navigation — as ONE D1 batch, which
 * runs as one transaction: a failure at any step leaves nothing of the store behind.
 * The URL slug follows SPEC §5 (domain/catalog/store-slug.ts); a store created at the same
 * moment with the same slug makes the unique index refuse the batch, and the slug is
 * chosen again (at most three times).
 */
export async function createStore(db: Db, websiteId: string, input: StoreCreationInput, author: Author, now = Date.now()): Promise<CreatedStore> {
  const d1 = db.$client;
  const title = input.storeTitle.trim() || input.fallbackStoreTitle.trim();
  for (let attempt = 0; ; attempt++) {
    const slug = storeSlug(input.storeTitle, input.fallbackStoreTitle, await takenSlugs(db, websiteId, input.storeUrls));
    const collectionId = newId();
    const rootId = newId();
    const statements = storeRowStatements(db, websiteId, { collectionId, rootId, slug, title, allCategoryDisplayName: input.allCategoryDisplayName }, now);
    let navVersion: number | null = null;
    if (input.addToMainNav) {
      const nav = await navigationStatements(db, websiteId, collectionId, title, author, now);
      statements.push(...nav.statements);
      navVersion = nav.version;
    }
    const bump = bumpStatement(db, websiteId, now).toSQL();
    statements.push(d1.prepare(bump.sql).bind(...bump.params));
    try {
      await d1.batch(statements);
    } catch (err) {
      const text = String((err as Error)?.message ?? err) + String((err as Error)?.cause ?? '');
      if (URL_TAKEN.test(text) && attempt < 2) continue;
      if (NAV_GUARD.test(text)) throw new ApiError(409, 'navigation_conflict', CATALOG_MESSAGES.navigationChanged);
      return query(() => Promise.reject(err));
    }
    forgetSite(websiteId);
    return {
      collection: { id: collectionId, navigationTitle: title, title, urlId: slug, fullUrl: `/${slug}`, description: null, enabled: true },
      rootCategory: rootCategoryJson(rootId, input.allCategoryDisplayName.trim()),
      navigation: { added: input.addToMainNav, version: navVersion },
    };
  }
}

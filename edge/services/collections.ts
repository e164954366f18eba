import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { collections, navigationItems, pages } from '../../schema/index.js';
import { query, type Db } from './db.js';

export type CollectionRecord = typeof collections.$inferSelect;

export interface NavigationLink {
  /** The navigation item's id (its label's translations are keyed by it). */
  id: string;
  menu: string;
  title: string;
  url: string;
  collectionId: string | null;
  /** A block page's id when the link goes to one (edge/services/pages). */
  pageId: string | null;
  newWindow: boolean;
  /** A link to a member area (SPEC §3 memberAreaId): shown only to the area's members (page-context.ts). */
  memberAreaId: string | null;
  /** The item's own links one level down (SPEC §3 Navigation item children), in the site's order. */
  children: NavigationLink[];
}

/** An enabled collection of the site by its urlId (the first path segment). */
export async function findCollection(db: Db, websiteId: string, urlId: string): Promise<CollectionRecord | undefined> {
  return query(async () => {
    const [row] = await db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, urlId), eq(collections.enabled, true)))
      .limit(1);
    return row;
  });
}

/** The collection flagged as the site's home page (zero or one row; a query, for batching). */
export function homepageQuery(db: Db, websiteId: string) {
  return db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.isHomepage, true), eq(collections.enabled, true)))
    .limit(1);
}

export async function collectionsById(db: Db, ids: readonly string[]): Promise<Map<string, CollectionRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await query(() => db.select().from(collections).where(inArray(collections.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * 1 when a block page is shown to visitors: published, not in the trash, neither Private nor
 * Deprecated (the rule of edge/services/pages/published-page.ts).
 */
const VISIBLE_PAGE = sql<number>`(${pages.publishedVersion} IS NOT NULL AND ${pages.trashedOn} IS NULL AND ${pages.status} NOT IN ('private', 'deprecated'))`;

/** A member area's link: its first protected page (by title), else its first collection, else the account page. */
const AREA_URL = sql<string | null>`(CASE WHEN ${navigationItems.memberAreaId} IS NULL THEN NULL ELSE COALESCE((SELECT '/' || p2.slug FROM member_area_pages m JOIN pages p2 ON p2.id = m.page_id WHERE m.area_id = ${navigationItems.memberAreaId} AND m.website_id = ${navigationItems.websiteId} ORDER BY p2.title LIMIT 1), (SELECT c2.full_url FROM member_area_collections mc JOIN collections c2 ON c2.id = mc.collection_id WHERE mc.area_id = ${navigationItems.memberAreaId} AND mc.website_id = ${navigationItems.websiteId} ORDER BY c2.title LIMIT 1), '/account') END)`;

/** The navigation query, for batching with other page queries (page-shell.ts). */
export function navigationQuery(db: Db, websiteId: string) {
  return db
    .select({ nav: navigationItems, fullUrl: collections.fullUrl, page: { slug: pages.slug, live: VISIBLE_PAGE }, areaUrl: AREA_URL })
    .from(navigationItems)
    .leftJoin(collections, eq(collections.id, navigationItems.collectionId))
    .leftJoin(pages, eq(pages.id, navigationItems.pageId))
    .where(eq(navigationItems.websiteId, websiteId))
    .orderBy(asc(navigationItems.menu), asc(navigationItems.position));
}

/**
 * Rows of `navigationQuery` as links; a link to a collection uses its URL, a link to a
 * block page its slug. Links to pages visitors cannot see (drafts, trash, private) are left out.
 */
export function toNavigationLinks(rows: Awaited<ReturnType<typeof navigationQuery>>): NavigationLink[] {
  const visible = rows.filter(({ nav, page }) => nav.pageId === null || (page !== null && Boolean(page.live)));
  const byId = new Map<string, NavigationLink>();
  for (const { nav, fullUrl, page, areaUrl } of visible) {
    byId.set(nav.id, {
      id: nav.id,
      menu: nav.menu,
      title: nav.title,
      url: fullUrl ?? (page?.slug ? `/${page.slug}` : null) ?? areaUrl ?? nav.externalLink ?? '#',
      collectionId: nav.collectionId,
      pageId: nav.pageId,
      newWindow: nav.newWindow,
      memberAreaId: nav.memberAreaId,
      children: [],
    });
  }
  const top: NavigationLink[] = [];
  // A child under a link visitors cannot see is left out with it.
  for (const { nav } of visible) {
    const link = byId.get(nav.id)!;
    if (nav.parentId === null) top.push(link);
    else byId.get(nav.parentId)?.children.push(link);
  }
  return top;
}

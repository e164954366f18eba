import { and, asc, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { accessPasswords, collections, items, memberAreaCollections, memberAreaPages, pages, products } from '../../schema/index.js';
import { query, type Db } from './db.js';
import { OUTSIDE_MEMBER_AREAS } from './items.js';
import { publishedBlockPages } from './pages/published-pages.js';

/** One `<url>` of a sitemap: a site-relative path and when it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified: number;
}

function publicItems(websiteId: string, now: number): SQL {
  return and(
    eq(items.websiteId, websiteId),
    eq(collections.enabled, true),
    eq(items.status, 'published'),
    or(isNull(items.publishOn), lte(items.publishOn, now)),
    // Products hidden from the store are not published pages.
    sql`not exists (select 1 from ${products} where ${products.itemId} = ${items.id} and ${products.visible} = 0)`,
    // Items of a collection in a member area are for members only (issue 30).
    OUTSIDE_MEMBER_AREAS,
  )!;
}

/**
 * Every published page of a site in sitemap order: the home page, the other enabled
 * collections, pages built from blocks that have a published revision (never a draft; a
 * page that is a collection's content is listed once, as the collection),
 * then public items. Pages are `limit` entries long (0-based `offset`);
 * `total` counts them all. One D1 round trip for the collections and the count, one
 * for the items of the page.
 */
export async function sitemapEntries(
  db: Db,
  websiteId: string,
  { offset, limit, now, siteUpdatedOn }: { offset: number; limit: number; now: number; siteUpdatedOn: number },
): Promise<{ entries: SitemapEntry[]; total: number }> {
  return query(async () => {
    const [cols, blockPages, [itemCount]] = await db.batch([
      db
        .select({ fullUrl: collections.fullUrl, updatedOn: collections.updatedOn, isHomepage: collections.isHomepage })
        .from(collections)
        .where(
          and(
            eq(collections.websiteId, websiteId),
            eq(collections.enabled, true),
            sql`not exists (select 1 from ${memberAreaCollections} where ${memberAreaCollections.collectionId} = ${collections.id})`,
          ),
        )
        .orderBy(asc(collections.displayIndex), asc(collections.id)),
      db
        .select({ slug: pages.slug, publishedOn: pages.publishedOn })
        .from(pages)
        .where(
          and(
            publishedBlockPages(websiteId),
            // Pages behind a password or in a member area are never listed (issue 30).
            sql`not exists (select 1 from ${accessPasswords} where ${accessPasswords.websiteId} = ${pages.websiteId} and ${accessPasswords.scope} = ${pages.id})`,
            sql`not exists (select 1 from ${memberAreaPages} where ${memberAreaPages.pageId} = ${pages.id})`,
          ),
        )
        .orderBy(asc(pages.slug)),
      db
        .select({ n: count() })
        .from(items)
        .innerJoin(collections, eq(collections.id, items.collectionId))
        .where(publicItems(websiteId, now)),
    ]);
    const home = cols.find((c) => c.isHomepage);
    const head: SitemapEntry[] = [
      { path: '/', lastModified: Math.max(home?.updatedOn ?? 0, siteUpdatedOn) },
      ...cols.filter((c) => !c.isHomepage).map((c) => ({ path: c.fullUrl, lastModified: c.updatedOn })),
      ...blockPages.map((p) => ({ path: `/${p.slug}`, lastModified: p.publishedOn ?? siteUpdatedOn })),
    ];
    const total = head.length + (itemCount?.n ?? 0);
    const entries = head.slice(offset, offset + limit);
    const itemOffset = Math.max(0, offset - head.length);
    const itemLimit = limit - entries.length;
    if (itemLimit > 0 && itemOffset < (itemCount?.n ?? 0)) {
      const rows = await db
        .select({ path: items.fullUrl, lastModified: items.updatedOn })
        .from(items)
        .innerJoin(collections, eq(collections.id, items.collectionId))
        .where(publicItems(websiteId, now))
        .orderBy(asc(collections.displayIndex), asc(items.id))
        .limit(itemLimit)
        .offset(itemOffset);
      entries.push(...rows);
    }
    return { entries, total };
  });
}

import { and, eq, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { collections, pages } from '../../../schema/index.js';

/**
 * The `pages` rows a site lists as its published block-built pages (the sitemap, the owner's
 * page links): `websiteId`'s pages with a published revision, never one that is only a draft,
 * trashed, private or deprecated; a page that is a plain collection's content (home, about,
 * contact) is left out, since the collection stands for it. Callers add their own rules
 * (the sitemap leaves out protected pages).
 *
 * @example db.select({ slug: pages.slug }).from(pages).where(publishedBlockPages(siteId)).orderBy(asc(pages.slug))
 */
export function publishedBlockPages(websiteId: string): SQL {
  return and(
    eq(pages.websiteId, websiteId),
    isNotNull(pages.publishedVersion),
    isNull(pages.trashedOn),
    notInArray(pages.status, ['private', 'deprecated']),
    sql`not exists (select 1 from ${collections} where ${collections.websiteId} = ${pages.websiteId} and ${collections.urlId} = ${pages.slug})`,
  )!;
}

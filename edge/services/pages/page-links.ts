import { and, asc, eq } from 'drizzle-orm';
import { collections, pages } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { publishedBlockPages } from './published-pages.js';

/** A page an owner may link to or choose (GET /api/owner/page-links): its site path, never its content. */
export interface PageLink {
  id: string;
  title: string;
  /** Site-relative: '/', '/shop', '/about-us'. */
  path: string;
  kind: 'collection' | 'page';
}

/**
 * The site's published pages, in the sitemap's order: the home page, the other enabled
 * collections, then pages built from blocks that have a published revision (never a draft
 * only, trashed, private or deprecated page; a page that is a collection's content is listed
 * once, as the collection). Only `websiteId`'s rows: one D1 batch.
 */
export async function pageLinks(db: Db, websiteId: string): Promise<PageLink[]> {
  const [cols, blockPages] = await query(() =>
    db.batch([
      db
        .select({ id: collections.id, title: collections.title, fullUrl: collections.fullUrl, isHomepage: collections.isHomepage })
        .from(collections)
        .where(and(eq(collections.websiteId, websiteId), eq(collections.enabled, true)))
        .orderBy(asc(collections.displayIndex), asc(collections.id)),
      db
        .select({ id: pages.id, title: pages.title, slug: pages.slug })
        .from(pages)
        .where(publishedBlockPages(websiteId))
        .orderBy(asc(pages.slug)),
    ]),
  );
  const home = cols.filter((c) => c.isHomepage);
  return [
    ...home.map((c): PageLink => ({ id: c.id, title: c.title, path: '/', kind: 'collection' })),
    ...cols.filter((c) => !c.isHomepage).map((c): PageLink => ({ id: c.id, title: c.title, path: c.fullUrl, kind: 'collection' })),
    ...blockPages.map((p): PageLink => ({ id: p.id, title: p.title, path: `/${p.slug}`, kind: 'page' })),
  ];
}

import type { PageLayout } from '../../../blocks/layout-schema.js';
import { query, type Db } from '../db.js';

/** What a visitor may see of a page: its live revision only, never a draft. */
export interface PublishedPage {
  id: string;
  title: string;
  slug: string;
  seoTitle: string | null;
  seoDescription: string | null;
  version: number;
  publishedOn: number;
  layout: PageLayout;
}

/** The published revision of the page at `slug`, or undefined (no page, or not published). */
export function findPublishedPage(db: Db, websiteId: string, slug: string): Promise<PublishedPage | undefined> {
  return query(async () => {
    const row = await db.$client
      .prepare(
        `SELECT p.id, p.title, p.slug, p.seo_title, p.seo_description, p.published_version, p.published_on, r.document
         FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.published_version
         WHERE p.website_id = ? AND p.slug = ? AND p.published_version IS NOT NULL`,
      )
      .bind(websiteId, slug)
      .first<{ id: string; title: string; slug: string; seo_title: string | null; seo_description: string | null; published_version: number; published_on: number; document: string }>();
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      version: row.published_version,
      publishedOn: row.published_on,
      layout: JSON.parse(row.document) as PageLayout,
    };
  });
}

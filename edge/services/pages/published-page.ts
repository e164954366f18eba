import type { PageLayout } from '../../../blocks/layout-schema.js';
import { query, type Db } from '../db.js';

/** One revision of a page as the site serves it: the published one to visitors, the draft in a contributor's preview. */
export interface ServedPage {
  id: string;
  title: string;
  slug: string;
  seoTitle: string | null;
  seoDescription: string | null;
  socialImage: string | null;
  version: number;
  publishedOn: number;
  layout: PageLayout;
  /** Set when `layout` is the page's own layout in the request's language (issue 29): its texts are already in it. */
  ownLanguage?: string;
}

/** Statuses whose live revision only signed-in contributors see (never cached, never indexed). */
const HIDDEN = "('private', 'deprecated')";

/**
 * The published revision of the page at `slug` as visitors see it, or undefined (no page,
 * not published, in the trash, or Private or Deprecated).
 */
export function findPublishedPage(db: Db, websiteId: string, slug: string): Promise<ServedPage | undefined> {
  return findPageRevision(db, websiteId, slug, 'published_version', `p.status NOT IN ${HIDDEN}`);
}

/**
 * The published revision of a Private or Deprecated page at `slug`, for a signed-in
 * contributor only (the caller checks the role; the answer is no-store and noindex).
 */
export function findHiddenPage(db: Db, websiteId: string, slug: string): Promise<ServedPage | undefined> {
  return findPageRevision(db, websiteId, slug, 'published_version', `p.status IN ${HIDDEN}`);
}

/**
 * The draft of the page at `slug`, for a signed-in contributor's preview only (the caller
 * checks the role): never for visitors, crawlers or caches. With `version`, that revision
 * of the page instead (the editor's history preview).
 */
export function findDraftPage(db: Db, websiteId: string, slug: string, version?: number): Promise<ServedPage | undefined> {
  return findPageRevision(db, websiteId, slug, 'draft_version', '1', version);
}

function findPageRevision(db: Db, websiteId: string, slug: string, pointer: 'published_version' | 'draft_version', status = '1', version?: number): Promise<ServedPage | undefined> {
  return query(async () => {
    const row = await db.$client
      .prepare(
        `SELECT p.id, p.title, p.slug, p.seo_title, p.seo_description, p.social_image, r.version AS published_version, COALESCE(p.published_on, p.updated_on) AS published_on, r.document
         FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = ${version === undefined ? `p.${pointer}` : '?'}
         WHERE p.website_id = ? AND p.slug = ? AND p.${pointer} IS NOT NULL AND p.trashed_on IS NULL AND ${status}`,
      )
      .bind(...(version === undefined ? [] : [version]), websiteId, slug)
      .first<{ id: string; title: string; slug: string; seo_title: string | null; seo_description: string | null; social_image: string | null; published_version: number; published_on: number; document: string }>();
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      socialImage: row.social_image,
      version: row.published_version,
      publishedOn: row.published_on,
      layout: JSON.parse(row.document) as PageLayout,
    };
  });
}

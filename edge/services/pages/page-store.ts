import { EMPTY_LAYOUT } from '../../../blocks/layout-schema.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { findCollection } from '../collections.js';
import { query, type Db } from '../db.js';
import {
  PAGE_COLUMNS, pageRecord, REVISION_COLUMNS, revisionRecord, revisionWithLayout,
  type Author, type PageRecord, type PageRow, type RevisionRecord, type RevisionRow, type RevisionWithLayout,
} from './page-records.js';

export interface NewPage {
  title: string;
  slug: string;
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
}

function slugTaken(slug: string): ApiError {
  return new ApiError(409, 'slug_taken', PAGE_MESSAGES.slugTaken(slug), { fields: { slug: PAGE_MESSAGES.slugTaken(slug) } });
}

/**
 * Creates a page and its first revision (version 1, an empty layout) in one batch.
 * The slug is unique per site (a unique index) and may not shadow a collection's URL.
 */
export async function createPage(db: Db, websiteId: string, input: NewPage, author: Author, now = Date.now()): Promise<PageRecord> {
  if (await findCollection(db, websiteId, input.slug)) throw slugTaken(input.slug);
  const id = crypto.randomUUID().replaceAll('-', '');
  const d1 = db.$client;
  try {
    await d1.batch([
      d1
        .prepare(`INSERT INTO pages (id, website_id, title, slug, seo_title, seo_description, status, draft_version, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, 'draft', 1, ?, ?)`)
        .bind(id, websiteId, input.title, input.slug, input.seoTitle ?? null, input.seoDescription ?? null, now, now),
      d1
        .prepare('INSERT INTO page_revisions (page_id, version, document, author_id, author_name, saved_on) VALUES (?, 1, ?, ?, ?, ?)')
        .bind(id, JSON.stringify(EMPTY_LAYOUT), author.id, author.name, now),
    ]);
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: pages\.website_id, pages\.slug/.test(String(err.message) + String(err.cause ?? ''))) throw slugTaken(input.slug);
    return query(() => Promise.reject(err));
  }
  return (await findPage(db, websiteId, id))!;
}

export function findPage(db: Db, websiteId: string, id: string): Promise<PageRecord | undefined> {
  return query(async () => {
    const row = await db.$client.prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = ? AND website_id = ?`).bind(id, websiteId).first<PageRow>();
    return row ? pageRecord(row) : undefined;
  });
}

/** The page or a 404 (another site's page is as absent as a missing one). */
export async function requirePage(db: Db, websiteId: string, id: string): Promise<PageRecord> {
  const page = await findPage(db, websiteId, id);
  if (!page) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
  return page;
}

/** A site's pages, most recently changed first. */
export function listPages(db: Db, websiteId: string): Promise<PageRecord[]> {
  return query(async () => {
    const { results } = await db.$client
      .prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE website_id = ? ORDER BY updated_on DESC, id LIMIT 1000`)
      .bind(websiteId)
      .all<PageRow>();
    return results.map(pageRecord);
  });
}

/** Every revision of a page, newest first (documents left out). */
export function listRevisions(db: Db, pageId: string): Promise<RevisionRecord[]> {
  return query(async () => {
    const { results } = await db.$client
      .prepare(`SELECT ${REVISION_COLUMNS} FROM page_revisions WHERE page_id = ? ORDER BY version DESC`)
      .bind(pageId)
      .all<RevisionRow>();
    return results.map(revisionRecord);
  });
}

/** One revision with its layout. */
export function findRevision(db: Db, pageId: string, version: number): Promise<RevisionWithLayout | undefined> {
  return query(async () => {
    const row = await db.$client
      .prepare(`SELECT ${REVISION_COLUMNS}, document FROM page_revisions WHERE page_id = ? AND version = ?`)
      .bind(pageId, version)
      .first<RevisionRow & { document: string }>();
    return row ? revisionWithLayout(row) : undefined;
  });
}

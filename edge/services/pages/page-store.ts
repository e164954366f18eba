import { EMPTY_LAYOUT } from '../../../blocks/layout-schema.js';
import type { ContentStatus } from '../../../domain/pages/page-rules.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { findCollection } from '../collections.js';
import { bumpStatement } from '../content-version.js';
import { syncPageSearch } from '../page-search.js';
import { forgetSite } from '../site-versions.js';
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
  socialImage?: string | undefined;
}

export function slugTaken(slug: string): ApiError {
  return new ApiError(409, 'slug_taken', PAGE_MESSAGES.slugTaken(slug), { fields: { slug: PAGE_MESSAGES.slugTaken(slug) } });
}

/** True when D1 refused a write for the unique slug index (two pages of a site on one path). */
export function isSlugClash(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed: pages\.website_id, pages\.slug/.test(`${err.message} ${String(err.cause ?? '')}`);
}

/**
 * True when `slug` is taken for `pageId` (undefined: a new page): another page of the site
 * has it (one in the trash too: its slug is kept until it is purged), or a collection's URL.
 */
export async function slugInUse(db: Db, websiteId: string, slug: string, pageId: string | undefined): Promise<boolean> {
  const row = await query(() =>
    db.$client.prepare('SELECT id FROM pages WHERE website_id = ? AND slug = ? LIMIT 1').bind(websiteId, slug).first<{ id: string }>(),
  );
  if (row) return row.id !== pageId;
  return (await findCollection(db, websiteId, slug)) !== undefined;
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
        .prepare(`INSERT INTO pages (id, website_id, title, slug, seo_title, seo_description, social_image, status, draft_version, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', 1, ?, ?)`)
        .bind(id, websiteId, input.title, input.slug, input.seoTitle ?? null, input.seoDescription ?? null, input.socialImage || null, now, now),
      d1
        .prepare('INSERT INTO page_revisions (page_id, version, document, author_id, author_name, saved_on) VALUES (?, 1, ?, ?, ?, ?)')
        .bind(id, JSON.stringify(EMPTY_LAYOUT), author.id, author.name, now),
    ]);
  } catch (err) {
    if (isSlugClash(err)) throw slugTaken(input.slug);
    return query(() => Promise.reject(err));
  }
  return (await findPage(db, websiteId, id))!;
}

export function findPage(db: Db, websiteId: string, id: string, trashed = false): Promise<PageRecord | undefined> {
  return query(async () => {
    const row = await db.$client
      .prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE id = ? AND website_id = ? AND trashed_on IS ${trashed ? 'NOT ' : ''}NULL`)
      .bind(id, websiteId)
      .first<PageRow>();
    return row ? pageRecord(row) : undefined;
  });
}

/** The page or a 404 (another site's page, or one in the trash, is as absent as a missing one). */
export async function requirePage(db: Db, websiteId: string, id: string): Promise<PageRecord> {
  const page = await findPage(db, websiteId, id);
  if (!page) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
  return page;
}

export interface PageListQuery {
  status?: ContentStatus | undefined;
  /** Words of the title or slug. */
  q?: string | undefined;
  /** The cursor a previous answer gave as `next`. */
  after?: string | undefined;
  limit: number;
  /** The trash instead of the live list. */
  trashed?: boolean;
}

/** A list position: the last page's `updated_on` and id, as an opaque string. */
function encodeCursor(page: PageRecord): string {
  return btoa(`${page.updatedOn}:${page.id}`).replace(/=+$/, '');
}

/** The position a cursor names, or undefined when it names none (the caller answers 400). */
export function decodeCursor(cursor: string): { updatedOn: number; id: string } | undefined {
  try {
    const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(atob(cursor));
    return match ? { updatedOn: Number(match[1]), id: match[2]! } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A site's pages, most recently changed first, one page of `limit` at a time: `next` is the
 * cursor of the following page (null at the end). Keyset paging: stable while pages change.
 */
export function listPages(db: Db, websiteId: string, list: PageListQuery): Promise<{ pages: PageRecord[]; next: string | null }> {
  const where = ['website_id = ?', `trashed_on IS ${list.trashed ? 'NOT ' : ''}NULL`];
  const params: unknown[] = [websiteId];
  if (list.status) {
    where.push('status = ?');
    params.push(list.status);
  }
  const words = list.q?.trim().toLowerCase();
  if (words) {
    const like = `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push("(LOWER(title) LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\')");
    params.push(like, like);
  }
  const cursor = list.after === undefined ? undefined : decodeCursor(list.after);
  if (cursor) {
    where.push('(updated_on < ? OR (updated_on = ? AND id > ?))');
    params.push(cursor.updatedOn, cursor.updatedOn, cursor.id);
  }
  return query(async () => {
    const { results } = await db.$client
      .prepare(`SELECT ${PAGE_COLUMNS} FROM pages WHERE ${where.join(' AND ')} ORDER BY updated_on DESC, id LIMIT ?`)
      .bind(...params, list.limit + 1)
      .all<PageRow>();
    const pages = results.slice(0, list.limit).map(pageRecord);
    return { pages, next: results.length > list.limit ? encodeCursor(pages[pages.length - 1]!) : null };
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

export interface PageSettings {
  title?: string | undefined;
  slug?: string | undefined;
  seoTitle?: string | null | undefined;
  seoDescription?: string | null | undefined;
  socialImage?: string | null | undefined;
}

/**
 * Changes a page's title, slug or SEO texts. A published page shows them at once, so the
 * content version is bumped in the same batch (a changed slug frees the old path).
 */
export async function updatePageSettings(db: Db, websiteId: string, page: PageRecord, changes: PageSettings, now = Date.now()): Promise<void> {
  if (changes.slug !== undefined && changes.slug !== page.slug && (await findCollection(db, websiteId, changes.slug))) throw slugTaken(changes.slug);
  const columns: [string, unknown][] = [];
  if (changes.title !== undefined) columns.push(['title', changes.title]);
  if (changes.slug !== undefined) columns.push(['slug', changes.slug]);
  if (changes.seoTitle !== undefined) columns.push(['seo_title', changes.seoTitle]);
  if (changes.seoDescription !== undefined) columns.push(['seo_description', changes.seoDescription]);
  if (changes.socialImage !== undefined) columns.push(['social_image', changes.socialImage || null]);
  if (columns.length === 0) return;
  const d1 = db.$client;
  const update = d1
    .prepare(`UPDATE pages SET ${columns.map(([name]) => `${name} = ?`).join(', ')}, updated_on = ? WHERE id = ? AND website_id = ?`)
    .bind(...columns.map(([, value]) => value), now, page.id, websiteId);
  const bump = bumpStatement(db, websiteId, now).toSQL();
  try {
    await d1.batch(page.publishedVersion === null ? [update] : [update, d1.prepare(bump.sql).bind(...bump.params)]);
  } catch (err) {
    if (changes.slug !== undefined && isSlugClash(err)) throw slugTaken(changes.slug);
    return query(() => Promise.reject(err));
  }
  if (page.publishedVersion !== null) {
    forgetSite(websiteId);
    // The search row holds the title.
    if (changes.title !== undefined) await syncPageSearch(db, websiteId, page.id);
  }
}

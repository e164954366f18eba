import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { LOCK_FRESH_MS, MAX_SLUG_LENGTH, TRASH_DAYS, type ContentStatus } from '../../../domain/pages/page-rules.js';
import { ApiError } from '../../errors.js';
import { findCollection } from '../collections.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { syncPageSearch } from '../page-search.js';
import { forgetSite } from '../site-versions.js';
import type { Author, PageRecord } from './page-records.js';
import { findPage, isSlugClash, slugTaken } from './page-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function bump(db: Db, websiteId: string, now: number) {
  const sql = bumpStatement(db, websiteId, now).toSQL();
  return db.$client.prepare(sql.sql).bind(...sql.params);
}

/**
 * Sets a workflow status (draft, needs-review, deprecated, private). A page with a live
 * revision keeps it, but private and deprecated pages are not shown to visitors, so the
 * content version moves in the same batch whenever the page has one. A schedule is
 * cancelled: the status says what happens next.
 */
export async function setPageStatus(db: Db, websiteId: string, page: PageRecord, status: ContentStatus, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const update = d1
    .prepare('UPDATE pages SET status = ?, publish_at = NULL, scheduled_version = NULL, updated_on = ? WHERE id = ? AND website_id = ? AND trashed_on IS NULL')
    .bind(status, now, page.id, websiteId);
  await query(() => d1.batch(page.publishedVersion === null ? [update] : [update, bump(db, websiteId, now)]));
  if (page.publishedVersion !== null) {
    forgetSite(websiteId);
    await syncPageSearch(db, websiteId, page.id);
  }
}

/**
 * Schedules `version` to go live at `publishAt` (the Cron Trigger publishes it, at most a
 * minute late). A live page stays live with its current revision until then. 404 when the
 * version is not a revision of the page.
 */
export async function schedulePublish(db: Db, websiteId: string, pageId: string, version: number, publishAt: number, now = Date.now()): Promise<void> {
  const { meta } = await query(() =>
    db.$client
      .prepare(
        `UPDATE pages SET status = 'scheduled', publish_at = ?, scheduled_version = ?, updated_on = ?
         WHERE id = ? AND website_id = ? AND trashed_on IS NULL AND EXISTS (SELECT 1 FROM page_revisions WHERE page_id = ? AND version = ?)`,
      )
      .bind(publishAt, version, now, pageId, websiteId, pageId, version)
      .run(),
  );
  if (meta.changes !== 1) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
}

/** Cancels a schedule: the page is `published` again when it has a live revision, else a draft. */
export async function cancelSchedule(db: Db, websiteId: string, pageId: string, now = Date.now()): Promise<void> {
  await query(() =>
    db.$client
      .prepare(
        `UPDATE pages SET status = CASE WHEN published_version IS NULL THEN 'draft' ELSE 'published' END, publish_at = NULL, scheduled_version = NULL, updated_on = ?
         WHERE id = ? AND website_id = ? AND status = 'scheduled'`,
      )
      .bind(now, pageId, websiteId)
      .run(),
  );
}

/**
 * The Cron Trigger's job: every page whose publish time has come goes live with its
 * scheduled revision, and each of their sites' content version moves, in one batch (the
 * sites are chosen by the same condition before the pages change). Returns how many went live.
 */
export async function publishDuePages(db: Db, now: number): Promise<number> {
  const d1 = db.$client;
  const due = 'publish_at IS NOT NULL AND publish_at <= ? AND scheduled_version IS NOT NULL AND trashed_on IS NULL';
  // Only to forget this isolate's remembered versions afterwards; the batch picks the pages itself.
  const { results: duePages } = await query(() => d1.prepare(`SELECT id, website_id FROM pages WHERE ${due}`).bind(now).all<{ id: string; website_id: string }>());
  if (duePages.length === 0) return 0;
  const results = await query(() =>
    d1.batch([
      d1
        .prepare(`UPDATE page_revisions SET published_on = ? WHERE published_on IS NULL AND (page_id, version) IN (SELECT id, scheduled_version FROM pages WHERE ${due})`)
        .bind(now, now),
      d1.prepare(`UPDATE websites SET content_version = content_version + 1, updated_on = ? WHERE id IN (SELECT website_id FROM pages WHERE ${due})`).bind(now, now),
      d1
        .prepare(
          `UPDATE pages SET published_version = scheduled_version, published_on = ?, status = 'published', publish_at = NULL, scheduled_version = NULL, updated_on = ?
           WHERE ${due}`,
        )
        .bind(now, now, now),
    ]),
  );
  for (const websiteId of new Set(duePages.map((page) => page.website_id))) forgetSite(websiteId);
  for (const page of duePages) await syncPageSearch(db, page.website_id, page.id);
  return results[2]?.meta.changes ?? 0;
}

/**
 * Moves a page to the trash: it stops answering at its URL at once (the content version
 * moves when it was live), any schedule is cancelled and it is unpublished, so a restore
 * gives back a draft. Its slug stays taken while it is in the trash, so a restore never clashes.
 */
export async function trashPage(db: Db, websiteId: string, page: PageRecord, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const update = d1
    .prepare(
      `UPDATE pages SET trashed_on = ?, status = 'draft', published_version = NULL, published_on = NULL, publish_at = NULL, scheduled_version = NULL, updated_on = ?
       WHERE id = ? AND website_id = ? AND trashed_on IS NULL`,
    )
    .bind(now, now, page.id, websiteId);
  // Its language layouts' schedules go too (issue 29): a restored page comes back with nothing pending.
  const unschedule = d1.prepare('UPDATE page_language_layouts SET publish_at = NULL, scheduled_version = NULL WHERE page_id = ? AND publish_at IS NOT NULL').bind(page.id);
  // Only a live page (its URL, its navigation links) changes what visitors see.
  await query(() => d1.batch(page.publishedVersion === null ? [update, unschedule] : [update, unschedule, bump(db, websiteId, now)]));
  if (page.publishedVersion !== null) {
    forgetSite(websiteId);
    await syncPageSearch(db, websiteId, page.id);
  }
}

/** Takes a page out of the trash, as a draft. 404 when it is not in the trash. */
export async function restoreFromTrash(db: Db, websiteId: string, pageId: string, now = Date.now()): Promise<void> {
  const { meta } = await query(() =>
    db.$client.prepare('UPDATE pages SET trashed_on = NULL, updated_on = ? WHERE id = ? AND website_id = ? AND trashed_on IS NOT NULL').bind(now, pageId, websiteId).run(),
  );
  if (meta.changes !== 1) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
}

/**
 * Deletes trashed pages for good with their revisions, language layouts and navigation links: one page
 * (`pageId`, a publisher's hard delete) or every page trashed before `trashedBefore`
 * (the daily purge). Returns how many pages went.
 */
async function deleteTrashed(db: Db, where: string, params: unknown[]): Promise<number> {
  const d1 = db.$client;
  const chosen = `SELECT id FROM pages WHERE trashed_on IS NOT NULL AND ${where}`;
  const results = await query(() =>
    d1.batch([
      d1.prepare(`DELETE FROM navigation_items WHERE page_id IN (${chosen})`).bind(...params),
      d1.prepare(`DELETE FROM page_revisions WHERE page_id IN (${chosen})`).bind(...params),
      d1.prepare(`DELETE FROM page_language_layouts WHERE page_id IN (${chosen})`).bind(...params),
      d1.prepare(`DELETE FROM page_language_revisions WHERE page_id IN (${chosen})`).bind(...params),
      d1.prepare(`DELETE FROM pages WHERE trashed_on IS NOT NULL AND ${where}`).bind(...params),
    ]),
  );
  return results[4]?.meta.changes ?? 0;
}

export async function deleteFromTrash(db: Db, websiteId: string, pageId: string): Promise<void> {
  if ((await deleteTrashed(db, 'id = ? AND website_id = ?', [pageId, websiteId])) !== 1) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
}

/** The daily purge: pages in the trash for more than TRASH_DAYS. */
export function purgeTrash(db: Db, now: number): Promise<number> {
  return deleteTrashed(db, 'trashed_on < ?', [now - TRASH_DAYS * DAY_MS]);
}

/** `slug-copy`, then `slug-copy-2`, ... : the first one no page or collection of the site uses. */
async function copySlug(db: Db, websiteId: string, slug: string): Promise<string> {
  const base = `${slug.slice(0, MAX_SLUG_LENGTH - 8).replace(/-+$/, '')}-copy`;
  const { results } = await query(() =>
    db.$client.prepare("SELECT slug FROM pages WHERE website_id = ? AND (slug = ? OR slug LIKE ? ESCAPE '\\')").bind(websiteId, base, `${base.replace(/[\\%_]/g, (ch) => `\\${ch}`)}-%`).all<{ slug: string }>(),
  );
  const taken = new Set(results.map((r) => r.slug));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate) && !(await findCollection(db, websiteId, candidate))) return candidate;
  }
}

/** Tries at a copy's slug when concurrent duplicates keep taking the one just chosen. */
const COPY_ATTEMPTS = 10;

/**
 * A new page holding a copy of `page`'s draft: slug `<slug>-copy` (made unique), title
 * `<title> (copy)`, version 1, Draft, with a draft copy (version 1, unpublished) of each of its
 * own language layouts. The copy, its first revision and those layouts are one batch. When a
 * concurrent duplicate took the chosen slug first (the unique index refuses the batch), the
 * next free slug is tried; 409 only after COPY_ATTEMPTS such clashes.
 */
export async function duplicatePage(db: Db, websiteId: string, page: PageRecord, author: Author, now = Date.now()): Promise<string> {
  const d1 = db.$client;
  let slug = page.slug;
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    slug = await copySlug(db, websiteId, page.slug);
    const id = crypto.randomUUID().replaceAll('-', '');
    try {
      const [inserted] = await d1.batch([
        d1
          .prepare(
            `INSERT INTO pages (id, website_id, title, slug, seo_title, seo_description, social_image, status, draft_version, created_on, updated_on)
             SELECT ?, website_id, substr(title || ' (copy)', 1, 200), ?, seo_title, seo_description, social_image, 'draft', 1, ?, ? FROM pages WHERE id = ? AND website_id = ?`,
          )
          .bind(id, slug, now, now, page.id, websiteId),
        d1
          .prepare(
            `INSERT INTO page_revisions (page_id, version, document, author_id, author_name, saved_on)
             SELECT ?, 1, r.document, ?, ?, ? FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.draft_version WHERE p.id = ? AND p.website_id = ?`,
          )
          .bind(id, author.id, author.name, now, page.id, websiteId),
        // Its own layouts in added languages (issue 29) come along as draft copies, unpublished.
        d1
          .prepare(
            `INSERT INTO page_language_layouts (page_id, language, draft_version, draft_document, author_name, saved_on)
             SELECT ?, l.language, 1, l.draft_document, ?, ? FROM page_language_layouts l JOIN pages p ON p.id = l.page_id WHERE p.id = ? AND p.website_id = ?`,
          )
          .bind(id, author.name, now, page.id, websiteId),
        // Each copy's history starts with that version 1.
        d1
          .prepare(
            `INSERT INTO page_language_revisions (page_id, language, version, document, author_name, saved_on)
             SELECT page_id, language, 1, draft_document, author_name, saved_on FROM page_language_layouts WHERE page_id = ?`,
          )
          .bind(id),
      ]);
      if (inserted?.meta.changes !== 1) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
      return id;
    } catch (err) {
      if (isSlugClash(err)) continue;
      if (err instanceof ApiError) throw err;
      return query(() => Promise.reject(err));
    }
  }
  throw slugTaken(slug);
}

/** The page-locked notice: who else is editing the page, and since when. */
export interface PageLock {
  by: string;
  since: number;
}

/**
 * An editor's heartbeat: takes the page's lock when it is free, stale (no heartbeat for
 * LOCK_FRESH_MS) or already theirs, keeping `since` while theirs stays fresh. It is advice
 * only (saves are protected by their version). Answers the other contributor holding a
 * fresh lock, or null when the caller holds it now.
 */
export async function heartbeat(db: Db, websiteId: string, pageId: string, author: Author, now = Date.now()): Promise<PageLock | null> {
  const d1 = db.$client;
  const fresh = now - LOCK_FRESH_MS;
  await query(() =>
    d1
      .prepare(
        `UPDATE pages SET locked_since = CASE WHEN locked_by_id = ? AND lock_seen >= ? THEN locked_since ELSE ? END, locked_by_id = ?, locked_by = ?, lock_seen = ?
         WHERE id = ? AND website_id = ? AND trashed_on IS NULL AND (locked_by_id IS NULL OR locked_by_id = ? OR lock_seen < ?)`,
      )
      .bind(author.id, fresh, now, author.id, author.name, now, pageId, websiteId, author.id, fresh)
      .run(),
  );
  return pageLock(db, websiteId, pageId, author.id, now);
}

/** Lets go of the caller's lock (the editor closed the page). */
export async function releaseLock(db: Db, websiteId: string, pageId: string, authorId: string): Promise<void> {
  await query(() =>
    db.$client
      .prepare('UPDATE pages SET locked_by_id = NULL, locked_by = NULL, locked_since = NULL, lock_seen = NULL WHERE id = ? AND website_id = ? AND locked_by_id = ?')
      .bind(pageId, websiteId, authorId)
      .run(),
  );
}

/** Another contributor's fresh lock on the page, or null. */
export async function pageLock(db: Db, websiteId: string, pageId: string, viewerId: string, now = Date.now()): Promise<PageLock | null> {
  const row = await query(() =>
    db.$client
      .prepare('SELECT locked_by, locked_since FROM pages WHERE id = ? AND website_id = ? AND locked_by_id IS NOT NULL AND locked_by_id <> ? AND lock_seen >= ?')
      .bind(pageId, websiteId, viewerId, now - LOCK_FRESH_MS)
      .first<{ locked_by: string; locked_since: number }>(),
  );
  return row ? { by: row.locked_by, since: row.locked_since } : null;
}

/** A page in the trash, or a 404. */
export async function requireTrashedPage(db: Db, websiteId: string, id: string): Promise<PageRecord> {
  const page = await findPage(db, websiteId, id, true);
  if (!page) throw new ApiError(404, 'page_not_found', PAGE_MESSAGES.pageNotFound);
  return page;
}

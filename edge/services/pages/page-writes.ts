import type { PageLayout } from '../../../blocks/layout-schema.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { KEPT_DRAFT_REVISIONS } from '../../../domain/pages/page-rules.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { findRevision } from './page-store.js';
import type { Author } from './page-records.js';
import { syncPageSearch } from '../page-search.js';

/** The 412 of a stale save: what the caller edited is no longer the draft. */
async function versionConflict(db: Db, pageId: string): Promise<ApiError> {
  const newest = await query(() =>
    db.$client
      .prepare('SELECT r.version, r.author_name, r.saved_on FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.draft_version WHERE p.id = ?')
      .bind(pageId)
      .first<{ version: number; author_name: string; saved_on: number }>(),
  );
  const current = newest ? { version: newest.version, author: newest.author_name, savedAt: newest.saved_on } : null;
  return new ApiError(412, 'version_conflict', PAGE_MESSAGES.versionConflict, { extra: { current } });
}

/**
 * Retention: every revision that was ever published is kept, and the newest
 * KEPT_DRAFT_REVISIONS unpublished ones; older unpublished drafts go. The draft itself, the live
 * revision (whatever wrote it) and a scheduled revision always stay. Runs in the batch of each save and restore.
 */
function pruneStatement(d1: Db['$client'], pageId: string) {
  return d1
    .prepare(
      `DELETE FROM page_revisions WHERE page_id = ? AND published_on IS NULL
       AND version NOT IN (SELECT version FROM page_revisions WHERE page_id = ? AND published_on IS NULL ORDER BY version DESC LIMIT ${KEPT_DRAFT_REVISIONS})
       AND version NOT IN (SELECT draft_version FROM pages WHERE id = ? UNION ALL SELECT published_version FROM pages WHERE id = ? AND published_version IS NOT NULL UNION ALL SELECT scheduled_version FROM pages WHERE id = ? AND scheduled_version IS NOT NULL)`,
    )
    .bind(pageId, pageId, pageId, pageId, pageId);
}

/**
 * Saves a layout as the page's new draft, version `basedOn + 1`, only while `basedOn` is
 * still the draft. The check and the write are one D1 batch (one transaction): the INSERT
 * selects from `pages` under the version condition and the pointer moves under the same
 * condition, so of many saves based on one version exactly one is stored; the others
 * answer 412 and store nothing. Returns the new version.
 */
export async function saveDraft(db: Db, websiteId: string, pageId: string, basedOn: number, layout: PageLayout, author: Author, now = Date.now()): Promise<number> {
  const d1 = db.$client;
  const [inserted] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO page_revisions (page_id, version, document, author_id, author_name, saved_on)
           SELECT id, draft_version + 1, ?, ?, ?, ? FROM pages WHERE id = ? AND website_id = ? AND draft_version = ?`,
        )
        .bind(JSON.stringify(layout), author.id, author.name, now, pageId, websiteId, basedOn),
      d1
        .prepare('UPDATE pages SET draft_version = draft_version + 1, updated_on = ? WHERE id = ? AND website_id = ? AND draft_version = ?')
        .bind(now, pageId, websiteId, basedOn),
      pruneStatement(d1, pageId),
    ]),
  );
  if (inserted?.meta.changes !== 1) throw await versionConflict(db, pageId);
  return basedOn + 1;
}

/**
 * Restores an old revision: its layout becomes a new draft revision (nothing is
 * overwritten). With `basedOn`, only while that is still the draft (412 otherwise).
 */
export async function restoreRevision(db: Db, websiteId: string, pageId: string, version: number, author: Author, basedOn?: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const guard = basedOn === undefined ? '' : ' AND p.draft_version = ?';
  const guardParams = basedOn === undefined ? [] : [basedOn];
  const [inserted] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO page_revisions (page_id, version, document, author_id, author_name, saved_on, restored_from)
           SELECT p.id, p.draft_version + 1, r.document, ?, ?, ?, r.version FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = ?
           WHERE p.id = ? AND p.website_id = ?${guard}`,
        )
        .bind(author.id, author.name, now, version, pageId, websiteId, ...guardParams),
      d1
        .prepare(
          `UPDATE pages SET draft_version = draft_version + 1, updated_on = ? WHERE id = ? AND website_id = ?
           AND draft_version + 1 = (SELECT MAX(version) FROM page_revisions WHERE page_id = ?)`,
        )
        .bind(now, pageId, websiteId, pageId),
      pruneStatement(d1, pageId),
    ]),
  );
  if (inserted?.meta.changes !== 1) {
    if (!(await findRevision(db, pageId, version))) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
    throw await versionConflict(db, pageId);
  }
}

/**
 * Makes `version` the live revision and bumps the site's content version (the page-cache
 * key) in the same batch, so the next visitor request renders the new page.
 */
export async function publishRevision(db: Db, websiteId: string, pageId: string, version: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  const [moved] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `UPDATE pages SET published_version = ?, published_on = ?, status = 'published', publish_at = NULL, scheduled_version = NULL, updated_on = ?
           WHERE id = ? AND website_id = ? AND trashed_on IS NULL AND EXISTS (SELECT 1 FROM page_revisions WHERE page_id = ? AND version = ?)`,
        )
        .bind(version, now, now, pageId, websiteId, pageId, version),
      markPublished(d1, websiteId, pageId, version, now),
      d1.prepare(bump.sql).bind(...bump.params),
    ]),
  );
  forgetSite(websiteId);
  if (moved?.meta.changes !== 1) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  await syncPageSearch(db, websiteId, pageId);
}

/**
 * Marks a revision as having gone live (kept for ever by the retention rule), once the
 * page's own UPDATE earlier in the batch made it the published one.
 */
function markPublished(d1: Db['$client'], websiteId: string, pageId: string, version: number, now: number) {
  return d1
    .prepare(
      `UPDATE page_revisions SET published_on = ? WHERE page_id = ? AND version = ? AND published_on IS NULL
       AND EXISTS (SELECT 1 FROM pages WHERE id = ? AND website_id = ? AND published_version = ?)`,
    )
    .bind(now, pageId, version, pageId, websiteId, version);
}

/** Takes the page off the site (its revisions stay) and bumps the content version. */
export async function unpublishPage(db: Db, websiteId: string, pageId: string, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const bump = bumpStatement(db, websiteId, now).toSQL();
  await query(() =>
    d1.batch([
      d1
        .prepare(`UPDATE pages SET published_version = NULL, published_on = NULL, status = 'draft', publish_at = NULL, scheduled_version = NULL, updated_on = ? WHERE id = ? AND website_id = ?`)
        .bind(now, pageId, websiteId),
      d1.prepare(bump.sql).bind(...bump.params),
    ]),
  );
  forgetSite(websiteId);
  await syncPageSearch(db, websiteId, pageId);
}

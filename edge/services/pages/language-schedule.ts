import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';
import { syncPageSearch } from '../page-search.js';
import { forgetSite } from '../site-versions.js';
import { findLanguageLayout } from './language-layouts.js';
import { recordDraftStatement } from './language-revisions.js';

/** Only copies of the site's own, untrashed pages. */
const OWN_PAGE = 'page_id IN (SELECT id FROM pages WHERE id = ? AND website_id = ? AND trashed_on IS NULL)';

/**
 * Schedules revision `version` of the language's copy to go live under its prefix at
 * `publishAt` (the Cron Trigger publishes it, at most a minute late); what is live stays
 * until then. 404 when the language shares the page's layout or the copy has no such revision.
 */
export async function scheduleLanguageLayout(db: Db, websiteId: string, pageId: string, language: string, version: number, publishAt: number): Promise<void> {
  const d1 = db.$client;
  const [, scheduled] = await query(() =>
    d1.batch([
      // A copy made before revisions existed gets its draft's revision first.
      recordDraftStatement(d1, pageId, language),
      d1
        .prepare(
          `UPDATE page_language_layouts SET publish_at = ?, scheduled_version = ? WHERE page_id = ? AND language = ? AND ${OWN_PAGE}
           AND EXISTS (SELECT 1 FROM page_language_revisions WHERE page_id = ? AND language = ? AND version = ?)`,
        )
        .bind(publishAt, version, pageId, language, pageId, websiteId, pageId, language, version),
    ]),
  );
  if (scheduled?.meta.changes === 1) return;
  if (!(await findLanguageLayout(db, pageId, language))) throw new ApiError(404, 'layout_shared', PAGE_MESSAGES.languageLayoutShared);
  throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
}

/** Cancels the copy's schedule (nothing to cancel is no error). 404 when the language shares the page's layout. */
export async function cancelLanguageSchedule(db: Db, websiteId: string, pageId: string, language: string): Promise<void> {
  const { meta } = await query(() =>
    db.$client
      .prepare(`UPDATE page_language_layouts SET publish_at = NULL, scheduled_version = NULL WHERE page_id = ? AND language = ? AND ${OWN_PAGE}`)
      .bind(pageId, language, pageId, websiteId)
      .run(),
  );
  if (meta.changes !== 1) throw new ApiError(404, 'layout_shared', PAGE_MESSAGES.languageLayoutShared);
}

// A copy whose time has come, of a page not in the trash, whose scheduled revision is there.
const DUE = `publish_at IS NOT NULL AND publish_at <= ?1 AND scheduled_version IS NOT NULL
  AND page_id IN (SELECT id FROM pages WHERE trashed_on IS NULL)
  AND EXISTS (SELECT 1 FROM page_language_revisions r WHERE r.page_id = page_language_layouts.page_id AND r.language = page_language_layouts.language AND r.version = page_language_layouts.scheduled_version)`;

/**
 * The Cron Trigger's job for language layouts, in the run that publishes due pages: every
 * copy whose publish time has come goes live with its scheduled revision, and each of their
 * sites' content version moves, in one batch. Every statement picks the copies by the same
 * condition, which the last one clears: of two runs at once, one publishes and the other
 * finds nothing due. Returns how many went live.
 */
export async function publishDueLanguageLayouts(db: Db, now: number): Promise<number> {
  const d1 = db.$client;
  // Only to forget remembered versions and refresh search afterwards; the batch picks the copies itself.
  const { results: due } = await query(() =>
    d1
      .prepare(`SELECT page_id, (SELECT p.website_id FROM pages p WHERE p.id = page_language_layouts.page_id) AS website_id FROM page_language_layouts WHERE ${DUE}`)
      .bind(now)
      .all<{ page_id: string; website_id: string }>(),
  );
  if (due.length === 0) return 0;
  const results = await query(() =>
    d1.batch([
      d1
        .prepare(
          `UPDATE page_language_revisions SET published_on = ?1 WHERE published_on IS NULL
           AND (page_id, language, version) IN (SELECT page_id, language, scheduled_version FROM page_language_layouts WHERE ${DUE})`,
        )
        .bind(now),
      d1
        .prepare(
          `UPDATE websites SET content_version = content_version + 1, updated_on = ?1
           WHERE id IN (SELECT website_id FROM pages WHERE id IN (SELECT page_id FROM page_language_layouts WHERE ${DUE}))`,
        )
        .bind(now),
      d1
        .prepare(
          `UPDATE page_language_layouts SET published_version = scheduled_version, publish_at = NULL, scheduled_version = NULL,
           published_document = (SELECT r.document FROM page_language_revisions r
             WHERE r.page_id = page_language_layouts.page_id AND r.language = page_language_layouts.language AND r.version = page_language_layouts.scheduled_version)
           WHERE ${DUE}`,
        )
        .bind(now),
    ]),
  );
  for (const websiteId of new Set(due.map((row) => row.website_id))) forgetSite(websiteId);
  for (const pageId of new Set(due.map((row) => row.page_id))) {
    const websiteId = due.find((row) => row.page_id === pageId)!.website_id;
    await syncPageSearch(db, websiteId, pageId);
  }
  return results[2]?.meta.changes ?? 0;
}

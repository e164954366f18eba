import type { PageLayout } from '../../../blocks/layout-schema.js';
import { KEPT_DRAFT_REVISIONS } from '../../../domain/pages/page-rules.js';
import { query, type Db } from '../db.js';
import type { RevisionRecord, RevisionWithLayout } from './page-records.js';

/**
 * The revisions of a page's own layout in one language (schema/pages.ts
 * `page_language_revisions`): the statements the writes of language-layouts.ts put in their
 * batches, and the history's reads.
 */

type D1 = Db['$client'];

interface LanguageRevisionRow {
  version: number;
  author_name: string;
  saved_on: number;
  restored_from: number | null;
  published_on: number | null;
}

const COLUMNS = 'version, author_name, saved_on, restored_from, published_on';

function record(row: LanguageRevisionRow): RevisionRecord {
  return { version: row.version, author: row.author_name, savedAt: row.saved_on, restoredFrom: row.restored_from, publishedOn: row.published_on };
}

/**
 * Keeps the copy's current draft as a revision when it has none yet (`restoredFrom` names the
 * version a restore copied). Before a write it records the draft being replaced (a copy made
 * before revisions existed has none); after the write it records the new draft. When the
 * write changed nothing, the draft already has its revision and this does nothing.
 */
export function recordDraftStatement(d1: D1, pageId: string, language: string, restoredFrom: number | null = null) {
  return d1
    .prepare(
      `INSERT INTO page_language_revisions (page_id, language, version, document, author_name, saved_on, restored_from)
       SELECT page_id, language, draft_version, draft_document, author_name, saved_on, ? FROM page_language_layouts WHERE page_id = ? AND language = ?
       ON CONFLICT (page_id, language, version) DO NOTHING`,
    )
    .bind(restoredFrom, pageId, language);
}

/**
 * Retention, the rule of page_revisions (page-writes.ts): every revision that went live is
 * kept, and the newest KEPT_DRAFT_REVISIONS others; the draft, the live and the scheduled one always stay.
 */
export function pruneLanguageStatement(d1: D1, pageId: string, language: string) {
  return d1
    .prepare(
      `DELETE FROM page_language_revisions WHERE page_id = ?1 AND language = ?2 AND published_on IS NULL
       AND version NOT IN (SELECT version FROM page_language_revisions WHERE page_id = ?1 AND language = ?2 AND published_on IS NULL ORDER BY version DESC LIMIT ${KEPT_DRAFT_REVISIONS})
       AND version NOT IN (SELECT v FROM (SELECT draft_version AS v FROM page_language_layouts WHERE page_id = ?1 AND language = ?2
         UNION ALL SELECT published_version FROM page_language_layouts WHERE page_id = ?1 AND language = ?2
         UNION ALL SELECT scheduled_version FROM page_language_layouts WHERE page_id = ?1 AND language = ?2) WHERE v IS NOT NULL)`,
    )
    .bind(pageId, language);
}

/** Marks `version` as gone live (kept for ever), once the copy's own UPDATE earlier in the batch made it the published one. */
export function markLanguagePublished(d1: D1, pageId: string, language: string, version: number, now: number) {
  return d1
    .prepare(
      `UPDATE page_language_revisions SET published_on = ? WHERE page_id = ? AND language = ? AND version = ? AND published_on IS NULL
       AND EXISTS (SELECT 1 FROM page_language_layouts WHERE page_id = ? AND language = ? AND published_version = ?)`,
    )
    .bind(now, pageId, language, version, pageId, language, version);
}

/** Every revision of the page's own layout in `language`, newest first (documents left out). */
export function listLanguageRevisions(db: Db, pageId: string, language: string): Promise<RevisionRecord[]> {
  return query(async () => {
    const { results } = await db.$client
      .prepare(`SELECT ${COLUMNS} FROM page_language_revisions WHERE page_id = ? AND language = ? ORDER BY version DESC`)
      .bind(pageId, language)
      .all<LanguageRevisionRow>();
    return results.map(record);
  });
}

/** One revision of the copy with its layout. */
export function findLanguageRevision(db: Db, pageId: string, language: string, version: number): Promise<RevisionWithLayout | undefined> {
  return query(async () => {
    const row = await db.$client
      .prepare(`SELECT ${COLUMNS}, document FROM page_language_revisions WHERE page_id = ? AND language = ? AND version = ?`)
      .bind(pageId, language, version)
      .first<LanguageRevisionRow & { document: string }>();
    return row ? { ...record(row), layout: JSON.parse(row.document) as PageLayout } : undefined;
  });
}

/**
 * What `?preview&revision=N` shows under the language's prefix: `shared` when the language
 * shows the page's shared layout (N then names a shared revision), else revision N of its
 * own copy, or null when the copy has no such revision.
 */
export async function previewedLanguageRevision(db: Db, pageId: string, language: string, version: number): Promise<'shared' | PageLayout | null> {
  const row = await query(() =>
    db.$client
      .prepare(
        `SELECT r.document FROM page_language_layouts l LEFT JOIN page_language_revisions r ON r.page_id = l.page_id AND r.language = l.language AND r.version = ?
         WHERE l.page_id = ? AND l.language = ?`,
      )
      .bind(version, pageId, language)
      .first<{ document: string | null }>(),
  );
  if (!row) return 'shared';
  return row.document === null ? null : (JSON.parse(row.document) as PageLayout);
}

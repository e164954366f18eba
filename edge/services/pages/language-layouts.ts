import type { PageLayout } from '../../../blocks/layout-schema.js';
import { PAGE_MESSAGES } from '../../../domain/pages/page-messages.js';
import { ApiError } from '../../errors.js';
import { bumpStatement } from '../content-version.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import { syncPageSearch } from '../page-search.js';
import type { Author } from './page-records.js';
import { findLanguageRevision, markLanguagePublished, pruneLanguageStatement, recordDraftStatement } from './language-revisions.js';

/** A page's own layout in one added language (schema/pages.ts `page_language_layouts`), as the owner API shows it. */
export interface LanguageLayout {
  language: string;
  draft: { version: number; layout: PageLayout; author: string; savedAt: number };
  /** The draft version that is live under the language's prefix (null: not published yet, the shared layout shows). */
  publishedVersion: number | null;
  /** A scheduled publish of the copy: when, and which revision (null: none). */
  publishAt: number | null;
  scheduledVersion: number | null;
}

/** Which languages of a page have their own layout (the page answer lists them). */
export interface LanguageLayoutSummary {
  language: string;
  draftVersion: number;
  publishedVersion: number | null;
}

interface Row {
  language: string;
  draft_version: number;
  draft_document: string;
  published_version: number | null;
  author_name: string;
  saved_on: number;
  publish_at: number | null;
  scheduled_version: number | null;
}

function bump(db: Db, websiteId: string, now: number) {
  const sql = bumpStatement(db, websiteId, now).toSQL();
  return db.$client.prepare(sql.sql).bind(...sql.params);
}

/** The page's own layout in `language`, or undefined while the language shares the page's layout. */
export async function findLanguageLayout(db: Db, pageId: string, language: string): Promise<LanguageLayout | undefined> {
  const row = await query(() =>
    db.$client
      .prepare('SELECT language, draft_version, draft_document, published_version, author_name, saved_on, publish_at, scheduled_version FROM page_language_layouts WHERE page_id = ? AND language = ?')
      .bind(pageId, language)
      .first<Row>(),
  );
  if (!row) return undefined;
  return {
    language: row.language,
    draft: { version: row.draft_version, layout: JSON.parse(row.draft_document) as PageLayout, author: row.author_name, savedAt: row.saved_on },
    publishedVersion: row.published_version,
    publishAt: row.publish_at,
    scheduledVersion: row.scheduled_version,
  };
}

export async function listLanguageLayouts(db: Db, pageId: string): Promise<LanguageLayoutSummary[]> {
  const { results } = await query(() =>
    db.$client
      .prepare('SELECT language, draft_version, published_version FROM page_language_layouts WHERE page_id = ? ORDER BY language')
      .bind(pageId)
      .all<{ language: string; draft_version: number; published_version: number | null }>(),
  );
  return results.map((r) => ({ language: r.language, draftVersion: r.draft_version, publishedVersion: r.published_version }));
}

/**
 * The layout a visitor (`draft` false) or a contributor's preview (`draft` true) sees under
 * the language's prefix: the live copy, or the draft copy; undefined when the language
 * shares the page's layout (or its copy was never published).
 */
export async function servedLanguageLayout(db: Db, pageId: string, language: string, draft: boolean): Promise<PageLayout | undefined> {
  const row = await query(() =>
    db.$client
      .prepare(`SELECT ${draft ? 'draft_document' : 'published_document'} AS document FROM page_language_layouts WHERE page_id = ? AND language = ?`)
      .bind(pageId, language)
      .first<{ document: string | null }>(),
  );
  return row?.document ? (JSON.parse(row.document) as PageLayout) : undefined;
}

/**
 * Gives the page its own layout in `language`, starting as a copy of the page's draft
 * (version 1, not published: the shared layout keeps showing until it is). One INSERT that
 * selects the draft: 409 when the language already has its own layout, 404 for no page.
 */
export async function divergeLayout(db: Db, websiteId: string, pageId: string, language: string, author: Author, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const [inserted] = await query(() =>
    d1.batch([
      d1
        .prepare(
          `INSERT INTO page_language_layouts (page_id, language, draft_version, draft_document, author_name, saved_on)
           SELECT p.id, ?, 1, r.document, ?, ? FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.draft_version
           WHERE p.id = ? AND p.website_id = ? AND p.trashed_on IS NULL
           ON CONFLICT (page_id, language) DO NOTHING`,
        )
        .bind(language, author.name, now, pageId, websiteId),
      // Version 1 starts the copy's history (revisions of a dropped copy went with it).
      recordDraftStatement(d1, pageId, language),
    ]),
  );
  if (inserted?.meta.changes !== 1) throw new ApiError(409, 'layout_diverged', PAGE_MESSAGES.languageLayoutExists);
}

/** 404 when the language shares the page's layout, else the 412 of a stale version with the current draft. */
async function missingOrStale(db: Db, pageId: string, language: string): Promise<ApiError> {
  const current = await findLanguageLayout(db, pageId, language);
  if (!current) return new ApiError(404, 'layout_shared', PAGE_MESSAGES.languageLayoutShared);
  return new ApiError(412, 'version_conflict', PAGE_MESSAGES.versionConflict, {
    extra: { current: { version: current.draft.version, author: current.draft.author, savedAt: current.draft.savedAt } },
  });
}

/**
 * Saves the language's draft copy as version `basedOn + 1`, only while `basedOn` is still
 * its draft: one conditional UPDATE, so of concurrent saves based on one version exactly
 * one is stored (412 for the others).
 */
export async function saveLanguageDraft(
  db: Db, websiteId: string, pageId: string, language: string, basedOn: number, layout: PageLayout, author: Author, now = Date.now(),
): Promise<void> {
  const d1 = db.$client;
  const [, saved] = await query(() =>
    d1.batch([
      recordDraftStatement(d1, pageId, language),
      d1
        .prepare(
          `UPDATE page_language_layouts SET draft_document = ?, draft_version = draft_version + 1, author_name = ?, saved_on = ?
           WHERE page_id = ? AND language = ? AND draft_version = ? AND page_id IN (SELECT id FROM pages WHERE id = ? AND website_id = ? AND trashed_on IS NULL)`,
        )
        .bind(JSON.stringify(layout), author.name, now, pageId, language, basedOn, pageId, websiteId),
      recordDraftStatement(d1, pageId, language),
      pruneLanguageStatement(d1, pageId, language),
    ]),
  );
  if (saved?.meta.changes !== 1) throw await missingOrStale(db, pageId, language);
}

/**
 * Makes the language's draft copy `version` live under its prefix, with the site's content
 * version (the page-cache key) bumped in the same batch. 412 when `version` is no longer the draft.
 */
export async function publishLanguageLayout(db: Db, websiteId: string, pageId: string, language: string, version: number, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const [, moved] = await query(() =>
    d1.batch([
      recordDraftStatement(d1, pageId, language),
      // Publishing by hand replaces a schedule, as for the page's own layout.
      d1
        .prepare(
          `UPDATE page_language_layouts SET published_document = draft_document, published_version = draft_version, publish_at = NULL, scheduled_version = NULL
           WHERE page_id = ? AND language = ? AND draft_version = ? AND page_id IN (SELECT id FROM pages WHERE id = ? AND website_id = ? AND trashed_on IS NULL)`,
        )
        .bind(pageId, language, version, pageId, websiteId),
      markLanguagePublished(d1, pageId, language, version, now),
      bump(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  if (moved?.meta.changes !== 1) throw await missingOrStale(db, pageId, language);
  // /fr/search finds the page by the words of its French layout.
  await syncPageSearch(db, websiteId, pageId);
}

/**
 * Goes back to the shared layout: the language's copy (draft, live, schedule and its whole
 * history) is dropped, the content version bumped. 404 when there was none.
 */
export async function dropLanguageLayout(db: Db, websiteId: string, pageId: string, language: string, now = Date.now()): Promise<void> {
  const d1 = db.$client;
  const [dropped] = await query(() =>
    d1.batch([
      d1
        .prepare('DELETE FROM page_language_layouts WHERE page_id = ? AND language = ? AND page_id IN (SELECT id FROM pages WHERE id = ? AND website_id = ?)')
        .bind(pageId, language, pageId, websiteId),
      d1
        .prepare('DELETE FROM page_language_revisions WHERE page_id = ? AND language = ? AND page_id IN (SELECT id FROM pages WHERE id = ? AND website_id = ?)')
        .bind(pageId, language, pageId, websiteId),
      bump(db, websiteId, now),
    ]),
  );
  forgetSite(websiteId);
  if (dropped?.meta.changes !== 1) throw new ApiError(404, 'layout_shared', PAGE_MESSAGES.languageLayoutShared);
  await syncPageSearch(db, websiteId, pageId);
}

/**
 * Restores revision `version` of the language's copy as its new draft (`basedOn + 1`, a new
 * revision naming the one it restored; nothing is overwritten), only while `basedOn` is still
 * the draft: one conditional UPDATE. 404 for a version the copy does not have, else 412 when stale.
 */
export async function restoreLanguageRevision(
  db: Db, websiteId: string, pageId: string, language: string, version: number, basedOn: number, author: Author, now = Date.now(),
): Promise<void> {
  const d1 = db.$client;
  const revision = 'SELECT document FROM page_language_revisions WHERE page_id = ?1 AND language = ?2 AND version = ?3';
  const [, restored] = await query(() =>
    d1.batch([
      recordDraftStatement(d1, pageId, language),
      d1
        .prepare(
          `UPDATE page_language_layouts SET draft_document = (${revision}), draft_version = draft_version + 1, author_name = ?4, saved_on = ?5
           WHERE page_id = ?1 AND language = ?2 AND draft_version = ?6 AND EXISTS (${revision})
           AND page_id IN (SELECT id FROM pages WHERE id = ?1 AND website_id = ?7 AND trashed_on IS NULL)`,
        )
        .bind(pageId, language, version, author.name, now, basedOn, websiteId),
      recordDraftStatement(d1, pageId, language, version),
      pruneLanguageStatement(d1, pageId, language),
    ]),
  );
  if (restored?.meta.changes === 1) return;
  const own = await findLanguageLayout(db, pageId, language);
  if (own && !(await findLanguageRevision(db, pageId, language, version))) throw new ApiError(404, 'revision_not_found', PAGE_MESSAGES.revisionNotFound);
  throw await missingOrStale(db, pageId, language);
}

/**
 * Pages built from blocks in the site search (the FTS5 `search_index` of schema/search.ts):
 * a published page has one row (its title and the words of its published revision), keyed
 * by page id; a draft never has one. Searches join `pages` on the published pointer too,
 * so a row can never show a page that is not live.
 */
import { showsLoadedContent } from '../../blocks/loaders.js';
import { layoutSearchHtml } from '../../blocks/layout-text.js';
import type { PageLayout } from '../../blocks/layout-schema.js';
import { SEARCH_TABLE, searchRowStatements, type SearchStatement } from '../../schema/search.js';
import { TRANSLATION_SEARCH_TABLE, translationSearchStatements } from '../../schema/translation-search.js';
import { query, type Db } from './db.js';
import { matchExpression, searchTerms } from './search.js';
import { TranslationTable, translateLayout } from './multilingual/texts.js';

// What visitors may see of a published page: not in the trash, not Private or Deprecated,
// not behind a page password or in a member area (issue 30: their words never reach the search).
const VISIBLE =
  "p.trashed_on IS NULL AND p.status NOT IN ('private', 'deprecated')" +
  ' AND NOT EXISTS (SELECT 1 FROM access_passwords ap WHERE ap.website_id = p.website_id AND ap.scope = p.id)' +
  ' AND NOT EXISTS (SELECT 1 FROM member_area_pages mp WHERE mp.page_id = p.id)';

/**
 * Rewrites page `pageId`'s search row from its current state: the published revision's
 * title and words when it is published, no row when it is not (unpublished, deleted, a
 * draft). Called after every publish, unpublish, status change, trash and settings change; running it twice changes nothing.
 */
export async function syncPageSearch(db: Db, websiteId: string, pageId: string): Promise<void> {
  const d1 = db.$client;
  await query(async () => {
    const live = await d1
      .prepare(
        `SELECT p.title, r.document FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.published_version
         WHERE p.id = ? AND p.website_id = ? AND p.published_version IS NOT NULL AND ${VISIBLE}`,
      )
      .bind(pageId, websiteId)
      .first<{ title: string; document: string }>();
    const remove = d1.prepare(`DELETE FROM ${SEARCH_TABLE} WHERE item_id = ?`).bind(pageId);
    const removeTranslated = d1.prepare(`DELETE FROM ${TRANSLATION_SEARCH_TABLE} WHERE item_id = ?`).bind(pageId);
    if (!live) {
      await d1.batch([remove, removeTranslated]);
      return;
    }
    const layout = JSON.parse(live.document) as PageLayout;
    const body = layoutSearchHtml(layout, showsLoadedContent);
    const translated = await translatedPageRows(db, websiteId, pageId, live.title, layout);
    await d1.batch([...searchRowStatements({ id: pageId, websiteId, title: live.title, body }), ...translated].map((s) => d1.prepare(s.sql).bind(...s.params)));
  });
}

/**
 * The page's rows in the translations' index (issue 29): one per language with `done` texts
 * of the page, its translated title and words (untranslated texts in the primary language,
 * as the page shows them), or the words of its own published layout in that language.
 * Languages whose texts are gone lose their row.
 */
async function translatedPageRows(db: Db, websiteId: string, pageId: string, title: string, layout: PageLayout): Promise<SearchStatement[]> {
  const { results } = await db.$client
    .prepare(`SELECT language, field_key AS fieldKey, text FROM translations WHERE website_id = ? AND kind = 'block' AND entity_id = ? AND status = 'done'`)
    .bind(websiteId, pageId)
    .all<{ language: string; fieldKey: string; text: string }>();
  const byLanguage = new Map<string, { kind: string; entityId: string; fieldKey: string; text: string }[]>();
  for (const r of results) byLanguage.set(r.language, [...(byLanguage.get(r.language) ?? []), { kind: 'block', entityId: pageId, ...r }]);
  // A language with its own published layout (page_language_layouts) is indexed on that layout's words.
  const { results: own } = await db.$client
    .prepare('SELECT language, published_document FROM page_language_layouts WHERE page_id = ? AND published_document IS NOT NULL')
    .bind(pageId)
    .all<{ language: string; published_document: string }>();
  const ownLayouts = new Map(own.map((r) => [r.language, JSON.parse(r.published_document) as PageLayout]));
  const out: SearchStatement[] = [{ sql: `DELETE FROM ${TRANSLATION_SEARCH_TABLE} WHERE item_id = ?`, params: [pageId] }];
  for (const language of new Set([...byLanguage.keys(), ...ownLayouts.keys()])) {
    const table = new TranslationTable(byLanguage.get(language) ?? []);
    const body = layoutSearchHtml(ownLayouts.get(language) ?? translateLayout(layout, pageId, table), showsLoadedContent);
    out.push(...translationSearchStatements({ itemId: pageId, websiteId, language, title: table.get('block', pageId, 'title') ?? title, body }));
  }
  return out;
}

/** A page found by the site search. */
export interface PageHit {
  title: string;
  fullUrl: string;
  /** Plain text around the best match, matches between MARK_START and MARK_END (services/search.ts). */
  snippet: string;
}

// Published pages matching an FTS5 expression, best first; a page that is a collection's
// content (home, about) answers at the collection's URL.
async function matchingPages(db: Db, websiteId: string, expression: string, limit: number): Promise<PageHit[]> {
  const { results } = await query(() =>
    db.$client
      .prepare(
        `SELECT p.title AS title,
                COALESCE((SELECT c.full_url FROM collections c WHERE c.website_id = p.website_id AND c.url_id = p.slug AND c.enabled = 1), '/' || p.slug) AS fullUrl,
                snippet(${SEARCH_TABLE}, -1, char(2), char(3), '…', 24) AS snippet
         FROM ${SEARCH_TABLE} JOIN pages p ON p.id = ${SEARCH_TABLE}.item_id
         WHERE ${SEARCH_TABLE} MATCH ? AND ${SEARCH_TABLE}.website_id = ? AND p.website_id = ? AND p.published_version IS NOT NULL AND ${VISIBLE}
         ORDER BY bm25(${SEARCH_TABLE}, 10.0, 4.0, 1.0, 3.0, 3.0), p.id
         LIMIT ?`,
      )
      .bind(expression, websiteId, websiteId, limit)
      .all<PageHit>(),
  );
  return results;
}

// The same in one added language: pages with a row in the translations' index match on their
// translated words; pages without one (nothing of them translated) on their primary words.
async function matchingTranslatedPages(db: Db, websiteId: string, language: string, expression: string, limit: number): Promise<PageHit[]> {
  const url = `COALESCE((SELECT c.full_url FROM collections c WHERE c.website_id = p.website_id AND c.url_id = p.slug AND c.enabled = 1), '/' || p.slug)`;
  const T = TRANSLATION_SEARCH_TABLE;
  const { results } = await query(() =>
    db.$client
      .prepare(
        `SELECT title, fullUrl, snippet FROM (
           SELECT ${T}.title AS title, ${url} AS fullUrl, snippet(${T}, -1, char(2), char(3), '…', 24) AS snippet, bm25(${T}, 10.0, 4.0, 1.0) AS rank, p.id AS id
           FROM ${T} JOIN pages p ON p.id = ${T}.item_id
           WHERE ${T} MATCH ?1 AND ${T}.website_id = ?2 AND ${T}.language = ?3 AND p.website_id = ?2 AND p.published_version IS NOT NULL AND ${VISIBLE}
           UNION ALL
           SELECT p.title, ${url}, snippet(${SEARCH_TABLE}, -1, char(2), char(3), '…', 24), bm25(${SEARCH_TABLE}, 10.0, 4.0, 1.0, 3.0, 3.0), p.id
           FROM ${SEARCH_TABLE} JOIN pages p ON p.id = ${SEARCH_TABLE}.item_id
           WHERE ${SEARCH_TABLE} MATCH ?1 AND ${SEARCH_TABLE}.website_id = ?2 AND p.website_id = ?2 AND p.published_version IS NOT NULL AND ${VISIBLE}
             AND NOT EXISTS (SELECT 1 FROM ${T} t WHERE t.item_id = p.id AND t.language = ?3)
         ) ORDER BY rank, id LIMIT ?4`,
      )
      .bind(expression, websiteId, language, limit)
      .all<PageHit>(),
  );
  return results;
}

/**
 * Published pages matching every one of a visitor's words (each as a prefix), best first.
 * Unlike items there is no any-word fallback: a page shows up only when it has them all.
 * With `language` (an added one, issue 29) pages match on their words in that language.
 */
export async function searchPages(db: Db, websiteId: string, text: string, limit: number, language?: string): Promise<PageHit[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const expression = matchExpression(terms, 'all');
  return language ? matchingTranslatedPages(db, websiteId, language, expression, limit) : matchingPages(db, websiteId, expression, limit);
}

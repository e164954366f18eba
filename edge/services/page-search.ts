/**
 * Pages built from blocks in the site search (the FTS5 `search_index` of schema/search.ts):
 * a published page has one row (its title and the words of its published revision), keyed
 * by page id; a draft never has one. Searches join `pages` on the published pointer too,
 * so a row can never show a page that is not live.
 */
import { showsLoadedContent } from '../../blocks/loaders.js';
import { layoutSearchHtml } from '../../blocks/layout-text.js';
import type { PageLayout } from '../../blocks/layout-schema.js';
import { SEARCH_TABLE, searchRowStatements } from '../../schema/search.js';
import { query, type Db } from './db.js';
import { matchExpression, searchTerms } from './search.js';

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
    if (!live) {
      await remove.run();
      return;
    }
    const body = layoutSearchHtml(JSON.parse(live.document) as PageLayout, showsLoadedContent);
    await d1.batch(searchRowStatements({ id: pageId, websiteId, title: live.title, body }).map((s) => d1.prepare(s.sql).bind(...s.params)));
  });
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

/**
 * Published pages matching every one of a visitor's words (each as a prefix), best first.
 * Unlike items there is no any-word fallback: a page shows up only when it has them all.
 */
export async function searchPages(db: Db, websiteId: string, text: string, limit: number): Promise<PageHit[]> {
  const terms = searchTerms(text);
  return terms.length === 0 ? [] : matchingPages(db, websiteId, matchExpression(terms, 'all'), limit);
}

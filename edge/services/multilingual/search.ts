import { sql } from 'drizzle-orm';
import { TRANSLATION_SEARCH_TABLE } from '../../../schema/translation-search.js';
import type { Db } from '../db.js';
import { searchIndexedItems, type SearchResults } from '../search.js';

// bm25 weights per indexed column (title, excerpt, body): titles rank first, as in the primary index.
const WEIGHTS = '10.0, 4.0, 1.0';

/**
 * `/<language>/search` (issue 29): products whose translated title, excerpt or description
 * match, through the FTS5 index of translations (`translation_search`, one row per product
 * and language); the same term rules and visibility as the primary search (services/search.ts).
 */
export function searchTranslatedItems(
  db: Db,
  websiteId: string,
  language: string,
  text: string,
  options: { limit: number; offset?: number; now: number },
): Promise<SearchResults> {
  const scope = sql`${sql.raw(TRANSLATION_SEARCH_TABLE)}.language = ${language}`;
  return searchIndexedItems(db, { table: TRANSLATION_SEARCH_TABLE, weights: WEIGHTS, scope }, websiteId, text, options);
}

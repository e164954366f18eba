import { plainText, type SearchStatement } from './search.js';

/**
 * The full-text index of translated products (`translation_search`, an FTS5 table created
 * by the custom migration 0041_translation_search.sql): one row of plain text per item and
 * language. Shared by the seed and the translation writes (edge/services/multilingual/store.ts).
 */
export const TRANSLATION_SEARCH_TABLE = 'translation_search';

export interface TranslatedSearchSource {
  itemId: string;
  websiteId: string;
  language: string;
  title: string;
  excerpt?: string | null;
  body?: string | null;
}

const INSERT = `INSERT INTO ${TRANSLATION_SEARCH_TABLE} (title, excerpt, body, item_id, website_id, language)`;

const columns = (row: TranslatedSearchSource) => [plainText(row.title), plainText(row.excerpt), plainText(row.body), row.itemId, row.websiteId, row.language];

/** Replaces an item's row for one language. */
export function translationSearchStatements(row: TranslatedSearchSource): SearchStatement[] {
  return [
    { sql: `DELETE FROM ${TRANSLATION_SEARCH_TABLE} WHERE item_id = ? AND language = ?`, params: [row.itemId, row.language] },
    { sql: `${INSERT} VALUES (?, ?, ?, ?, ?, ?)`, params: columns(row) },
  ];
}

/** The seed's form: inserts the row only when the item has none in that language, so re-running a seed is harmless. */
export function translationSearchSeedStatement(row: TranslatedSearchSource): SearchStatement {
  return {
    sql: `${INSERT} SELECT ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM ${TRANSLATION_SEARCH_TABLE} WHERE item_id = ? AND language = ?)`,
    params: [...columns(row), row.itemId, row.language],
  };
}

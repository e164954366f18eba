import { and, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { items, products } from '../../../schema/index.js';
import { TRANSLATION_SEARCH_TABLE } from '../../../schema/translation-search.js';
import { query, type Db } from '../db.js';
import { matchExpression, searchTerms, type SearchResults } from '../search.js';

const fts = sql.raw(TRANSLATION_SEARCH_TABLE);
// bm25 weights per indexed column (title, excerpt, body): titles rank first, as in the primary index.
const WEIGHTS = '10.0, 4.0, 1.0';

function publicMatch(websiteId: string, language: string, expression: string, now: number): SQL {
  return and(
    sql`${fts} MATCH ${expression}`,
    sql`${fts}.website_id = ${websiteId}`,
    sql`${fts}.language = ${language}`,
    eq(items.websiteId, websiteId),
    eq(items.status, 'published'),
    or(isNull(items.publishOn), lte(items.publishOn, now)),
    sql`not exists (select 1 from ${products} where ${products.itemId} = ${items.id} and ${products.visible} = 0)`,
  )!;
}

async function run(db: Db, websiteId: string, language: string, expression: string, limit: number, offset: number, now: number): Promise<SearchResults> {
  const where = publicMatch(websiteId, language, expression, now);
  const join = sql`${fts}.item_id = ${items.id}`;
  const [rows, [total]] = await db.batch([
    db
      .select({ item: items, snippet: sql<string>`snippet(${fts}, -1, char(2), char(3), '…', 24)` })
      .from(items)
      .innerJoin(fts, join)
      .where(where)
      .orderBy(sql.raw(`bm25(${TRANSLATION_SEARCH_TABLE}, ${WEIGHTS})`), items.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(items).innerJoin(fts, join).where(where),
  ]);
  return { hits: rows, total: total?.n ?? 0 };
}

/**
 * `/<language>/search` (issue 29): products whose translated title, excerpt or description
 * match, through the FTS5 index of translations (`translation_search`, one row per product
 * and language); the same term rules as the primary search (services/search.ts).
 */
export async function searchTranslatedItems(
  db: Db,
  websiteId: string,
  language: string,
  text: string,
  { limit, offset = 0, now }: { limit: number; offset?: number; now: number },
): Promise<SearchResults> {
  const terms = searchTerms(text);
  if (terms.length === 0) return { hits: [], total: 0 };
  return query(async () => {
    const all = await run(db, websiteId, language, matchExpression(terms, 'all'), limit, offset, now);
    if (all.total > 0 || terms.length === 1) return all;
    return run(db, websiteId, language, matchExpression(terms, 'any'), limit, offset, now);
  });
}

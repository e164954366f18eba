import { and, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { items, products } from '../../schema/index.js';
import { SEARCH_TABLE } from '../../schema/search.js';
import { query, type Db } from './db.js';
import { OUTSIDE_MEMBER_AREAS, type ItemRecord } from './items.js';

/** Visitor queries longer than this are cut (no error). */
export const MAX_QUERY_LENGTH = 200;
// Bounds the MATCH expression a visitor can make us evaluate.
const MAX_TERMS = 24;
// bm25 weights per indexed column (title, excerpt, body, tags, categories): titles rank first.
const WEIGHTS = '10.0, 4.0, 1.0, 3.0, 3.0';
/** Highlight markers inside snippets: control characters the indexed text never holds (schema/search.ts). */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';


/** The words of a visitor's query, as FTS5's unicode61 tokenizer splits them. */
export function searchTerms(text: string): string[] {
  return (text.slice(0, MAX_QUERY_LENGTH).match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/**
 * An FTS5 MATCH expression from plain words: each word is a quoted string with a prefix
 * star, so operators, quotes and parentheses typed by visitors are only ever text.
 * @example matchExpression(['blue', 'mug'], 'all') === '"blue"* "mug"*'
 */
export function matchExpression(terms: readonly string[], mode: 'all' | 'any'): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(mode === 'all' ? ' ' : ' OR ');
}

export interface SearchHit {
  item: ItemRecord;
  /** Plain text around the best match; matches wrapped in MARK_START / MARK_END. */
  snippet: string;
}

export interface SearchResults {
  hits: SearchHit[];
  total: number;
}

/** An FTS5 index of items: its table, its bm25 column weights, and what else a row must match (e.g. its language). */
export interface ItemIndex {
  table: string;
  weights: string;
  scope?: SQL | undefined;
}

const PRIMARY: ItemIndex = { table: SEARCH_TABLE, weights: WEIGHTS };

function publicMatch(index: ItemIndex, websiteId: string, expression: string, now: number): SQL {
  const fts = sql.raw(index.table);
  return and(
    sql`${fts} MATCH ${expression}`,
    sql`${fts}.website_id = ${websiteId}`,
    index.scope,
    eq(items.websiteId, websiteId),
    eq(items.status, 'published'),
    or(isNull(items.publishOn), lte(items.publishOn, now)),
    // A product hidden from the store is not found either.
    sql`not exists (select 1 from ${products} where ${products.itemId} = ${items.id} and ${products.visible} = 0)`,
    // Nor an item of a collection in a member area (issue 30).
    OUTSIDE_MEMBER_AREAS,
  )!;
}

async function run(db: Db, index: ItemIndex, websiteId: string, expression: string, limit: number, offset: number, now: number): Promise<SearchResults> {
  const fts = sql.raw(index.table);
  const where = publicMatch(index, websiteId, expression, now);
  const join = sql`${fts}.item_id = ${items.id}`;
  const [rows, [total]] = await db.batch([
    db
      .select({
        item: items,
        snippet: sql<string>`snippet(${fts}, -1, char(2), char(3), '…', 24)`,
      })
      .from(items)
      .innerJoin(fts, join)
      .where(where)
      .orderBy(sql.raw(`bm25(${index.table}, ${index.weights})`), items.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(items).innerJoin(fts, join).where(where),
  ]);
  return { hits: rows, total: total?.n ?? 0 };
}

/**
 * A site's public items found in `index`, best first: every word matching as a prefix;
 * when no item has all the words, items with any of them, still ranked. Two statements in
 * one D1 round trip per try.
 */
export async function searchIndexedItems(
  db: Db,
  index: ItemIndex,
  websiteId: string,
  text: string,
  { limit, offset = 0, now }: { limit: number; offset?: number; now: number },
): Promise<SearchResults> {
  const terms = searchTerms(text);
  if (terms.length === 0) return { hits: [], total: 0 };
  return query(async () => {
    const all = await run(db, index, websiteId, matchExpression(terms, 'all'), limit, offset, now);
    if (all.total > 0 || terms.length === 1) return all;
    return run(db, index, websiteId, matchExpression(terms, 'any'), limit, offset, now);
  });
}

/** Full-text search over a site's public items in the site's own language (bm25, title weighted up). */
export function searchItems(db: Db, websiteId: string, text: string, options: { limit: number; offset?: number; now: number }): Promise<SearchResults> {
  return searchIndexedItems(db, PRIMARY, websiteId, text, options);
}

import { and, asc, count, desc, eq, getTableColumns, isNull, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { collections, items, memberAreaCollections, products } from '../../schema/index.js';
import type { CollectionRecord } from './collections.js';
import { query, type Db } from './db.js';

export type ItemRecord = typeof items.$inferSelect;

// SPEC §3 RecordType: blog posts are text records, products store items.
const RECORD_TEXT = 1;
const RECORD_STORE_ITEM = 11;

/** Items that are not a product the owner hid from the store (products.visible = 0); other items pass. */
const NOT_HIDDEN = sql`not exists (select 1 from ${products} where ${products.itemId} = ${items.id} and ${products.visible} = 0)`;
/** Items that are products shown in the store (suggestions name products only). */
const SHOWN_PRODUCT = sql`exists (select 1 from ${products} where ${products.itemId} = ${items.id} and ${products.visible} = 1)`;

/**
 * Items of a collection no member area protects (issue 30): what lists, search, the sitemap and
 * blocks show every visitor. A protected collection's items are read on their own pages only, by members.
 */
export const OUTSIDE_MEMBER_AREAS = sql`not exists (select 1 from ${memberAreaCollections} where ${memberAreaCollections.collectionId} = ${items.collectionId})`;

/** Only published items whose publish date has come are public. */
function visible(now: number): SQL {
  return and(eq(items.status, 'published'), or(isNull(items.publishOn), lte(items.publishOn, now)))!;
}

/** User-ordered collections sort by position, the rest newest first. */
function ordering(collection: CollectionRecord): SQL[] {
  return collection.ordering === 'chronological'
    ? [desc(sql`coalesce(${items.publishOn}, ${items.addedOn})`), asc(items.id)]
    : [asc(items.displayIndex), asc(items.id)];
}

export interface ItemPage {
  rows: ItemRecord[];
  total: number;
}

/** One page (0-based offset) of a collection's public items in the collection's order, optionally with one tag or category. */
export async function listItems(
  db: Db,
  collection: CollectionRecord,
  offset: number,
  limit: number,
  now: number,
  filter: { tag?: string | undefined; category?: string | undefined } = {},
): Promise<ItemPage> {
  // A product the owner hid (products.visible = 0) is not listed, as in the other store queries;
  // `?tag=` / `?category=` of a collection page: only items carrying that name.
  const where = and(
    eq(items.collectionId, collection.id),
    visible(now),
    NOT_HIDDEN,
    filter.tag ? hasValue(items.tags, filter.tag) : undefined,
    filter.category ? hasValue(items.categories, filter.category) : undefined,
  );
  return query(async () => {
    const [rows, [total]] = await db.batch([
      db.select().from(items).where(where).orderBy(...ordering(collection)).limit(limit).offset(offset),
      db.select({ n: count() }).from(items).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  });
}

function sequenceQuery(db: Db, collection: CollectionRecord, now: number) {
  return db
    .select({ id: items.id, title: items.title, fullUrl: items.fullUrl })
    .from(items)
    .where(and(eq(items.collectionId, collection.id), visible(now)))
    .orderBy(...ordering(collection));
}

/** Titles and URLs of a collection's items in order, to link the previous and next item. */
export async function itemSequence(db: Db, collection: CollectionRecord, now: number) {
  return query(() => sequenceQuery(db, collection, now));
}

/** True when the JSON array column holds one of `values` (bound as one JSON parameter). */
function sharesAny(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`exists (select 1 from json_each(${column}) where value in (select value from json_each(${JSON.stringify(values)})))`;
}

/**
 * Other public, visible products of `product`'s collection: those sharing a category
 * or tag first, then the rest, each group in the collection's order.
 */
function relatedQuery(db: Db, collection: CollectionRecord, product: ItemRecord, limit: number, now: number) {
  const related = or(sharesAny(items.categories, product.categories), sharesAny(items.tags, product.tags))!;
  return db
    .select()
    .from(items)
    .where(
      and(
        eq(items.collectionId, collection.id),
        ne(items.id, product.id),
        visible(now),
        // A product hidden from the store is not suggested either.
        SHOWN_PRODUCT,
      ),
    )
    .orderBy(desc(related), ...ordering(collection))
    .limit(limit);
}

/**
 * The products the owner chose as related (the product editor's related-products panel), in
 * their order: only those of the site that are public and not hidden from the store.
 */
function chosenRelatedQuery(db: Db, websiteId: string, ids: readonly string[], now: number) {
  const list = JSON.stringify(ids);
  return db
    .select()
    .from(items)
    .where(
      and(
        eq(items.websiteId, websiteId),
        sql`${items.id} in (select value from json_each(${list}))`,
        visible(now),
        SHOWN_PRODUCT,
        OUTSIDE_MEMBER_AREAS,
      ),
    )
    .orderBy(sql`(select key from json_each(${list}) where value = ${items.id})`);
}

/** The related product ids an item's structured content names (at most 12, the save's limit). */
function chosenRelated(item: ItemRecord): string[] {
  const ids = item.structuredContent?.relatedProductIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, 12) : [];
}

export interface ItemNeighbours {
  sequence: Awaited<ReturnType<typeof itemSequence>>;
  related: ItemRecord[];
}

/**
 * What an item page shows around its item, in one D1 round trip: the collection's
 * sequence (previous / next links) and the related products: those the owner chose, else
 * up to `limit` sharing a category or tag.
 */
export async function itemNeighbours(
  db: Db,
  collection: CollectionRecord,
  item: ItemRecord,
  limit: number,
  now: number,
): Promise<ItemNeighbours> {
  return query(async () => {
    const chosen = chosenRelated(item);
    const [sequence, related] = await db.batch([
      sequenceQuery(db, collection, now),
      chosen.length ? chosenRelatedQuery(db, collection.websiteId, chosen, now) : relatedQuery(db, collection, item, limit, now),
    ]);
    return { sequence, related };
  });
}

/** Products for the home page: starred first, then newest (a query, for batching). */
export function featuredProductsQuery(db: Db, websiteId: string, limit: number, now: number) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.recordType, RECORD_STORE_ITEM), visible(now), OUTSIDE_MEMBER_AREAS))
    .orderBy(desc(items.starred), desc(items.addedOn), asc(items.id))
    .limit(limit);
}

/** The newest blog posts of the site (a query, for batching). */
export function recentPostsQuery(db: Db, websiteId: string, limit: number, now: number) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.recordType, RECORD_TEXT), visible(now), OUTSIDE_MEMBER_AREAS))
    .orderBy(desc(sql`coalesce(${items.publishOn}, ${items.addedOn})`), asc(items.id))
    .limit(limit);
}

/** An item page's collection and item from the two URL segments, in one query. */
export async function findItemAt(
  db: Db,
  websiteId: string,
  collectionUrlId: string,
  itemUrlId: string,
  now: number,
): Promise<{ collection: CollectionRecord; item: ItemRecord; inMemberArea: boolean } | undefined> {
  const [row] = await query(() =>
    db
      // `inMemberArea`: the collection is in a member area (issue 30), asked in the same query so a public item costs no second read.
      .select({ collection: collections, item: items, inMemberArea: sql<number>`exists (select 1 from ${memberAreaCollections} where ${memberAreaCollections.collectionId} = ${collections.id})` })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(
        and(
          eq(collections.websiteId, websiteId),
          eq(collections.urlId, collectionUrlId),
          eq(collections.enabled, true),
          eq(items.urlId, itemUrlId),
          visible(now),
        ),
      )
      .limit(1),
  );
  return row && { ...row, inMemberArea: Boolean(row.inMemberArea) };
}

/** What a summary block lists (blocks/summary): a collection's items, filtered and cut. */
export interface SummaryFilter {
  /** The collection's URL id (`shop`, `journal`). */
  collection: string;
  /** Only items in this category / with this tag, when set. */
  category?: string;
  tag?: string;
  /** `collection`: the collection's own order; `featured`: starred first, then newest; `newest`. */
  sort: 'collection' | 'featured' | 'newest';
  limit: number;
}

// An item's own columns and its collection's type under a name no items column has: a D1
// batch maps rows by column name, so selecting both whole tables would mix their `id`s and titles.
const summaryColumns = { ...getTableColumns(items), collectionType: sql<number>`${collections.type}`.as('collection_type') };

const hasValue = (column: SQLWrapper, value: string): SQL => sql`exists (select 1 from json_each(${column}) where value = ${value})`;

/**
 * The public items a summary block shows, with their collection's type (a query, for batching):
 * products hidden from the store are left out, like the related products of a product page.
 */
export function summaryItemsQuery(db: Db, websiteId: string, filter: SummaryFilter, now: number) {
  const newest = desc(sql`coalesce(${items.publishOn}, ${items.addedOn})`);
  const order =
    filter.sort === 'featured'
      ? [desc(items.starred), desc(items.addedOn), asc(items.id)]
      : filter.sort === 'newest'
        ? [newest, asc(items.id)]
        : // The collection's own order, decided in SQL so every block is one query of the batch.
          [asc(sql`case when ${collections.ordering} = 'chronological' then -coalesce(${items.publishOn}, ${items.addedOn}) else ${items.displayIndex} end`), asc(items.id)];
  return db
    .select(summaryColumns)
    .from(items)
    .innerJoin(collections, eq(collections.id, items.collectionId))
    .where(
      and(
        eq(collections.websiteId, websiteId),
        eq(collections.urlId, filter.collection),
        eq(collections.enabled, true),
        visible(now),
        filter.category ? hasValue(items.categories, filter.category) : undefined,
        filter.tag ? hasValue(items.tags, filter.tag) : undefined,
        NOT_HIDDEN,
        OUTSIDE_MEMBER_AREAS,
      ),
    )
    .orderBy(...order)
    .limit(filter.limit);
}

/** Public store items of the site by id, for product blocks (one query for them all). */
export function storeItemsQuery(db: Db, websiteId: string, ids: readonly string[], now: number) {
  return db
    .select(summaryColumns)
    .from(items)
    .innerJoin(collections, eq(collections.id, items.collectionId))
    .where(
      and(
        eq(items.websiteId, websiteId),
        eq(items.recordType, RECORD_STORE_ITEM),
        eq(collections.enabled, true),
        sql`${items.id} in (select value from json_each(${JSON.stringify(ids)}))`,
        visible(now),
        NOT_HIDDEN,
        OUTSIDE_MEMBER_AREAS,
      ),
    );
}

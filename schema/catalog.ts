import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { collections } from './collections.js';
import { variants } from './commerce.js';

/**
 * SPEC §3 Root category and the categories under it: a store collection's category tree.
 * The root (parentId null, type 'root') is made with the store (SPEC §4 store creation
 * order); products name their categories by `displayName` (items.categories).
 * SPEC §9: at most 10,000 per store, names at most 25 characters.
 */
export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => categories.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    // 'root' | 'category'
    type: text('type').notNull(),
    // How the category's listing renders: 'all-products' (the root) | 'category'.
    pageRendering: text('page_rendering').notNull(),
    displayIndex: integer('display_index').notNull().default(0),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [
    uniqueIndex('categories_collection_name_uq').on(t.collectionId, t.displayName),
    index('categories_parent_idx').on(t.parentId, t.displayIndex),
    check('categories_name_ck', sql`length(${t.displayName}) BETWEEN 1 AND 25`),
  ],
);

/**
 * One row per stock change of a variant: the owner's adjustments and absolute sets, with
 * the change, the result and the reason. Written in the same batch as the guarded UPDATE.
 */
export const stockHistory = sqliteTable(
  'stock_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    qtyAfter: integer('qty_after').notNull(),
    // 'adjust' | 'set' | 'product-save'
    kind: text('kind').notNull(),
    reason: text('reason'),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('stock_history_variant_idx').on(t.variantId, t.id)],
);

/**
 * Tag manager (SPEC §2, §5): names a collection offers before (or without) any item using
 * them. `tagType` 'tag' for a store's or a blog's tags, 'category' for a blog's categories
 * (a store's categories are `categories` rows). Items keep their names in items.tags /
 * items.categories; the tag manager renames, merges and removes names in both at once.
 * SPEC §9: tags at most 50 characters, categories 25.
 */
export const collectionTags = sqliteTable(
  'collection_tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    // 'tag' | 'category'
    tagType: text('tag_type').notNull(),
    name: text('name').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [
    uniqueIndex('collection_tags_name_uq').on(t.collectionId, t.tagType, t.name),
    check('collection_tags_name_ck', sql`length(${t.name}) BETWEEN 1 AND (CASE ${t.tagType} WHEN 'tag' THEN 50 ELSE 25 END)`),
  ],
);

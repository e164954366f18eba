import { sqliteTable, text, integer, uniqueIndex, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { collections } from './collections.js';
import { assets } from './assets.js';

/** Authors shown as `author.displayName` on content items. */
export const authors = sqliteTable('authors', {
  id: text('id').primaryKey(),
  websiteId: text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  bio: text('bio'),
  avatarAssetId: text('avatar_asset_id').references(() => assets.id, { onDelete: 'set null' }),
});

/**
 * Content items: blog posts, events, store items (a product row shares the item id).
 * `structuredContent` holds what a record type adds on top (event dates, audio url ...).
 */
export const items = sqliteTable(
  'items',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    // SPEC §3 RecordType.
    recordType: integer('record_type').notNull(),
    urlId: text('url_id').notNull(),
    fullUrl: text('full_url').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    excerpt: text('excerpt'),
    structuredContent: text('structured_content', { mode: 'json' }).$type<Record<string, unknown>>(),
    authorId: text('author_id').references(() => authors.id, { onDelete: 'set null' }),
    categories: text('categories', { mode: 'json' }).$type<string[]>().notNull().default([]),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    starred: integer('starred', { mode: 'boolean' }).notNull().default(false),
    // 'published' | 'draft' | 'scheduled'; only published rows with publishOn <= now are public.
    status: text('status').notNull().default('published'),
    addedOn: integer('added_on').notNull(),
    publishOn: integer('publish_on'),
    updatedOn: integer('updated_on').notNull(),
    // SPEC §3: commentState 1 = comments enabled.
    commentState: integer('comment_state').notNull().default(0),
    publicCommentCount: integer('public_comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    mainImageId: text('main_image_id').references(() => assets.id, { onDelete: 'set null' }),
    sourceUrl: text('source_url'),
    externalLink: text('external_link'),
    displayIndex: integer('display_index').notNull().default(0),
  },
  (t) => [
    uniqueIndex('items_collection_url_id_uq').on(t.collectionId, t.urlId),
    index('items_collection_publish_idx').on(t.collectionId, t.status, t.publishOn),
    index('items_website_record_type_idx').on(t.websiteId, t.recordType),
  ],
);

/**
 * Ordered images of an item (product gallery); `items.mainImageId` is the first.
 * `altText` is this item's own alt text for the image (the product editor's); null uses the asset's.
 */
export const itemImages = sqliteTable(
  'item_images',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    altText: text('alt_text'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.assetId] }), index('item_images_item_position_idx').on(t.itemId, t.position)],
);

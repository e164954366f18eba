import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Pages built from sections and blocks. The layout lives in `page_revisions`; a page
 * points at its draft (the newest revision) and at its published revision, if any.
 * `status` is a SPEC §4 content status, or 'published' while a revision is live.
 */
export const pages = sqliteTable(
  'pages',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    status: text('status').notNull().default('draft'),
    draftVersion: integer('draft_version').notNull().default(1),
    publishedVersion: integer('published_version'),
    publishedOn: integer('published_on'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [uniqueIndex('pages_website_slug_uq').on(t.websiteId, t.slug), index('pages_website_updated_idx').on(t.websiteId, t.updatedOn)],
);

/**
 * Every save of a page's layout, immutable: a save inserts version n+1 only while n is
 * the newest (one conditional INSERT), restore copies an old document into a new version.
 */
export const pageRevisions = sqliteTable(
  'page_revisions',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // The layout document (blocks/layout-schema.ts), validated before it is written.
    document: text('document').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
    // The version this one restored, when it is a restore.
    restoredFrom: integer('restored_from'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.version] })],
);

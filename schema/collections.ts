import { sqliteTable, text, integer, uniqueIndex, index, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { forms } from './forms.js';

/**
 * Collections: pages (type 10), blogs (type 1), stores (type 13) and the rest of the
 * SPEC §3 CollectionType codes. A page's content is the block page of its URL id (schema/pages.ts).
 */
export const collections = sqliteTable(
  'collections',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // SPEC §3 CollectionType.
    type: integer('type').notNull(),
    urlId: text('url_id').notNull(),
    fullUrl: text('full_url').notNull(),
    title: text('title').notNull(),
    navigationTitle: text('navigation_title'),
    description: text('description'),
    // The form a page shows under its content (a contact page's form).
    formId: text('form_id').references(() => forms.id, { onDelete: 'set null' }),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    // A folder groups child collections; SPEC §3 FolderBehavior decides what its URL does.
    folder: integer('folder', { mode: 'boolean' }).notNull().default(false),
    folderBehavior: integer('folder_behavior'),
    parentId: text('parent_id').references((): AnySQLiteColumn => collections.id, { onDelete: 'set null' }),
    ordering: text('ordering').notNull().default('chronological'),
    displayIndex: integer('display_index').notNull().default(0),
    itemsPerPage: integer('items_per_page').notNull().default(20),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    isHomepage: integer('is_homepage', { mode: 'boolean' }).notNull().default(false),
    typeName: text('type_name'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('collections_website_url_id_uq').on(t.websiteId, t.urlId),
    index('collections_website_type_idx').on(t.websiteId, t.type),
  ],
);


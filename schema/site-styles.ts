import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Every save of a site's styles (domain/site-styles), immutable like page revisions: the
 * newest revision is the draft; the newest with `published_on` set is what visitors see.
 * A save inserts version n+1 only while n is the newest; publishing stamps the draft's row.
 */
export const siteStyleRevisions = sqliteTable(
  'site_style_revisions',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // The styles document, validated before it is written.
    document: text('document').notNull(),
    saveId: text('save_id').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    savedOn: integer('saved_on').notNull(),
    // When this revision went live (null: a draft never published).
    publishedOn: integer('published_on'),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.version] }), index('site_style_revisions_published_idx').on(t.websiteId, t.publishedOn)],
);

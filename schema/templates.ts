import { sqliteTable, text, integer, primaryKey } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * The theme's files per website (layouts, item and list templates, partials, blocks,
 * styles), addressed by their path inside the theme. `hash` is the SHA-256 of the
 * content so the edge can key its compiled-template cache on it.
 */
export const templates = sqliteTable(
  'templates',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content').notNull(),
    hash: text('hash').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.path] })],
);

import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * A site's promo popup (page type 104, domain/popups): the owner's draft design, saved under
 * `revision` (If-Match of a save), and what visitors see, `published` under `version`, which
 * each publish raises by one so visitors who closed an older version see the new one.
 */
export const promoPopups = sqliteTable('promo_popups', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  draft: text('draft').notNull(),
  revision: integer('revision').notNull().default(0),
  published: text('published'),
  version: integer('version').notNull().default(0),
  publishedOn: integer('published_on'),
  updatedOn: integer('updated_on').notNull(),
});

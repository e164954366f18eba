import { sqliteTable, text, integer, index, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { collections } from './collections.js';
import { pages } from './pages.js';

/**
 * SPEC §3 Navigation item: links a collection, a block page or an external URL; children nest by parentId.
 * `menu` names the navigation ('main-nav', 'secondary-nav', 'footer-nav').
 */
export const navigationItems = sqliteTable(
  'navigation_items',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    menu: text('menu').notNull(),
    parentId: text('parent_id').references((): AnySQLiteColumn => navigationItems.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    collectionId: text('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    pageId: text('page_id').references(() => pages.id, { onDelete: 'cascade' }),
    externalLink: text('external_link'),
    memberAreaId: text('member_area_id'),
    newWindow: integer('new_window', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('navigation_items_menu_idx').on(t.websiteId, t.menu, t.position)],
);

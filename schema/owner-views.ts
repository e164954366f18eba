import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { siteUsers } from './accounts.js';
import { websites } from './websites.js';

/** What a saved view remembers of the data table (edge/api/owner/views.ts checks its shape). */
export interface SavedViewState {
  sort: { id: string; desc: boolean }[];
  search: string;
  filters: Record<string, string>;
  /** Column ids the contributor hid. */
  hidden: string[];
  pageSize: number;
}

/**
 * Saved views of the owner app's data table: one contributor's named set of sort, filters,
 * search, page size and hidden columns for one screen (`screen`, e.g. 'orders'). `state` is
 * the JSON the table wrote (validated by zod at the API, edge/api/owner/views.ts). Names are
 * unique per contributor and screen; a contributor's views go with their account.
 */
export const ownerViews = sqliteTable(
  'owner_views',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    state: text('state', { mode: 'json' }).$type<SavedViewState>().notNull(),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [uniqueIndex('owner_views_user_screen_name_uq').on(t.siteUserId, t.screen, t.name), index('owner_views_site_idx').on(t.websiteId)],
);

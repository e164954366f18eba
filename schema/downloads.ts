import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { assets } from './assets.js';
import { orders } from './orders.js';
import { websites } from './websites.js';

/**
 * The right to download one digital product of one order. Links to it are
 * signed with HMAC (edge/services/downloads/links.ts) and carry `expiresOn`; the count
 * goes up by a conditional UPDATE that also enforces `maxDownloads` (null = no limit).
 */
export const downloadGrants = sqliteTable(
  'download_grants',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    assetId: text('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    downloads: integer('downloads').notNull().default(0),
    maxDownloads: integer('max_downloads'),
    expiresOn: integer('expires_on').notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('download_grants_order_idx').on(t.orderId)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { items } from './content.js';
import { websites } from './websites.js';

/** SPEC §1 product reviews: the owner moderates each one; only published reviews show. */
export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * One shopper's review of one product. Text is stored as entered (plain text, never
 * HTML) and escaped wherever it is shown. `email` is never shown on the storefront.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    email: text('email').notNull(),
    // Set when the review came through a signed review-request link (page type 209) or the
    // email has an order for the product.
    verifiedBuyer: integer('verified_buyer', { mode: 'boolean' }).notNull().default(false),
    // The order line a review-request link was for ('<order id>' or 'email:<address>'): one review each (issue 33, finding 10).
    requestLine: text('request_line'),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    createdOn: integer('created_on').notNull(),
    moderatedOn: integer('moderated_on'),
  },
  (t) => [
    index('reviews_item_status_idx').on(t.websiteId, t.itemId, t.status, t.createdOn),
    uniqueIndex('reviews_request_line_uq').on(t.websiteId, t.itemId, t.requestLine),
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    check('reviews_status_ck', sql`${t.status} in ('pending', 'published', 'rejected')`),
  ],
);

import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * SPEC §3 Restock sign-up: one row per (variant, email) — a repeated sign-up is the same
 * row (UNIQUE), re-armed when a notice was already sent. `sentOn` marks the notice queued.
 */
export const restockSignups = sqliteTable(
  'restock_signups',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    email: text('email').notNull(),
    language: text('language'),
    joinMailingList: integer('join_mailing_list', { mode: 'boolean' }).notNull().default(false),
    createdOn: integer('created_on').notNull(),
    sentOn: integer('sent_on'),
  },
  (t) => [
    uniqueIndex('restock_signups_variant_email_idx').on(t.websiteId, t.variantId, t.email),
    index('restock_signups_product_idx').on(t.websiteId, t.productId, t.variantId, t.createdOn),
  ],
);

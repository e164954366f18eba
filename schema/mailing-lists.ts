import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/** A site's mailing list; newsletter forms and restock sign-ups add subscribers to it. */
export const mailingLists = sqliteTable(
  'mailing_lists',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // HMAC key of the list's unsubscribe links (random, made on first use, never sent anywhere).
    signingKey: text('signing_key'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [index('mailing_lists_website_idx').on(t.websiteId)],
);

/** 'pending' until the double opt-in link is followed; 'unsubscribed' keeps the row for the record. */
/** `bounced`: the mail provider refused the address for good (e.g. an inactive recipient); no campaign goes to it. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced';

/**
 * One address on one list (unique per list). The double opt-in link carries a random
 * token stored only as its SHA-256 hash; unsubscribe links are signed with the list's key.
 */
export const mailingListSubscribers = sqliteTable(
  'mailing_list_subscribers',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    listId: text('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    // When the last confirmation mail went out: one per address and list per cool-down (issue 33, finding 2).
    confirmMailedOn: integer('confirm_mailed_on'),
    createdOn: integer('created_on').notNull(),
    confirmedOn: integer('confirmed_on'),
    unsubscribedOn: integer('unsubscribed_on'),
    // The added language (its code) of the sign-up whose confirmation mail went out last; null: the
    // primary. Campaign mails' footer and unsubscribe link follow it (issue 29, lang26).
    language: text('language'),
  },
  (t) => [
    uniqueIndex('mailing_list_subscribers_list_email_idx').on(t.listId, t.email),
    uniqueIndex('mailing_list_subscribers_confirm_idx').on(t.confirmTokenHash),
  ],
);

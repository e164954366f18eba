import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Platform tables (issue 34, docs/platform.md): the owners of the deployment's sites and
 * their rights on each site. They live in the one D1 (binding DB) for now, named `platform_*`
 * and referencing nothing but `websites`, so a later move to a platform binding is a copy of
 * these tables plus dropping the foreign key of `site_owners.website_id`.
 */

/** A platform owner account (email lower-cased and trimmed; the password hash as site_users have it). */
export const platformOwners = sqliteTable(
  'platform_owners',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedOn: integer('email_verified_on'),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [uniqueIndex('platform_owners_email_uq').on(t.email)],
);

/** Sessions on the platform host; only the SHA-256 of the cookie's token is stored. */
export const platformSessions = sqliteTable(
  'platform_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => platformOwners.id, { onDelete: 'cascade' }),
    createdOn: integer('created_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
  },
  (t) => [index('platform_sessions_owner_idx').on(t.ownerId)],
);

/**
 * Single-use platform links: email verification ('verify'), password reset ('reset') and the
 * hand-over of an owner's session to one site's host ('handoff', which names the website).
 */
export const platformTokens = sqliteTable(
  'platform_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['verify', 'reset', 'handoff'] }).notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => platformOwners.id, { onDelete: 'cascade' }),
    websiteId: text('website_id'),
    createdOn: integer('created_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
    usedOn: integer('used_on'),
  },
  (t) => [index('platform_tokens_owner_idx').on(t.ownerId)],
);

/** A platform owner's rights on a site: SPEC §3 contributor role ids, as `contributors.roles`. */
export const siteOwners = sqliteTable(
  'site_owners',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => platformOwners.id, { onDelete: 'cascade' }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    roles: text('roles', { mode: 'json' }).$type<number[]>().notNull(),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.websiteId] }), index('site_owners_website_idx').on(t.websiteId)],
);

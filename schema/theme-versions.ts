import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { websites } from './websites.js';

/**
 * Immutable versions of a site's theme (docs/api/themes.md). `number` counts up per site
 * from 1 (the seed's theme). `state` 'draft' | 'live' | 'retired': at most one live
 * version per site (the partial unique index is the site's live-version pointer). Publishing
 * copies the version's files into `templates`, the live theme the storefront renders from.
 * `createdBy` is a site user id or `token:<api token id>`.
 */
export const themeVersions = sqliteTable(
  'theme_versions',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').notNull().default('draft'),
    createdBy: text('created_by'),
    createdOn: integer('created_on').notNull(),
    publishedOn: integer('published_on'),
  },
  (t) => [
    uniqueIndex('theme_versions_number_idx').on(t.websiteId, t.number),
    uniqueIndex('theme_versions_live_idx').on(t.websiteId).where(sql`${t.state} = 'live'`),
  ],
);

/** The files of one theme version, never changed once written. `sha256` is the content's hex digest. */
export const themeFiles = sqliteTable(
  'theme_files',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => themeVersions.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.path] })],
);

/**
 * Per-site API tokens for tools (the `atelier` CLI): `tokenHash` is the SHA-256 (hex) of
 * the secret, which is shown once. `scopes` is a JSON array ('theme:read', 'theme:write').
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by'),
    createdOn: integer('created_on').notNull(),
    expiresOn: integer('expires_on').notNull(),
    revokedOn: integer('revoked_on'),
    lastUsedOn: integer('last_used_on'),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_website_idx').on(t.websiteId)],
);

/** Every authenticated use of an API token: route, time and source address. */
export const apiTokenUses = sqliteTable(
  'api_token_uses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenId: text('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    source: text('source').notNull(),
    usedOn: integer('used_on').notNull(),
  },
  (t) => [index('api_token_uses_token_idx').on(t.tokenId, t.usedOn)],
);

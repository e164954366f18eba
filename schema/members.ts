import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { siteUsers } from './accounts.js';
import { collections } from './collections.js';
import { pages } from './pages.js';
import { websites } from './websites.js';

/**
 * Passwords in front of published pages (issue 30): `scope` is 'site' (every page of the
 * site) or a page id. Only the PBKDF2 hash is stored (edge/services/accounts/passwords.ts);
 * `version` rises with every change, and the unlock cookie is signed over it, so a new
 * password ends every earlier unlock.
 */
export const accessPasswords = sqliteTable(
  'access_passwords',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    passwordHash: text('password_hash').notNull(),
    version: integer('version').notNull().default(1),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.scope] })],
);

/**
 * A member area (issue 30): pages only its members read. `access` is how one joins: 'free'
 * (sign up), 'one-time' (a price paid once) or 'recurring' (a monthly plan); `priceCents`
 * in minor units of `currency`, 0 for free. `version` backs If-Match on owner edits.
 */
export const memberAreas = sqliteTable(
  'member_areas',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    access: text('access', { enum: ['free', 'one-time', 'recurring'] }).notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    // The paywall product (type 5, hidden from the store) that sells a paid area's access
    // through checkout or subscriptions; null for a free area that was never paid. No foreign
    // key (SQLite adds columns without ON DELETE): a product deleted leaves an id nothing sells.
    productId: text('product_id'),
    version: integer('version').notNull().default(1),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [index('member_areas_website_idx').on(t.websiteId), check('member_areas_price_ck', sql`${t.priceCents} >= 0`)],
);

/**
 * The pages a member area protects. `teaserSections`: how many of the page's first
 * sections every visitor sees (the part before the 'members only' divider); null protects
 * the whole page. A page belongs to at most one area.
 */
export const memberAreaPages = sqliteTable(
  'member_area_pages',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    websiteId: text('website_id').notNull(),
    teaserSections: integer('teaser_sections'),
  },
  (t) => [uniqueIndex('member_area_pages_page_uq').on(t.pageId), index('member_area_pages_area_idx').on(t.areaId)],
);

/**
 * The collections a member area protects (a blog, a store, a gallery): the collection page,
 * its tag and category lists, its feed and every item page in it. Never a plain page
 * collection (type 10: its content is a page, protected through member_area_pages) nor the
 * home page. A collection belongs to at most one area.
 */
export const memberAreaCollections = sqliteTable(
  'member_area_collections',
  {
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    websiteId: text('website_id').notNull(),
  },
  (t) => [uniqueIndex('member_area_collections_collection_uq').on(t.collectionId), index('member_area_collections_area_idx').on(t.areaId)],
);

/**
 * A site user's membership of an area. `state`: 'active' or 'revoked' (by the owner) or
 * 'ended' (the paid plan ended); `source`: how it began ('free', 'grant', 'purchase',
 * 'subscription'); `grantedBy` the owner's email for a grant; `endsOn` null while open-ended.
 * One row per user and area: joining again reactivates it.
 */
export const memberships = sqliteTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    areaId: text('area_id')
      .notNull()
      .references(() => memberAreas.id, { onDelete: 'cascade' }),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['active', 'revoked', 'ended'] }).notNull(),
    source: text('source', { enum: ['free', 'grant', 'purchase', 'subscription'] }).notNull(),
    grantedBy: text('granted_by'),
    startsOn: integer('starts_on').notNull(),
    endsOn: integer('ends_on'),
    // With source 'subscription': the subscription whose state the access follows (active only).
    subscriptionId: text('subscription_id'),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [uniqueIndex('memberships_user_area_uq').on(t.areaId, t.siteUserId), index('memberships_website_idx').on(t.websiteId)],
);

import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, primaryKey, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import type { HslColor } from './types.js';

/** SPEC §3 Store settings, stored whole because templates read them as one object. */
export interface StoreSettings {
  multipleQuantityAllowedForServices: boolean;
  useCLDRMoneyFormat: boolean;
  expressCheckout?: boolean;
  /** Commerce preference `tax.pricesIncludeTax`: prices include the tax checkout extracts from them. */
  pricesIncludeTax?: boolean;
  selectedCurrency?: string;
  /** Payment providers whose scripts and frames checkout loads (opens the CSP to their hosts). */
  paymentProviders?: ('stripe' | 'paypal')[];
  [key: string]: unknown;
}

/** SPEC §3 site settings that drive comment and like rendering. */
export interface SiteSettings {
  commentsEnabled?: boolean;
  simpleLikingEnabled?: boolean;
  disqusShortname?: string;
  /** A configured Meta (Facebook) pixel id; opens the CSP to the pixel's hosts. */
  metaPixelId?: string;
  /** /.well-known/security.txt: Contact URIs (mailto:, https:, tel:), Policy URL, languages. */
  securityContact?: string | string[];
  securityPolicyUrl?: string;
  securityPreferredLanguages?: string;
  /** The header option of a multilingual site (issue 29): false hides the theme's language switcher. */
  languageSwitcher?: boolean;
  [key: string]: unknown;
}

/**
 * One row per website; every other table hangs off `websites.id`.
 * The request host picks the row by `primaryHost`; `isDefault` marks the site served
 * for localhost, 127.0.0.1 and unknown hosts in development.
 */
export const websites = sqliteTable(
  'websites',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    primaryHost: text('primary_host').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    title: text('title').notNull(),
    tagline: text('tagline'),
    locale: text('locale').notNull().default('en-US'),
    // SPEC §9: default time zone America/New_York; §3: default store currency USD.
    timeZone: text('time_zone').notNull().default('America/New_York'),
    currency: text('currency').notNull().default('USD'),
    colour: text('colour', { mode: 'json' }).$type<HslColor>(),
    siteSettings: text('site_settings', { mode: 'json' }).$type<SiteSettings>().notNull(),
    storeSettings: text('store_settings', { mode: 'json' }).$type<StoreSettings>().notNull(),
    localizedStrings: text('localized_strings', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    captchaSiteKey: text('captcha_site_key'),
    header: text('header'),
    footer: text('footer'),
    socialAccounts: text('social_accounts', { mode: 'json' }).$type<unknown[]>(),
    createdOn: integer('created_on').notNull(),
    updatedOn: integer('updated_on').notNull(),
    // Bumped by every owner change (edge/services/content-version.ts); tags cached pages.
    contentVersion: integer('content_version').notNull().default(1),
    // Trials and plans (issue 34, domain/platform): SPEC §3 subscription state (8 = paid), the plan
    // whose features the site has, when a trial ends (epoch ms; null when not on trial) and the site
    // type (SPEC §4: parking and cover pages never count as expired).
    subscriptionState: integer('subscription_state').notNull().default(8),
    plan: text('plan').notNull().default('commerce'),
    trialEndsOn: integer('trial_ends_on'),
    siteType: text('site_type').notNull().default('site'),
    // The billing provider's subscription reference once the site pays (edge/services/billing).
    billingReference: text('billing_reference'),
    // The Stripe `created` time (epoch seconds) of the last billing webhook event applied to the
    // site: an older event delivered late never undoes a newer state (edge/services/billing/webhook.ts).
    billingEventOn: integer('billing_event_on'),
    // Shards (issue 34, docs/platform.md "Shards"): the D1 database holding the site's rows (0 = binding
    // DB, n = DB_SHARD_n). DB's row is the directory entry every host lookup reads; `readOnly` is set
    // there while the site is being moved between shards (writes answer 503 site_read_only).
    shard: integer('shard').notNull().default(0),
    readOnly: integer('read_only', { mode: 'boolean' }).notNull().default(false),
    // When the owner deleted the site (epoch ms; null while it lives): offline at once, purged
    // by the daily Cron 30 days later unless restored (edge/services/site-lifecycle).
    deletedOn: integer('deleted_on'),
    // The shard a move is copying the site to, from its start until the old rows are gone: the
    // Cron jobs wait meanwhile (two copies of the site's queued work must not both run).
    movingTo: integer('moving_to'),
  },
  (t) => [
    uniqueIndex('websites_primary_host_uq').on(t.primaryHost),
    uniqueIndex('websites_identifier_uq').on(t.identifier),
    // At most one development default.
    uniqueIndex('websites_single_default_uq').on(t.isDefault).where(sql`${t.isDefault} = 1`),
    // The expiry Cron job finds trials that ended.
    index('websites_trial_idx').on(t.subscriptionState, t.trialEndsOn),
    // The purge Cron job finds sites deleted long enough ago.
    index('websites_deleted_idx').on(t.deletedOn),
    // Billing webhooks find the site by its provider subscription.
    index('websites_billing_reference_idx').on(t.billingReference),
  ],
);

/** Extra hosts (custom domains, aliases) that resolve to a website besides its primary host. */
export const websiteHosts = sqliteTable('website_hosts', {
  host: text('host').primaryKey(),
  websiteId: text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
});

/** SPEC §3 Multilingual: the languages a site publishes in. */
export const multilingualSettings = sqliteTable('multilingual_settings', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  defaultLanguage: text('default_language').notNull(),
  languages: text('languages', { mode: 'json' }).$type<string[]>().notNull(),
  /** Off after DELETE /api/multilingual/connection: one language again, the list and translations kept. */
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  updatedOn: integer('updated_on').notNull(),
});

/** SPEC §3 Commerce preferences: one JSON object per namespace per website. */
export const commercePreferences = sqliteTable(
  'commerce_preferences',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    namespace: text('namespace').notNull(),
    value: text('value', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    updatedOn: integer('updated_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.namespace] })],
);

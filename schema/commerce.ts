import { sqliteTable, text, integer, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import { items } from './content.js';
import { assets } from './assets.js';
import { forms } from './forms.js';

/**
 * A store item's commerce data; `itemId` is the content item it extends (recordType 11).
 * SPEC §3 Product: digital items carry their own price; every other type prices by variant.
 * Money is integer minor units plus an ISO currency code (DESIGN: Money).
 */
export const products = sqliteTable(
  'products',
  {
    itemId: text('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // SPEC §3 ProductType: physical 1, digital 2, service 3, gift card 4, paywall 5.
    productType: integer('product_type').notNull(),
    variantOptionOrdering: text('variant_option_ordering', { mode: 'json' }).$type<string[]>().notNull().default([]),
    currency: text('currency').notNull(),
    priceCents: integer('price_cents'),
    salePriceCents: integer('sale_price_cents'),
    onSale: integer('on_sale', { mode: 'boolean' }).notNull().default(false),
    digitalAssetId: text('digital_asset_id').references(() => assets.id, { onDelete: 'set null' }),
    isSubscribable: integer('is_subscribable', { mode: 'boolean' }).notNull().default(false),
    additionalFieldsFormId: text('additional_fields_form_id').references(() => forms.id, { onDelete: 'set null' }),
    useCustomAddButtonText: integer('use_custom_add_button_text', { mode: 'boolean' }).notNull().default(false),
    customAddButtonText: text('custom_add_button_text'),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    // A digital product's download grant per purchase: how often its file may be fetched and for
    // how many hours the links work; null takes the site's `digitalDownloads` preferences.
    maxDownloads: integer('max_downloads'),
    downloadLinkHours: integer('download_link_hours'),
    // The saved version an owner's save names (If-Match); bumped by a conditional UPDATE.
    version: integer('version').notNull().default(1),
  },
  (t) => [index('products_website_type_idx').on(t.websiteId, t.productType)],
);

/** SPEC §3 Variant: one purchasable sku; skus are unique within a website. */
export const variants = sqliteTable(
  'variants',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.itemId, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    currency: text('currency').notNull(),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    onSale: integer('on_sale', { mode: 'boolean' }).notNull().default(false),
    // Option name -> value, e.g. { Size: 'Large', Glaze: 'Celadon' }.
    attributes: text('attributes', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    unlimited: integer('unlimited', { mode: 'boolean' }).notNull().default(false),
    mainImageId: text('main_image_id').references(() => assets.id, { onDelete: 'set null' }),
    weightGrams: integer('weight_grams'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('variants_website_sku_uq').on(t.websiteId, t.sku),
    index('variants_product_position_idx').on(t.productId, t.position),
  ],
);

/** SPEC §3 Subscription: billing period and cycle count (0 = indefinite) per offered plan. */
export const subscriptionPlans = sqliteTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.itemId, { onDelete: 'cascade' }),
    billingPeriodValue: integer('billing_period_value').notNull(),
    // 'WEEK' | 'MONTH' | 'YEAR'
    billingPeriodUnit: text('billing_period_unit').notNull(),
    numBillingCycles: integer('num_billing_cycles').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('subscription_plans_product_idx').on(t.productId, t.position)],
);

/** SPEC §3 Product merchandising context, keyed by product id. */
export const merchandising = sqliteTable('merchandising', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.itemId, { onDelete: 'cascade' }),
  websiteId: text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  customSoldOutText: text('custom_sold_out_text'),
  scarcityEnabled: integer('scarcity_enabled', { mode: 'boolean' }).notNull().default(false),
  scarcityTemplateViews: text('scarcity_template_views', { mode: 'json' }).$type<string[]>().notNull().default([]),
  scarcityText: text('scarcity_text'),
  scarcityShownByDefault: integer('scarcity_shown_by_default', { mode: 'boolean' }).notNull().default(false),
  restockNotificationViews: text('restock_notification_views', { mode: 'json' }).$type<string[]>().notNull().default([]),
  restockNotificationMessages: text('restock_notification_messages', { mode: 'json' })
    .$type<Record<string, string>>()
    .notNull()
    .default({}),
  mailingListSignUpEnabled: integer('mailing_list_sign_up_enabled', { mode: 'boolean' }).notNull().default(false),
  mailingListOptInByDefault: integer('mailing_list_opt_in_by_default', { mode: 'boolean' }).notNull().default(false),
});

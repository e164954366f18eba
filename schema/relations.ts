import { relations } from 'drizzle-orm';
import { websites, websiteHosts, multilingualSettings, commercePreferences } from './websites.js';
import { collections } from './collections.js';
import { authors, items, itemImages } from './content.js';
import { assets } from './assets.js';
import { products, variants, subscriptionPlans, merchandising } from './commerce.js';
import { forms } from './forms.js';
import { navigationItems } from './navigation.js';
import { templates } from './templates.js';

// Relations let the edge load a page's graph in one `db.query.*.findFirst({ with })` call.

export const websitesRelations = relations(websites, ({ many, one }) => ({
  hosts: many(websiteHosts),
  collections: many(collections),
  navigationItems: many(navigationItems),
  templates: many(templates),
  commercePreferences: many(commercePreferences),
  multilingual: one(multilingualSettings),
}));

export const websiteHostsRelations = relations(websiteHosts, ({ one }) => ({
  website: one(websites, { fields: [websiteHosts.websiteId], references: [websites.id] }),
}));

export const multilingualRelations = relations(multilingualSettings, ({ one }) => ({
  website: one(websites, { fields: [multilingualSettings.websiteId], references: [websites.id] }),
}));

export const commercePreferencesRelations = relations(commercePreferences, ({ one }) => ({
  website: one(websites, { fields: [commercePreferences.websiteId], references: [websites.id] }),
}));

export const templatesRelations = relations(templates, ({ one }) => ({
  website: one(websites, { fields: [templates.websiteId], references: [websites.id] }),
}));

export const collectionsRelations = relations(collections, ({ one, many }) => ({
  website: one(websites, { fields: [collections.websiteId], references: [websites.id] }),
  form: one(forms, { fields: [collections.formId], references: [forms.id] }),
  items: many(items),
}));

export const itemsRelations = relations(items, ({ one, many }) => ({
  collection: one(collections, { fields: [items.collectionId], references: [collections.id] }),
  author: one(authors, { fields: [items.authorId], references: [authors.id] }),
  mainImage: one(assets, { fields: [items.mainImageId], references: [assets.id] }),
  images: many(itemImages),
  product: one(products, { fields: [items.id], references: [products.itemId] }),
}));

export const itemImagesRelations = relations(itemImages, ({ one }) => ({
  item: one(items, { fields: [itemImages.itemId], references: [items.id] }),
  asset: one(assets, { fields: [itemImages.assetId], references: [assets.id] }),
}));

export const authorsRelations = relations(authors, ({ many }) => ({ items: many(items) }));

export const productsRelations = relations(products, ({ one, many }) => ({
  item: one(items, { fields: [products.itemId], references: [items.id] }),
  variants: many(variants),
  subscriptionPlans: many(subscriptionPlans),
  merchandising: one(merchandising),
  additionalFieldsForm: one(forms, { fields: [products.additionalFieldsFormId], references: [forms.id] }),
  digitalAsset: one(assets, { fields: [products.digitalAssetId], references: [assets.id] }),
}));

export const variantsRelations = relations(variants, ({ one }) => ({
  product: one(products, { fields: [variants.productId], references: [products.itemId] }),
  mainImage: one(assets, { fields: [variants.mainImageId], references: [assets.id] }),
}));

export const subscriptionPlansRelations = relations(subscriptionPlans, ({ one }) => ({
  product: one(products, { fields: [subscriptionPlans.productId], references: [products.itemId] }),
}));

export const merchandisingRelations = relations(merchandising, ({ one }) => ({
  product: one(products, { fields: [merchandising.productId], references: [products.itemId] }),
}));

export const navigationItemsRelations = relations(navigationItems, ({ one, many }) => ({
  collection: one(collections, { fields: [navigationItems.collectionId], references: [collections.id] }),
  parent: one(navigationItems, { fields: [navigationItems.parentId], references: [navigationItems.id], relationName: 'children' }),
  children: many(navigationItems, { relationName: 'children' }),
}));

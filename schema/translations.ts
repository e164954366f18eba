import { sqliteTable, text, integer, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/** What a translated text belongs to (issue 29): one generic table for every kind. */
export const TRANSLATION_KINDS = ['block', 'navigation', 'product', 'category', 'system', 'tag', 'collection', 'form'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

/** SPEC §3 translation workflow states: only `done` texts are published. */
export const TRANSLATION_STATUSES = ['missing', 'draft', 'done'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/**
 * One translated text: a block prop of a page or of the header/footer (entity the page id,
 * `site-header` or `site-footer`; field `<blockId>:<prop path>`), a navigation label (entity
 * the link id), a product field (entity the item id; title, excerpt, body, seoTitle,
 * seoDescription; `option:<name>` and `value:<option>:<value>` for its variant options), a
 * category or tag name (entity the name, field `name`), a collection's title (entity the
 * collection id, field `title`), a form's words (entity the form id; `submitButtonText`,
 * `<fieldId>:title|description|placeholder`) or a system text (entity `strings`, field the SPEC §3
 * localized-string key). A removed language's rows stay, unpublished.
 */
export const translations = sqliteTable(
  'translations',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRANSLATION_KINDS }).notNull(),
    entityId: text('entity_id').notNull(),
    fieldKey: text('field_key').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: TRANSLATION_STATUSES }).notNull().default('draft'),
    updatedOn: integer('updated_on').notNull(),
    /** A digest of the primary-language source the text was translated from (null: unknown, e.g. seeded): a later source is 'outdated'. */
    sourceHash: text('source_hash'),
  },
  (t) => [
    uniqueIndex('translations_entry_uq').on(t.websiteId, t.kind, t.entityId, t.fieldKey, t.language),
    index('translations_language_idx').on(t.websiteId, t.language, t.status),
  ],
);

import { and, asc, eq, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import type { PageLayout } from '../../../blocks/layout-schema.js';
import { collections, forms, items, mailingLists, merchandising, navigationItems, pageRevisions, pages, products, variants, type TranslationKind, type TranslationStatus } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { headerFooterQuery, toHeaderFooter } from '../site-layout/header-footer.js';
import type { SiteRecord } from '../websites.js';
import { storedTranslations } from './store.js';
import { FORM_FIELD_TEXTS, layoutTexts, MAILING_LISTS_ENTITY, optionField, optionKey, PRODUCT_FIELDS, RESTOCK_OWNER_KEYS, restockKey, STORE_SETTINGS_ENTITY, valueKey } from './texts.js';
import { SYSTEM_TEXTS, TRANSLATED_ONLY_TEXTS } from './system-texts.js';
import { STORE_TEXTS, STORE_TEXTS_ENTITY } from '../../../domain/languages/store-texts.js';
import { FORM_MESSAGES, FORM_MESSAGES_ENTITY } from '../../../domain/messages/form-messages.js';
import { CAPTCHA_MESSAGES, CAPTCHA_MESSAGES_ENTITY } from '../../../domain/messages/captcha-messages.js';
import { RESTOCK_MESSAGES, RESTOCK_MESSAGES_ENTITY, RESTOCK_WORDING } from '../../../domain/messages/restock-messages.js';
import { ADDITIONAL_FIELDS_ENTITY, ADDITIONAL_FIELDS_TEXTS } from '../../../domain/messages/additional-fields-texts.js';

/** One translatable text of the site in its primary language, with its translation's state. */
export interface TranslatableText {
  kind: TranslationKind;
  entityId: string;
  fieldKey: string;
  /** What the owner sees the text belongs to: a page title, a product title, 'Header'. */
  entityTitle: string;
  source: string;
  text: string | null;
  status: TranslationStatus;
  updatedOn: number | null;
  /** The source changed since this text was translated (false when missing, or when not known: seeded rows). */
  outdated: boolean;
  /**
   * Only on a page's `title` text, when the page has its own published layout in the listed
   * language: that layout holds the language's own words, so the page's block texts are left
   * out of the list (only its title is still translated).
   */
  layout?: 'own';
}

type Source = Omit<TranslatableText, 'text' | 'status' | 'updatedOn' | 'outdated'>;

/**
 * A short digest of a source text, stored with its translation (`source_hash`) so a later,
 * different source marks the translation outdated. Two FNV-1a passes (32-bit, two offsets) as
 * 16 hex digits: enough to tell edits apart, not a security measure.
 */
export function sourceHash(source: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ source.length;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The pages with their own published layout in `language` (docs/api/pages.md, per-language layouts). */
async function ownLayoutPages(db: Db, websiteId: string, language: string): Promise<Set<string>> {
  const { results } = await query(() =>
    db.$client
      .prepare(
        `SELECT l.page_id FROM page_language_layouts l JOIN pages p ON p.id = l.page_id
         WHERE p.website_id = ? AND lower(l.language) = lower(?) AND l.published_version IS NOT NULL`,
      )
      .bind(websiteId, language)
      .all<{ page_id: string }>(),
  );
  return new Set(results.map((r) => r.page_id));
}

/**
 * Every text a visitor of the site reads that a translation can replace (issue 29 first
 * slice): published pages' block texts (in `language`, when given, not those of a page whose
 * own layout in it is published: that layout is written in the language), the header and footer, navigation labels, product
 * titles, excerpts, descriptions, SEO fields, add-button and own restock words, variant option names and values, collection
 * titles, category and tag names, forms' labels, help, placeholders and buttons (not the
 * product additional-fields forms), the SPEC §3 system texts, the store texts, the forms'
 * SPEC §5/§8 messages, the bot check's, the restock form's and the additional-fields dialog's words,
 * and the mailing lists' names.
 */
async function sourceTexts(db: Db, site: SiteRecord, language?: string): Promise<Source[]> {
  const own = language ? await ownLayoutPages(db, site.id, language) : new Set<string>();
  const [pageRows, [hf], navRows, productRows, variantRows, collectionRows, tagRows, formRows, merchRows, listRows] = await query(() =>
    db.batch([
      db
        .select({ id: pages.id, title: pages.title, document: pageRevisions.document })
        .from(pages)
        .innerJoin(pageRevisions, and(eq(pageRevisions.pageId, pages.id), eq(pageRevisions.version, pages.publishedVersion)))
        .where(and(eq(pages.websiteId, site.id), isNotNull(pages.publishedVersion), isNull(pages.trashedOn), notInArray(pages.status, ['private', 'deprecated'])))
        .orderBy(asc(pages.slug)),
      headerFooterQuery(db, site.id),
      db.select({ id: navigationItems.id, title: navigationItems.title }).from(navigationItems).where(eq(navigationItems.websiteId, site.id)).orderBy(asc(navigationItems.menu), asc(navigationItems.position)),
      db
        .select({ id: items.id, title: items.title, excerpt: items.excerpt, body: items.body, structuredContent: items.structuredContent, categories: items.categories, options: products.variantOptionOrdering,
          useButtonText: products.useCustomAddButtonText, buttonText: products.customAddButtonText })
        .from(items)
        // Every item: a collection's posts too (lang25), whose words translate as a product's.
        .leftJoin(products, eq(products.itemId, items.id))
        .where(eq(items.websiteId, site.id))
        .orderBy(asc(items.title)),
      db
        .select({ productId: variants.productId, attributes: variants.attributes })
        .from(variants)
        .innerJoin(items, eq(items.id, variants.productId))
        .where(eq(items.websiteId, site.id))
        .orderBy(asc(variants.productId), asc(variants.position)),
      db.select({ id: collections.id, title: collections.title }).from(collections).where(eq(collections.websiteId, site.id)).orderBy(asc(collections.title)),
      db.select({ tags: items.tags }).from(items).where(and(eq(items.websiteId, site.id), ne(items.tags, []))),
      db.select({ id: forms.id, name: forms.name, fields: forms.fields, submitButtonText: forms.submitButtonText, submissionHtml: forms.submissionHtml }).from(forms)
        .where(and(eq(forms.websiteId, site.id), ne(forms.kind, 'additional-fields'))).orderBy(asc(forms.name)),
      db.select({ productId: merchandising.productId, messages: merchandising.restockNotificationMessages }).from(merchandising).where(eq(merchandising.websiteId, site.id)),
      db.select({ id: mailingLists.id, name: mailingLists.name }).from(mailingLists).where(eq(mailingLists.websiteId, site.id)).orderBy(asc(mailingLists.name), asc(mailingLists.id)),
    ]),
  );
  const out: Source[] = [];
  const layout = (entityId: string, entityTitle: string, l: PageLayout | null) => {
    if (l) for (const [fieldKey, source] of layoutTexts(l)) out.push({ kind: 'block', entityId, fieldKey, entityTitle, source });
  };
  for (const p of pageRows) {
    if (own.has(p.id)) {
      out.push({ kind: 'block', entityId: p.id, fieldKey: 'title', entityTitle: p.title, source: p.title, layout: 'own' });
      continue;
    }
    out.push({ kind: 'block', entityId: p.id, fieldKey: 'title', entityTitle: p.title, source: p.title });
    layout(p.id, p.title, JSON.parse(p.document) as PageLayout);
  }
  const headerFooter = toHeaderFooter(hf);
  layout('site-header', 'Header', headerFooter.header);
  layout('site-footer', 'Footer', headerFooter.footer);
  for (const n of navRows) out.push({ kind: 'navigation', entityId: n.id, fieldKey: 'title', entityTitle: 'Navigation', source: n.title });
  const categories = new Set<string>();
  const valuesOf = new Map<string, Map<string, Set<string>>>();
  for (const v of variantRows) {
    const byName = valuesOf.get(v.productId) ?? new Map<string, Set<string>>();
    valuesOf.set(v.productId, byName);
    for (const [name, value] of Object.entries(v.attributes ?? {})) if (value) (byName.get(name) ?? byName.set(name, new Set()).get(name)!).add(value);
  }
  const restockOf = new Map(merchRows.map((m) => [m.productId, m.messages]));
  for (const p of productRows) {
    const sc = p.structuredContent ?? {};
    // The owner's add-button words only while the product uses them (as the button does).
    const own: Record<string, unknown> = { title: p.title, excerpt: p.excerpt, body: p.body, customAddButtonText: p.useButtonText ? p.buttonText : null };
    for (const fieldKey of PRODUCT_FIELDS) {
      const value = fieldKey in own ? own[fieldKey] : sc[fieldKey];
      if (typeof value === 'string' && value.trim()) out.push({ kind: 'product', entityId: p.id, fieldKey, entityTitle: p.title, source: value });
    }
    const values = valuesOf.get(p.id);
    for (const name of p.options ?? []) {
      out.push({ kind: 'product', entityId: p.id, fieldKey: optionKey(name), entityTitle: p.title, source: name });
      for (const value of values?.get(name) ?? []) out.push({ kind: 'product', entityId: p.id, fieldKey: valueKey(name, value), entityTitle: p.title, source: value });
    }
    // The owner's own restock words (not the default wording, which the system texts translate).
    const restock = restockOf.get(p.id) ?? {};
    for (const key of RESTOCK_OWNER_KEYS) {
      const value = restock[key];
      if (typeof value === 'string' && value.trim() && value !== (RESTOCK_WORDING as Record<string, string>)[key]) {
        out.push({ kind: 'product', entityId: p.id, fieldKey: restockKey(key), entityTitle: p.title, source: value });
      }
    }
    for (const c of p.categories ?? []) categories.add(c);
  }
  for (const c of [...categories].sort()) out.push({ kind: 'category', entityId: c, fieldKey: 'name', entityTitle: 'Categories', source: c });
  for (const c of collectionRows) out.push({ kind: 'collection', entityId: c.id, fieldKey: 'title', entityTitle: 'Collections', source: c.title });
  const tags = new Set(tagRows.flatMap((r) => r.tags ?? []));
  for (const t of [...tags].sort()) out.push({ kind: 'tag', entityId: t, fieldKey: 'name', entityTitle: 'Tags', source: t });
  for (const f of formRows) {
    const text = (fieldKey: string, source: unknown) => {
      if (typeof source === 'string' && source.trim()) out.push({ kind: 'form', entityId: f.id, fieldKey, entityTitle: f.name, source });
    };
    for (const field of f.fields) {
      for (const key of FORM_FIELD_TEXTS) text(`${field.id}:${key}`, (field as Record<string, unknown>)[key]);
      if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'select') for (const option of field.options ?? []) text(optionField(field.id, option), option);
    }
    text('submitButtonText', f.submitButtonText ?? 'Submit');
    text('submissionHtml', f.submissionHtml);
    // The form's name is the heading a newsletter form shows (the demo theme's footer).
    text('name', f.name);
  }
  const strings = { ...SYSTEM_TEXTS, ...TRANSLATED_ONLY_TEXTS, ...site.localizedStrings };
  for (const [key, source] of Object.entries(strings)) {
    if (typeof source === 'string') out.push({ kind: 'system', entityId: 'strings', fieldKey: key, entityTitle: 'Store texts', source });
  }
  // The owner's own site-wide restock success text (SPEC §4 'Signed up!' unless set).
  const siteSuccess = site.storeSettings.restockSuccessText;
  if (typeof siteSuccess === 'string' && siteSuccess.trim()) out.push({ kind: 'system', entityId: STORE_SETTINGS_ENTITY, fieldKey: 'restockSuccessText', entityTitle: 'Restock sign-up form', source: siteSuccess });
  // The mailing lists' names: the newsletter confirmation mail and page name the list (lang27).
  for (const l of listRows) if (l.name.trim()) out.push({ kind: 'system', entityId: MAILING_LISTS_ENTITY, fieldKey: l.id, entityTitle: 'Mailing lists', source: l.name });
  for (const [key, source] of Object.entries(STORE_TEXTS)) out.push({ kind: 'system', entityId: STORE_TEXTS_ENTITY, fieldKey: key, entityTitle: 'Cart, checkout and confirmation', source });
  for (const [key, source] of Object.entries(FORM_MESSAGES)) out.push({ kind: 'system', entityId: FORM_MESSAGES_ENTITY, fieldKey: key, entityTitle: 'Form messages', source });
  // The bot check, the restock sign-up form and the product additional-fields dialog (issue 29).
  const more: [string, string, Record<string, string>][] = [
    [CAPTCHA_MESSAGES_ENTITY, 'Bot check (CAPTCHA)', CAPTCHA_MESSAGES],
    [RESTOCK_MESSAGES_ENTITY, 'Restock sign-up form', { ...RESTOCK_WORDING, ...RESTOCK_MESSAGES }],
    [ADDITIONAL_FIELDS_ENTITY, 'Product additional-fields form', ADDITIONAL_FIELDS_TEXTS],
  ];
  for (const [entityId, entityTitle, texts] of more) {
    for (const [key, source] of Object.entries(texts)) out.push({ kind: 'system', entityId, fieldKey: key, entityTitle, source });
  }
  return out;
}

const keyOf = (t: { kind: string; entityId: string; fieldKey: string }) => `${t.kind}\u0000${t.entityId}\u0000${t.fieldKey}`;

/** The site's translatable texts with their state in `language` (missing when never saved). */
export async function translatableTexts(db: Db, site: SiteRecord, language: string): Promise<TranslatableText[]> {
  const [sources, stored] = await Promise.all([sourceTexts(db, site, language), storedTranslations(db, site.id, language)]);
  const byKey = new Map(stored.map((r) => [keyOf(r), r]));
  return sources.map((s) => {
    const row = byKey.get(keyOf(s));
    const outdated = !!row?.sourceHash && row.sourceHash !== sourceHash(s.source);
    return { ...s, text: row?.text ?? null, status: row?.status ?? 'missing', updatedOn: row?.updatedOn ?? null, outdated };
  });
}

/** How many of the site's texts are missing, draft and done in `language`. */
export function statusCounts(texts: readonly TranslatableText[]): Record<TranslationStatus, number> {
  const counts: Record<TranslationStatus, number> = { missing: 0, draft: 0, done: 0 };
  for (const t of texts) counts[t.status]++;
  return counts;
}

export { keyOf as translationKey };

/**
 * The primary-language source of `kind/entity/field`, or undefined when the site has no such
 * text in `language` (a PUT may only target those: not the block texts of a page whose own
 * layout in the language is published).
 */
export async function translatableSource(db: Db, site: SiteRecord, language: string, kind: TranslationKind, entityId: string, fieldKey: string): Promise<string | undefined> {
  const sources = await sourceTexts(db, site, language);
  const key = keyOf({ kind, entityId, fieldKey });
  return sources.find((s) => keyOf(s) === key)?.source;
}

import type { PageLayout } from '../../../blocks/layout-schema.js';
import type { TranslationKind } from '../../../schema/translations.js';
import { FORM_MESSAGES, FORM_MESSAGES_ENTITY, formMessages, type FormMessages } from '../../../domain/messages/form-messages.js';
import { CAPTCHA_MESSAGES, CAPTCHA_MESSAGES_ENTITY } from '../../../domain/messages/captcha-messages.js';
import { RESTOCK_MESSAGES, RESTOCK_MESSAGES_ENTITY, RESTOCK_WORDING } from '../../../domain/messages/restock-messages.js';
import { ADDITIONAL_FIELDS_ENTITY, ADDITIONAL_FIELDS_TEXTS } from '../../../domain/messages/additional-fields-texts.js';

/**
 * Which texts of a page are translatable, and how a translation replaces one (issue 29).
 * Pure: the page builders apply a `TranslationTable` to block layouts, navigation, items
 * and system texts; the owner API lists the same texts to count what is missing.
 */

/** Block props holding words a visitor reads (ProseMirror text nodes are `text` too); never URLs or options. */
const TEXT_PROPS = new Set([
  'text', 'title', 'label', 'caption', 'alt', 'description', 'placeholder', 'note', 'buttonLabel', 'markdown',
  'heading', 'subtitle', 'quote', 'attribution', 'buttonText', 'artist',
]);

/** Product fields a translation may replace: `structuredContent` holds the SEO ones and the add button's own words. */
export const PRODUCT_FIELDS = ['title', 'excerpt', 'body', 'seoTitle', 'seoDescription', 'customAddButtonText'] as const;

/** The translated texts of one language, looked up by kind, entity and field. */
export class TranslationTable {
  readonly #texts = new Map<string, string>();

  constructor(rows: Iterable<{ kind: string; entityId: string; fieldKey: string; text: string }> = []) {
    for (const r of rows) this.#texts.set(`${r.kind}\u0000${r.entityId}\u0000${r.fieldKey}`, r.text);
  }

  get(kind: TranslationKind, entityId: string, field: string): string | undefined {
    return this.#texts.get(`${kind}\u0000${entityId}\u0000${field}`);
  }

  get size(): number {
    return this.#texts.size;
  }
}

type Visit = (field: string, text: string) => string | undefined;

function walkProps(value: unknown, path: string, visit: Visit, depth: number): unknown {
  if (depth > 12) return value;
  if (Array.isArray(value)) return value.map((v, i) => walkProps(v, `${path}.${i}`, visit, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    out[key] = typeof v === 'string' && TEXT_PROPS.has(key) && v.trim() ? (visit(at, v) ?? v) : walkProps(v, at, visit, depth + 1);
  }
  return out;
}

/**
 * A copy of `layout` whose translatable block props `visit` may replace; each text is
 * named `<blockId>:<prop path>` (e.g. `hero-text:text.content.0.content.0.text`).
 */
export function mapLayoutTexts(layout: PageLayout, visit: Visit): PageLayout {
  return {
    ...layout,
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) => ({
        ...block,
        props: walkProps(block.props, '', (path, text) => visit(`${block.id}:${path}`, text), 0) as typeof block.props,
      })),
    })),
  };
}

/** The translatable texts of a layout, in order: `[field, source text]`. */
export function layoutTexts(layout: PageLayout): [string, string][] {
  const out: [string, string][] = [];
  mapLayoutTexts(layout, (field, text) => {
    out.push([field, text]);
    return undefined;
  });
  return out;
}

/** `layout` in the table's language (entity: a page id, `site-header` or `site-footer`); untranslated texts stay. */
export function translateLayout(layout: PageLayout, entityId: string, table: TranslationTable): PageLayout {
  if (table.size === 0) return layout;
  return mapLayoutTexts(layout, (field) => table.get('block', entityId, field));
}

type Json = Record<string, unknown>;

/** The translation keys of a product's variant option name and of one of its values. */
export const optionKey = (name: string) => `option:${name}`;
export const valueKey = (name: string, value: string) => `value:${name}:${value}`;

/**
 * A product's variant options in the table's language, in place on a copy of its
 * `structuredContent` (option order, each variant's attributes and option values): every
 * place names an option or value the same way, so the product form still matches variants.
 */
function translateOptions(id: string, sc: Json, table: TranslationTable): void {
  const name = (n: string) => table.get('product', id, optionKey(n)) ?? n;
  const value = (n: string, v: string) => table.get('product', id, valueKey(n, v)) ?? v;
  if (Array.isArray(sc.variantOptionOrdering)) sc.variantOptionOrdering = sc.variantOptionOrdering.map((n) => (typeof n === 'string' ? name(n) : n));
  if (!Array.isArray(sc.variants)) return;
  sc.variants = sc.variants.map((variant: unknown) => {
    if (!variant || typeof variant !== 'object') return variant;
    const v = { ...(variant as Json) };
    if (v.attributes && typeof v.attributes === 'object') {
      v.attributes = Object.fromEntries(Object.entries(v.attributes as Record<string, unknown>).map(([n, x]) => [name(n), typeof x === 'string' ? value(n, x) : x]));
    }
    if (Array.isArray(v.optionValues)) {
      v.optionValues = v.optionValues.map((o: { optionName?: unknown; value?: unknown }) =>
        typeof o?.optionName === 'string' && typeof o.value === 'string' ? { ...o, optionName: name(o.optionName), value: value(o.optionName, o.value) } : o,
      );
    }
    return v;
  });
}

function translateItem(item: Json, table: TranslationTable): void {
  const id = item.id as string;
  for (const field of ['title', 'excerpt', 'body'] as const) {
    const text = table.get('product', id, field);
    if (text !== undefined) item[field] = text;
  }
  const sc = item.structuredContent;
  if (sc && typeof sc === 'object') {
    const copy: Json = { ...(sc as Json) };
    for (const field of ['seoTitle', 'seoDescription', 'customAddButtonText'] as const) {
      const text = table.get('product', id, field);
      if (text !== undefined) copy[field] = text;
    }
    translateOptions(id, copy, table);
    item.structuredContent = copy;
  }
  if (Array.isArray(item.categories)) item.categories = item.categories.map((c) => (typeof c === 'string' ? (table.get('category', c, 'name') ?? c) : c));
  if (Array.isArray(item.tags)) item.tags = item.tags.map((t) => (typeof t === 'string' ? (table.get('tag', t, 'name') ?? t) : t));
}

/**
 * A cart entry (SPEC §3 Cart entry, `entryJson`) in the table's language, in place: the
 * product's title and its chosen variant's option names and values (the entry still names
 * its item and SKU, which is what the cart's writes use).
 */
export function translateCartEntry(entry: Json, table: TranslationTable): void {
  const id = entry.itemId as string;
  entry.title = table.get('product', id, 'title') ?? entry.title;
  if (!entry.chosenVariant || typeof entry.chosenVariant !== 'object') return;
  // A copy, translated as a product's one variant (the same names as its product page).
  const holder: Json = { variants: [entry.chosenVariant] };
  translateOptions(id, holder, table);
  entry.chosenVariant = (holder.variants as Json[])[0];
}

/** The words of a form field a translation may replace (its options by `optionField`, mapped back on a post). */
export const FORM_FIELD_TEXTS = ['title', 'description', 'placeholder'] as const;

/** The translation key of one option of a form field (radio, checkbox, select). */
export const optionField = (fieldId: string, option: string) => `${fieldId}:option:${option}`;

const CHOICE_TYPES = new Set(['radio', 'checkbox', 'select']);

/**
 * A posted form's raw values with each translated option of a choice field put back as the
 * primary-language option it translates (issue 29): the submission stores the canonical
 * value, so the owner's submissions table reads one set of options. Values that are an option
 * already, or no translation, stay as they are.
 */
export function canonicalChoices(
  formId: string, fields: readonly { id: string; type: string; options?: string[] | undefined }[], raw: Record<string, unknown>, table: TranslationTable,
): Record<string, unknown> {
  if (table.size === 0) return raw;
  const out = { ...raw };
  for (const field of fields) {
    if (!CHOICE_TYPES.has(field.type) || !(field.id in out)) continue;
    const options = field.options ?? [];
    const back = new Map<string, string>();
    for (const option of options) {
      const text = table.get('form', formId, optionField(field.id, option));
      if (text !== undefined && !options.includes(text)) back.set(text, option);
    }
    if (back.size === 0) continue;
    const one = (v: unknown) => (typeof v === 'string' ? (back.get(v) ?? v) : v);
    const value = out[field.id];
    out[field.id] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return out;
}

/** The form messages in the language of `table` (its translations over the English); English without one. */
export function translatedFormMessages(table: TranslationTable | undefined): FormMessages {
  return formMessages((key) => table?.get('system', FORM_MESSAGES_ENTITY, key));
}

/**
 * The system texts of `entity` translated in `table`: only those with a translation (what
 * islands get as props, falling back to their English), undefined when none is.
 */
export function translatedOnly<K extends string>(table: TranslationTable | undefined, entity: string, english: Record<K, string>): Partial<Record<K, string>> | undefined {
  if (!table) return undefined;
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(english) as K[]) {
    const text = table.get('system', entity, key);
    if (text) out[key] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The system texts of `entity` in the language of `table` over their English (English without one). */
export function translatedTexts<K extends string>(table: TranslationTable | undefined, entity: string, english: Record<K, string>): Record<K, string> {
  return { ...english, ...translatedOnly(table, entity, english) };
}

/** A page's bot-check settings (`{ siteKey, provider }`) with the translated bot-check texts as `texts` (issue 29). */
export function withCaptchaTexts<T extends object>(settings: T, table: TranslationTable | undefined): T {
  const texts = translatedOnly(table, CAPTCHA_MESSAGES_ENTITY, CAPTCHA_MESSAGES);
  return texts ? { ...settings, texts } : settings;
}

/** The restock form's words an owner may set per product (`restockNotificationMessages`), translatable as the product's `restock:<key>`. */
export const RESTOCK_OWNER_KEYS = [...(Object.keys(RESTOCK_WORDING) as (keyof typeof RESTOCK_WORDING)[]), 'successText'] as const;

/** The translation key of a product's own restock words (`restock:CTAText`, `restock:successText`). */
export const restockKey = (key: string) => `restock:${key}`;

/**
 * The owner's own restock words of a product (`text`, stored under `key`) in the table's
 * language: the product's translation, else the owner's English words.
 */
export function ownRestockText(table: TranslationTable | undefined, productId: string, key: string, text: string): string {
  return table?.get('product', productId, restockKey(key)) ?? text;
}

/** The entity (kind `system`) of the owner's site-wide store words: `restockSuccessText` (lang19). */
export const STORE_SETTINGS_ENTITY = 'store-settings';

/** The entity (kind `system`) of the site's mailing lists' names, each under its list id (lang27). */
export const MAILING_LISTS_ENTITY = 'mailing-lists';

/**
 * A mailing list's name (the newsletter confirmation mail's and page's) in the table's language:
 * its translation, else the owner's name for it.
 */
export function mailingListName(table: TranslationTable | undefined, listId: string, name: string): string {
  return table?.get('system', MAILING_LISTS_ENTITY, listId) ?? name;
}

/**
 * The owner's site-wide restock success text (`storeSettings.restockSuccessText`) in the table's
 * language: its translation, else the owner's words.
 */
export function siteRestockSuccessText(table: TranslationTable | undefined, text: string): string {
  return table?.get('system', STORE_SETTINGS_ENTITY, 'restockSuccessText') ?? text;
}

/**
 * A product's merchandising (productMerchandisingContext entry, keyed by `productId`) in the
 * language: the restock form's default wording through the system translations, the owner's own
 * wording and success text through the product's (issue 29), each else as it is; and the
 * translated restock messages as `restockNotificationMessages.texts` for the restock island.
 */
function translateMerchandising(settings: Json, table: TranslationTable, productId: string | undefined): void {
  const messages: Json = { ...(settings.restockNotificationMessages as Json) };
  settings.restockNotificationMessages = messages;
  for (const [key, english] of Object.entries(RESTOCK_WORDING)) {
    if (messages[key] === english) messages[key] = table.get('system', RESTOCK_MESSAGES_ENTITY, key) ?? english;
    else if (productId && typeof messages[key] === 'string') messages[key] = ownRestockText(table, productId, key, messages[key]);
  }
  if (productId && typeof messages.successText === 'string' && messages.successText) messages.successText = ownRestockText(table, productId, 'successText', messages.successText);
  const texts = translatedOnly(table, RESTOCK_MESSAGES_ENTITY, RESTOCK_MESSAGES);
  if (texts) messages.texts = texts;
}

/**
 * A product's additional-fields form (in its `structuredContent`) gets the dialog's translated
 * words as `texts`; the owner's form itself is left as it is.
 */
function translateAdditionalFieldsTexts(item: Json, table: TranslationTable): void {
  const sc = item.structuredContent as Json | undefined;
  const form = sc?.additionalFieldsForm;
  if (!sc || !form || typeof form !== 'object') return;
  const texts = translatedOnly(table, ADDITIONAL_FIELDS_ENTITY, ADDITIONAL_FIELDS_TEXTS);
  // translateItem gave the item its own structuredContent; the form is copied, never changed where it is shared.
  if (texts) item.structuredContent = { ...sc, additionalFieldsForm: { ...(form as Json), texts } };
}

function translateForm(form: Json, table: TranslationTable): void {
  const id = form.id as string;
  form.submitButtonText = table.get('form', id, 'submitButtonText') ?? form.submitButtonText;
  if (typeof form.name === 'string') form.name = table.get('form', id, 'name') ?? form.name;
  // The success message (its markup as the owner wrote it, translated whole).
  if (typeof form.submissionHtml === 'string' && form.submissionHtml) form.submissionHtml = table.get('form', id, 'submissionHtml') ?? form.submissionHtml;
  form.fields = (form.fields as unknown[]).map((field) => {
    if (!field || typeof field !== 'object' || typeof (field as Json).id !== 'string') return field;
    const f = { ...(field as Json) };
    for (const key of FORM_FIELD_TEXTS) {
      const text = table.get('form', id, `${f.id as string}:${key}`);
      if (text !== undefined) f[key] = text;
    }
    // Options shown (and posted) in the language; canonicalChoices maps a post back to the primary's.
    if (CHOICE_TYPES.has(f.type as string) && Array.isArray(f.options)) {
      const word = (o: unknown) => (typeof o === 'string' ? (table.get('form', id, optionField(f.id as string, o)) ?? o) : o);
      f.options = f.options.map(word);
      if (Array.isArray(f.choices)) f.choices = f.choices.map((ch: Json) => ({ ...ch, value: word(ch.value) }));
    }
    return f;
  });
  // The form messages of the language (issue 29): only the translated ones travel; the island and theme fall back to English.
  const messages: Record<string, string> = {};
  for (const key of Object.keys(FORM_MESSAGES)) {
    // The no-JS 404 page's title is the server's alone.
    if (key === 'notFoundTitle') continue;
    const text = table.get('system', FORM_MESSAGES_ENTITY, key);
    if (text) messages[key] = text;
  }
  if (Object.keys(messages).length > 0) form.messages = messages;
  // A select's empty choice, in the field itself (the theme's field partial sees only the field).
  // The bot check's texts of the language, beside its site key (use-captcha.tsx reads `texts`).
  if (form.captcha && typeof form.captcha === 'object' && (form.captcha as Json).siteKey) form.captcha = withCaptchaTexts(form.captcha as Json, table);
  if (messages.selectOption) form.fields = (form.fields as Json[]).map((f) => (f && f.type === 'select' ? { ...f, selectText: messages.selectOption } : f));
}

/**
 * Translates, in place, every item (an object with an `id`, a `title` and a `recordType`)
 * found in a page context or in blocks' loaded data: title, excerpt, body, SEO fields,
 * variant options and values, category and tag names; and every collection (an `id`, a
 * `title` and a `typeName`): its title; every form (an `id`, `fields` and a
 * `submitButtonText`): its field labels, help and placeholders and its button; every cart
 * entry (an `itemId`, a `title` and a `chosenVariant`): its title and option words; every
 * product's merchandising (under its product id, `key`): its restock words. Walks at most 8
 * levels; layouts and markup strings are left alone.
 */
export function translateItemsIn(value: unknown, table: TranslationTable, depth = 0, key?: string): void {
  if (table.size === 0 || depth > 8 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) translateItemsIn(v, table, depth + 1);
    return;
  }
  const obj = value as Json;
  if (typeof obj.id === 'string' && typeof obj.title === 'string' && typeof obj.recordType === 'number') {
    translateItem(obj, table);
    translateAdditionalFieldsTexts(obj, table);
  }
  else if (typeof obj.id === 'string' && typeof obj.title === 'string' && typeof obj.typeName === 'string') obj.title = table.get('collection', obj.id, 'title') ?? obj.title;
  else if (typeof obj.id === 'string' && Array.isArray(obj.fields) && typeof obj.submitButtonText === 'string') translateForm(obj, table);
  else if (typeof obj.itemId === 'string' && typeof obj.title === 'string' && obj.chosenVariant && typeof obj.chosenVariant === 'object') translateCartEntry(obj, table);
  else if (obj.restockNotificationMessages && typeof obj.restockNotificationMessages === 'object' && Array.isArray(obj.restockNotificationViews)) translateMerchandising(obj, table, key);
  for (const [name, v] of Object.entries(obj)) {
    if (name === 'layout' || name === 'structuredContent' || name === 'seo') continue;
    // `name` goes along: a productMerchandisingContext entry is keyed by its product id.
    if (v && typeof v === 'object') translateItemsIn(v, table, depth + 1, name);
  }
}

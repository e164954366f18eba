import { STORE_TEXTS_ENTITY, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { languagePrefix } from '../../../domain/languages/languages.js';
import { displayMoney, minorToDecimal } from '../../../domain/money/money.js';
import type { Db } from '../db.js';
import { readLanguages } from './settings.js';
import { loadTranslationTable } from './store.js';
import type { TranslationTable } from './texts.js';

/**
 * The language a mail to a shopper goes in (issue 29) when it is an added one: its store
 * texts over English, and its published texts for product names. Absent: the primary.
 */
export interface MailLanguage {
  code: string;
  /** The path prefix of its pages, which the mail's links go under: '/fr'. */
  prefix: string;
  texts: StoreTexts;
  table: TranslationTable;
}

/**
 * `wanted` (an order's language, a shopper's locale) as a mail language when the site
 * publishes it as an added language now; undefined (the primary) otherwise.
 */
export async function mailLanguage(db: Db, site: { id: string; locale: string }, wanted: string | null | undefined): Promise<MailLanguage | undefined> {
  if (!wanted) return undefined;
  const { languages } = await readLanguages(db, site.id, site.locale);
  const code = languages.enabled ? languages.added.find((l) => l.toLowerCase() === wanted.toLowerCase()) : undefined;
  return code ? withTable(code, await loadTranslationTable(db, site.id, code)) : undefined;
}

/** A mail language from a table already loaded. */
export function withTable(code: string, table: TranslationTable): MailLanguage {
  return { code, prefix: `/${languagePrefix(code)}`, table, texts: storeTexts((key) => table.get('system', STORE_TEXTS_ENTITY, key)) };
}

/** A product's name as the mail shows it: its translated title, else the stored name. */
export function productName(language: MailLanguage | undefined, itemId: string | null | undefined, name: string): string {
  return (itemId && language?.table.get('product', itemId, 'title')) || name;
}

/** Money in a mail: '36.00 USD' in the primary language, the added language's currency format otherwise ('36,00 $US'). */
export function mailMoney(language: { code: string } | undefined, currency: string): (minor: number) => string {
  return language ? (n) => displayMoney(n, currency, language.code) : (n) => `${minorToDecimal(n, currency)} ${currency}`;
}

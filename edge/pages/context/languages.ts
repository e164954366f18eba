import { CHECKOUT_PATH } from '../../../domain/constants/storefront.js';
import { isRtl, languageName, languagePrefix } from '../../../domain/languages/languages.js';
import { fillText, STORE_TEXTS_ENTITY, storeTexts, type StoreTexts } from '../../../domain/languages/store-texts.js';
import { publishedLanguages, type SiteLanguages } from '../../services/multilingual/settings.js';
import { TRANSLATED_ONLY_TEXTS } from '../../services/multilingual/system-texts.js';
import type { TranslationTable } from '../../services/multilingual/texts.js';
import type { PageRequest } from '../page-request.js';
import { canonicalOrigin } from '../seo/meta.js';
import type { CouponWords } from '../../services/checkout/coupons.js';
import { couponWordsIn } from '../../services/orders/coupon-words.js';

/** One language version of the page: the switcher's link and an hreflang alternate. */
interface LanguageLink {
  code: string;
  name: string;
  url: string;
  current: boolean;
}

export interface LanguageContext {
  code: string;
  rtl: boolean;
  /** `languages` of the page context on a multilingual site: `items` and the `xDefault` URL. */
  switcher?: { items: LanguageLink[]; xDefault: string; showSwitcher: boolean };
}

/** The page's path without its language prefix, with `?page=N` past the first page (as canonical URLs have it). */
function sharedPath(req: PageRequest): string {
  const path = req.language ? req.url.pathname.slice(req.language.prefix.length) || '/' : req.url.pathname;
  const page = Number(req.url.searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
}

/**
 * The page's language (issue 29) and, when the site publishes more than one, an absolute
 * URL of the same page in each of them: the header's switcher links to these (absolute, so
 * a translated page's link rewriting leaves them alone) and the layout's head lists them as
 * `hreflang` alternates, the primary language's as `x-default`.
 */
export function languageContext(req: PageRequest, languages: SiteLanguages): LanguageContext {
  const code = req.language?.code ?? languages.primary;
  const out: LanguageContext = { code, rtl: isRtl(code) };
  const all = publishedLanguages(languages);
  if (all.length < 2) return out;
  const origin = canonicalOrigin(req.site, req.url);
  const path = sharedPath(req);
  const urlOf = (language: string) => `${origin}${language === languages.primary ? '' : `/${languagePrefix(language)}`}${path === '/' && language !== languages.primary ? '/' : path}`;
  out.switcher = {
    items: all.map((language) => ({ code: language, name: languageName(language), url: urlOf(language), current: language === code })),
    xDefault: urlOf(languages.primary),
    // The header option (PUT /api/multilingual/languages `showSwitcher`); alternates are listed either way.
    showSwitcher: req.site.siteSettings.languageSwitcher !== false,
  };
  return out;
}

/** The SPEC §3 localized strings with the language's translations (system texts) over them, and the translated-only ones the language has. */
export function translatedStrings(strings: Record<string, string>, table: TranslationTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(strings)) out[key] = table.get('system', 'strings', key) ?? text;
  // The engine's own wordings ('from {fromPrice}', 'Select {variantName}') only where the language translates them.
  for (const key of Object.keys(TRANSLATED_ONLY_TEXTS)) {
    const text = key in out ? undefined : table.get('system', 'strings', key);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/** The store texts in the page's language (translations over the English), placeholders unfilled. */
export async function pageStoreTexts(req: PageRequest): Promise<StoreTexts> {
  const table = req.translations ? await req.translations : undefined;
  return storeTexts((key) => table?.get('system', STORE_TEXTS_ENTITY, key));
}

/**
 * `storeTexts` of the cart, checkout and order pages (issue 29): the store's own words in
 * the page's language (domain/languages/store-texts.ts, translations over the English),
 * `fill` put into their `{name}` slots, with the page links the islands need (`homeUrl`,
 * `checkoutUrl`) under the page's language prefix.
 */
export async function storeTextsJson(req: PageRequest, fill: Record<string, string | number> = {}): Promise<Record<string, string>> {
  const texts: Record<string, string> = await pageStoreTexts(req);
  for (const [key, text] of Object.entries(texts)) texts[key] = fillText(text, fill);
  const prefix = req.language?.prefix ?? '';
  return { ...texts, homeUrl: `${prefix}/`, checkoutUrl: `${prefix}${CHECKOUT_PATH}` };
}

/** The cart's refused-coupon messages in the page's language (lang24); undefined (English) on a primary-language page. */
export async function pageCouponWords(req: PageRequest): Promise<CouponWords | undefined> {
  return req.language && req.translations ? couponWordsIn({ code: req.language.code, table: await req.translations }) : undefined;
}

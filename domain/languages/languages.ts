/**
 * Languages a site can publish in (issue 29, SPEC §7 multilingual): BCP-47 tags, their
 * URL prefix and writing direction. Pure: shared by the edge and the owner app.
 */

/** Scripts written right to left: pages in these languages render with `dir="rtl"`. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** At most this many languages per site, the primary included (a limit of ours; SPEC sets none). */
export const MAX_LANGUAGES = 20;

/**
 * The canonical form of a BCP-47 tag, or undefined when it is not one.
 * @example canonicalLanguage('fr-fr') === 'fr-FR'; canonicalLanguage('french') === undefined
 */
export function canonicalLanguage(tag: string): string | undefined {
  if (typeof tag !== 'string' || tag.length > 35 || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

/**
 * The path prefix segment of a language (without slashes): the tag in lower case.
 * @example languagePrefix('pt-BR') === 'pt-br'
 */
export function languagePrefix(tag: string): string {
  return tag.toLowerCase();
}

/** A path's first segment when it could be a language prefix (checked against the site's languages after). */
export function prefixCandidate(pathname: string): string | undefined {
  const m = /^\/([a-z]{2,3}(?:-[a-z0-9]{2,8})*)(?:\/|$)/i.exec(pathname);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** True for languages written right to left. @example isRtl('ar-EG') === true */
export function isRtl(tag: string): boolean {
  return RTL.has(tag.split('-')[0]!.toLowerCase());
}

/** The language's own name, for a switcher ("français"); the tag when the runtime has no name. */
export function languageName(tag: string, inLanguage: string = tag): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language', languageDisplay: 'standard' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/** The locales Stripe's Payment Element is written in (Stripe.js `elements({ locale })`). */
const STRIPE_LOCALES = new Set([
  'ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'he', 'hr', 'hu', 'id', 'it', 'ja', 'ko',
  'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW',
]);

/**
 * A page language as Stripe's Payment Element locale: the tag when Stripe has it, else its
 * base language, else `auto` (Stripe picks from the browser).
 * @example stripeLocale('fr') === 'fr'; stripeLocale('fr-BE') === 'fr'; stripeLocale('en_US') === 'en'; stripeLocale('xh') === 'auto'
 */
export function stripeLocale(tag: string): string {
  const canonical = canonicalLanguage(tag.replace('_', '-')) ?? '';
  if (STRIPE_LOCALES.has(canonical)) return canonical;
  const base = canonical.split('-')[0]!;
  return STRIPE_LOCALES.has(base) ? base : 'auto';
}

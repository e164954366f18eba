import { COUNTRIES, type Region } from './region-tables.js';

const byLocale = new Map<string, readonly Region[]>();

/**
 * The checkout's countries (SPEC §3), same codes and order, named in `locale` (issue 29):
 * English keeps the table's names; another language names them through Intl.DisplayNames,
 * the table's name where the runtime has none.
 * @example countryOptions('fr')[0] // ['US', 'États-Unis']
 */
export function countryOptions(locale = 'en-US'): readonly Region[] {
  if (/^en\b/i.test(locale)) return COUNTRIES;
  let named = byLocale.get(locale);
  if (!named) {
    named = COUNTRIES.map(([code, name]) => [code, countryName(code, locale) ?? name] as const);
    byLocale.set(locale, named);
  }
  return named;
}

/**
 * `code`'s name in a language other than English (Intl.DisplayNames), or undefined: English,
 * and a tag or code the runtime cannot name, keep the caller's own name.
 * @example localCountryName('DE', 'fr') // 'Allemagne'
 */
export function localCountryName(code: string, locale: string | undefined): string | undefined {
  return locale && !/^en\b/i.test(locale) ? countryName(code, locale) : undefined;
}

function countryName(code: string, locale: string): string | undefined {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
    return name || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Cached Intl formatters. Constructing an Intl formatter costs far more than using
 * one, and pages format many values with the same few locales and options, so every
 * plugin takes its formatters from here. Formatters are immutable: sharing is safe.
 */

const MAX_ENTRIES = 2000;

/**
 * `cache[key]`, made on a miss; the cache is cleared when full so it stays bounded.
 * Hot call sites keep their own map keyed by a cheap string (the JSON key of the
 * shared caches below shows up in profiles).
 * @example memo(formats, `${locale}|${unit}`, () => new Intl.NumberFormat(locale))
 */
export function memo<K, T>(cache: Map<K, T>, key: K, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, value);
  }
  return value;
}

function cached<T>(cache: Map<string, T>, locale: string | readonly string[] | undefined, options: object | undefined, make: () => T): T {
  return memo(cache, `${String(locale)}\u0000${options === undefined ? '' : JSON.stringify(options)}`, make);
}

type Locales = string | string[] | undefined;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRuleSets = new Map<string, Intl.PluralRules>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();
const regions = new Map<string, string | null>();

export function numberFormat(locale: Locales, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: Locales, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: Locales, options?: Intl.PluralRulesOptions): Intl.PluralRules {
  return cached(pluralRuleSets, locale, options, () => new Intl.PluralRules(locale, options));
}

export function relativeTimeFormat(locale: Locales, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

/** The region a locale implies (`en` -> `US`), via likely subtags. */
export function localeRegion(locale: string): string | undefined {
  // `null` stands for "no region" so that memo can tell it from a miss.
  return memo(regions, locale, () => new Intl.Locale(locale).maximize().region ?? null) ?? undefined;
}

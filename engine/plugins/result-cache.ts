/**
 * Formatted results of pure formatters, remembered per instruction. A formatter
 * such as `unit` or `decimal` is a pure function of its value, its (frozen, per
 * instruction) argument array and the locale: the same three always give the
 * same text. Unit conversion at 40 digits and Intl formatting cost tens of
 * microseconds a value, while sites show the same prices, sizes and dates on
 * every request, so the text is kept, keyed by that full input.
 *
 * Nothing render-specific is kept: the key holds no scope, clock or time zone
 * (formatters that read those must not use this), a formatter that reports an
 * error is not cached (the next render reports it again), and each instruction's
 * table is bounded (cleared when full); tables go with their template (WeakMap).
 */

/** Entries per (argument array, locale) before the table is cleared. */
export const MAX_RESULTS = 256;
/** Locales kept per argument array before its list is dropped. */
export const MAX_LOCALES = 16;

/**
 * One locale's results for an argument array. A template compiled and rendered once
 * (a cold isolate) formats most instructions once: the first value and text are
 * held inline and a Map is made only for a second value, so a fresh instruction
 * costs one small object, not two Maps. Other locales chain through `next`.
 */
interface ByLocale {
  readonly locale: string;
  readonly key: string | number;
  readonly text: string;
  byValue: Map<string | number, string> | undefined;
  readonly next: ByLocale | undefined;
  readonly depth: number;
}

export type ResultCache = WeakMap<readonly string[], ByLocale>;

export function resultCache(): ResultCache {
  return new WeakMap();
}

/**
 * `make(value, args, locale)` through the cache (pass a module-level function: no
 * closure is allocated per call). Only frozen argument arrays (compiled
 * instructions, parsed messages) and string or number values other than -0 (a Map
 * cannot tell it from 0) are keys; anything else runs `make` every time. A throw,
 * or undefined (returned as ''), is not remembered.
 * @example cachedResult(cache, args, 'en-US', 1.5, unitTextOf)
 */
export function cachedResult(
  cache: ResultCache,
  args: readonly string[],
  locale: string,
  value: unknown,
  make: (value: unknown, args: readonly string[], locale: string) => string | undefined,
): string {
  // Map keys compare -0 equal to 0, but a formatter may print them apart ("-0").
  const keyable = typeof value === 'string' || (typeof value === 'number' && !Object.is(value, -0));
  if (!keyable || !Object.isFrozen(args)) return make(value, args, locale) ?? '';
  const head = cache.get(args);
  let entry = head;
  while (entry !== undefined && entry.locale !== locale) entry = entry.next;
  if (entry !== undefined) {
    // Strings and numbers apart, as in a Map ('1' is not 1); NaN never hits here.
    const hit = entry.byValue !== undefined ? entry.byValue.get(value) : entry.key === value ? entry.text : undefined;
    if (hit !== undefined) return hit;
  }
  const text = make(value, args, locale);
  if (text === undefined) return '';
  if (entry === undefined) {
    const next = head !== undefined && head.depth < MAX_LOCALES ? head : undefined;
    cache.set(args, { locale, key: value, text, byValue: undefined, next, depth: next === undefined ? 1 : next.depth + 1 });
  } else {
    if (entry.byValue === undefined) entry.byValue = new Map([[entry.key, entry.text]]);
    if (entry.byValue.size >= MAX_RESULTS) entry.byValue.clear();
    entry.byValue.set(value, text);
  }
  return text;
}

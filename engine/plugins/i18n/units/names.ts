/**
 * Display of a unit amount. Intl.NumberFormat's `style: 'unit'` covers the
 * units ECMA-402 sanctions; the others take their pattern from patterns.ts.
 * The reference's CLDR data put a plain space in unit patterns and U+00A0
 * between digit groups, where today's ICU has U+00A0 / U+202F (fr "0 octet",
 * "1 448,2"): Intl's parts are mapped back to those.
 */
import { numberFormat as cachedNumberFormat, memo, pluralRules } from '../../intl.js';
import type { NumberOptions } from '../decimal-options.js';
import { intlOverride, languageOf, patternRow, type PatternRow } from './patterns.js';

export type Width = 'narrow' | 'short' | 'long';

const sanctioned = new Map<string, boolean>();

function isSanctioned(unit: string): boolean {
  let ok = sanctioned.get(unit);
  if (ok === undefined) {
    try {
      new Intl.NumberFormat('en', { style: 'unit', unit });
      ok = true;
    } catch {
      ok = false;
    }
    sanctioned.set(unit, ok);
  }
  return ok;
}

/** Join Intl parts with the reference data's spaces. */
function joinParts(parts: Intl.NumberFormatPart[]): string {
  return parts
    .map((p) => {
      if (p.type === 'group') return p.value.replace(/\u202f/g, '\u00a0');
      if (p.type === 'literal' || p.type === 'unit') return p.value.replace(/[\u00a0\u202f]/g, ' ');
      return p.value;
    })
    .join('');
}

/**
 * joinParts without formatToParts (several times slower than format): a group
 * separator is the only part that sits between two digits, so a no-break space
 * there is a group and anywhere else a literal or the unit. names.test.ts checks
 * this against joinParts for every sanctioned unit, width and a set of locales.
 */
const SPACES = /(?<=\p{Nd})[\u00a0\u202f](?=\p{Nd})|([\u00a0\u202f])/gu;

const NO_BREAK = /[\u00a0\u202f]/;

export function formatExact(nf: Intl.NumberFormat, value: string): string {
  const text = nf.format(value as unknown as number);
  // Most outputs have no no-break space: skip the (Unicode, look-behind) replace for them.
  return NO_BREAK.test(text) ? text.replace(SPACES, (_, other?: string) => (other ? ' ' : '\u00a0')) : text;
}

/** The reference implementation of formatExact's mapping, for its test. */
export function formatByParts(nf: Intl.NumberFormat, value: string): string {
  return joinParts(nf.formatToParts(value as unknown as number));
}

/**
 * Intl objects per number option set, then per locale, kind and width. Callers pass
 * the same option object on every render (parsed arguments are cached per
 * instruction), and the other keys are strings already interned (locale, unit
 * names), so a lookup neither builds a key nor hashes a new string.
 */
type IntlObject = Intl.NumberFormat | Intl.PluralRules;
type Table<T> = WeakMap<NumberOptions, Map<string, Map<string, Map<string, T>>>>;

const intlByOptions: Table<IntlObject> = new WeakMap();

function lookup<T>(table: Table<T>, o: NumberOptions, locale: string, kind: string, width: string, make: () => T): T {
  let byLocale = table.get(o);
  if (byLocale === undefined) {
    byLocale = new Map();
    table.set(o, byLocale);
  }
  const byKind = memo(byLocale, locale, () => new Map<string, Map<string, T>>());
  return memo(memo(byKind, kind, () => new Map<string, T>()), width, make);
}

function intlFor<T extends IntlObject>(o: NumberOptions, locale: string, kind: string, width: string, make: () => T): T {
  return lookup(intlByOptions, o, locale, kind, width, make) as T;
}

/** A plain number formatter (`unit` undefined) or one for `unit` at `width`. */
function numberFormat(locale: string, o: NumberOptions, unit?: string, width?: Width): Intl.NumberFormat {
  return intlFor(o, locale, unit ?? '', width ?? '', () => {
    const extra: Intl.NumberFormatOptions = unit === undefined ? {} : { style: 'unit', unit, unitDisplay: width };
    return cachedNumberFormat(locale, { roundingMode: 'halfEven', ...o, ...extra } as Intl.NumberFormatOptions);
  });
}

/**
 * An exact decimal string as a plain number (the `unit` formatter without units).
 * @example formatPlain('1234.56', 'en-US', { maximumFractionDigits: 1 }) === '1234.6'
 */
export function formatPlain(value: string, locale: string, o: NumberOptions): string {
  return formatExact(numberFormat(locale, o), value);
}

/** The plural category of the value as shown with `o`'s fraction digits. */
function pluralOf(value: string, locale: string, o: NumberOptions): Intl.LDMLPluralRule {
  // Unit names never start with a space: these kinds cannot clash with a unit's formatter.
  const rounded = intlFor(o, 'en', ' rounded', '', () =>
    cachedNumberFormat('en', { roundingMode: 'halfEven', ...o, useGrouping: false } as Intl.NumberFormatOptions),
  ).format(value as unknown as number);
  const rules = intlFor(o, locale, ' plural', '', () =>
    pluralRules(locale, { minimumFractionDigits: o.minimumFractionDigits, maximumFractionDigits: o.maximumFractionDigits }),
  );
  return rules.select(Number(rounded));
}

/**
 * Whether the value as shown takes the `one` form. In English (one: i = 1, v = 0)
 * and French (one: i = 0 or 1) a value of magnitude 3 or more shows an integer part
 * of at least 2 however it is rounded (a double at or above 3 is an exact value
 * above 2.99), so it is not `one` and needs no Intl call; names.test.ts checks this
 * against pluralOf.
 */
export function isOne(value: string, locale: string, o: NumberOptions): boolean {
  const language = languageOf(locale);
  if ((language === 'en' || language === 'fr') && Math.abs(Number(value)) >= 3) return false;
  return pluralOf(value, locale, o) === 'one';
}

/**
 * How an amount of a unit shows in a locale at a width, per number options: the
 * reference's pattern where Intl's differs, Intl's unit style for sanctioned units,
 * else a pattern row (or the bare name). Looked up once per options object, locale,
 * unit and width (intlFor) instead of three table lookups and a formatter lookup
 * per amount.
 */
interface Display {
  /** The number alone (sanctioned units without an override do not need it). */
  readonly plain?: Intl.NumberFormat;
  readonly override?: string;
  readonly unitFormat?: Intl.NumberFormat;
  readonly row?: PatternRow;
}

const displays: Table<Display> = new WeakMap();

function displayFor(unit: string, width: Width, locale: string, o: NumberOptions): Display {
  return lookup(displays, o, locale, unit, width, (): Display => {
    const override = intlOverride(unit, width, locale);
    if (override) return Object.freeze({ plain: numberFormat(locale, o), override });
    if (isSanctioned(unit)) return Object.freeze({ unitFormat: numberFormat(locale, o, unit, width) });
    return Object.freeze({ plain: numberFormat(locale, o), row: patternRow(unit, locale) });
  });
}

/**
 * Format an exact decimal string as an amount of `unit`.
 * @example formatAmount('1.5', 'hour', 'long', 'en-US', {}) === '1.5 hours'
 */
export function formatAmount(value: string, unit: string, width: Width, locale: string, o: NumberOptions): string {
  const d = displayFor(unit, width, locale, o);
  if (d.unitFormat) return formatExact(d.unitFormat, value);
  const num = formatExact(d.plain!, value);
  if (d.override) return d.override.replace('{0}', num);
  const row = d.row;
  if (!row) return `${num} ${unit}`;
  // Only a pattern with distinct singular and plural forms needs the plural category.
  if (width === 'long') return (row[2] === row[3] || !isOne(value, locale, o) ? row[3] : row[2]).replace('{0}', num);
  const [one, other] = row[width === 'narrow' ? 0 : 1].split('|');
  const pattern = other === undefined || isOne(value, locale, o) ? one : other;
  return pattern.replace('{0}', num);
}

/** pluralOf, for names.test.ts. */
export const pluralOfForTest = pluralOf;

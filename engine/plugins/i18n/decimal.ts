/**
 * The `decimal` formatter's styles: decimal, short/long (compact), scientific,
 * percent, permille, with the reference's defaults (at most 3 fraction digits,
 * half-even rounding).
 */
import type Decimal from 'decimal.js';
import { numberOption, parseDecimal, reconcile, splitOption, type NumberOptions } from './decimal-options.js';
import { memo, numberFormat } from '../intl.js';
import { sharedParsedArgs } from '../parsed-args.js';
import { cachedResult, resultCache } from '../result-cache.js';

export interface DecimalOptions {
  style: 'decimal' | 'short' | 'long' | 'scientific' | 'percent' | 'percent-scaled' | 'permille' | 'permille-scaled';
  number: NumberOptions;
}

const STYLES = new Set(['decimal', 'short', 'long', 'scientific', 'percent', 'percent-scaled', 'permille', 'permille-scaled']);

/** @example parseDecimalArgs(['style:short']).style === 'short' */
export function parseDecimalArgs(args: readonly string[]): DecimalOptions {
  const o: DecimalOptions = { style: 'decimal', number: {} };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'style') {
      if (STYLES.has(val)) o.style = val as DecimalOptions['style'];
      else if (val === 'standard') o.style = 'decimal';
    } else {
      numberOption(key, val, o.number);
    }
  }
  return o;
}

const decimalArgsByText = new Map<string, DecimalOptions>();

function parseShared(args: readonly string[]): DecimalOptions {
  const o = parseDecimalArgs(args);
  Object.freeze(o.number);
  return o;
}

/**
 * `decimal` options, parsed once per frozen argument array and shared by argument
 * texts (parsed-args.ts): a new template reuses the formatters kept per options object.
 */
export function parsedDecimalArgs(args: readonly string[]): DecimalOptions {
  return sharedParsedArgs(decimalArgsByText, args, parseShared);
}

/** The Intl options of a style (permille formats as a percent and swaps the sign). */
function intlOptions(o: DecimalOptions): Intl.NumberFormatOptions {
  const base: NumberOptions = { roundingMode: 'halfEven', ...o.number };
  switch (o.style) {
    case 'short':
    case 'long':
      return reconcile({ notation: 'compact', compactDisplay: o.style, ...base });
    case 'scientific':
      return reconcile({ notation: 'scientific', ...base });
    case 'percent':
    case 'percent-scaled':
      return reconcile({ style: 'percent', ...base });
    case 'permille':
    case 'permille-scaled':
      return { style: 'percent', ...base };
    default:
      return reconcile({ maximumFractionDigits: 3, ...base });
  }
}

/** Per shared (frozen) option object, then locale: no options key is built per call. */
const formats = new WeakMap<DecimalOptions, Map<string, Intl.NumberFormat>>();

function formatFor(o: DecimalOptions, locale: string): Intl.NumberFormat {
  if (!Object.isFrozen(o)) return numberFormat(locale, intlOptions(o));
  let byLocale = formats.get(o);
  if (byLocale === undefined) {
    byLocale = new Map();
    formats.set(o, byLocale);
  }
  return memo(byLocale, locale, () => numberFormat(locale, intlOptions(o)));
}

/**
 * @example formatDecimal(new Decimal('123456.789'), parseDecimalArgs(['style:short']), 'en-US') === '123K'
 */
export function formatDecimal(d: Decimal, o: DecimalOptions, locale: string): string {
  const nf = formatFor(o, locale);
  // Intl formats exact decimal strings (no binary floating point on the way).
  switch (o.style) {
    case 'percent-scaled':
      return nf.format(d.div(100).toFixed() as unknown as number);
    case 'permille':
    case 'permille-scaled': {
      const scaled = o.style === 'permille' ? d.mul(1000) : d;
      const parts = nf.formatToParts(scaled.div(100).toFixed() as unknown as number);
      return parts.map((p) => (p.type === 'percentSign' ? '‰' : p.value)).join('');
    }
    default:
      return nf.format(d.toFixed() as unknown as number);
  }
}

/** Text per instruction, locale and value (result-cache.ts): `decimal` reads nothing else. */
const results = resultCache();

/**
 * The `decimal` text of a value ('' when it is not a finite decimal) for frozen
 * arguments, remembered; throws what Intl throws, and a throw is not remembered.
 */
export function decimalText(value: unknown, args: readonly string[], locale: string): string {
  return cachedResult(results, args, locale, value, decimalTextOf);
}

function decimalTextOf(value: unknown, args: readonly string[], locale: string): string {
  const d = parseDecimal(value);
  return d ? formatDecimal(d, parsedDecimalArgs(args), locale) : '';
}

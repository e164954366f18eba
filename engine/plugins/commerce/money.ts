/**
 * Money arithmetic and the legacy price strings. SPEC §9: money is held in integer
 * minor units (cents); conversion divides by 10^(the currency's fraction digits).
 * Decimal strings from the data are handled with decimal.js, never binary floats.
 */
import Decimal from 'decimal.js';
import { isObject } from '../../values.js';
import { isPrintableExponent, MAX_NUMBER_TEXT } from '../number-text.js';
import { numberFormat } from '../intl.js';

/** ISO 4217 code, e.g. `USD`. SPEC §3: the store's default currency is USD. */
export type CurrencyCode = string;
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/**
 * Parsed amounts by their exact text or number. A Decimal is immutable (every
 * operation returns a new one; the cached ones are frozen besides), so one parse
 * serves every render: a product page reads each variant's price several times.
 * Bounded: cleared when full; only short texts are kept.
 */
const parsedAmounts = new Map<string | number, Decimal | null>();
const MAX_PARSED_AMOUNTS = 4096;

/** Parse a JSON number or numeric string exactly; anything else is undefined. */
export function parseDecimal(v: unknown): Decimal | undefined {
  if (typeof v !== 'number' && typeof v !== 'string') return undefined;
  // -0 shares 0's Map key but parses to a negative zero; long texts are not worth keeping.
  if (Object.is(v, -0) || (typeof v === 'string' && v.length > 64)) return parseAmount(v);
  const known = parsedAmounts.get(v);
  if (known !== undefined) return known ?? undefined;
  const d = parseAmount(v);
  if (parsedAmounts.size >= MAX_PARSED_AMOUNTS) parsedAmounts.clear();
  parsedAmounts.set(v, d === undefined ? null : Object.freeze(d));
  return d;
}

function parseAmount(v: string | number): Decimal | undefined {
  if (typeof v === 'number' && !Number.isFinite(v)) return undefined;
  if (typeof v === 'string' && v.length > MAX_NUMBER_TEXT) return undefined;
  try {
    const d = new Decimal(typeof v === 'string' ? v.trim() : v);
    return d.isFinite() && isPrintableExponent(d.e) ? d : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Amounts as exact doubles where one exists: a decimal of at most 15 significant
 * digits in the normal range survives the round trip through a double (DBL_DIG),
 * so distinct amounts stay distinct and order is kept. decimal.js copies its
 * argument on every comparison; price searches compare each variant.
 */
const exactDoubles = new WeakMap<Decimal, number>();

function exactDouble(d: Decimal): number {
  let n = exactDoubles.get(d);
  if (n === undefined) {
    n = d.sd() <= 15 && d.e > -300 && d.e < 300 ? d.toNumber() : Number.NaN;
    // Only shared (frozen) amounts are kept; they never change.
    if (Object.isFrozen(d)) exactDoubles.set(d, n);
  }
  return n;
}

/** a < b, exactly. */
export function amountLess(a: Decimal, b: Decimal): boolean {
  const x = exactDouble(a);
  const y = exactDouble(b);
  return x === x && y === y ? x < y : a.lessThan(b);
}

let knownCurrencies: ReadonlySet<string> | undefined;

/**
 * Is `code` an ISO 4217 code the platform knows (`USD`, `JPY`)? Unknown codes are
 * never printed: a formatter given one prints nothing rather than echo the data.
 */
export function isKnownCurrency(code: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(code);
}

/** Fraction digits of a currency, from Intl's currency data (JPY 0, USD 2). */
const digitsByCurrency = new Map<string, number>();

export function fractionDigits(currency: CurrencyCode): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsByCurrency.size < 1000) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Convert minor units to the currency's major unit, exactly.
 * @example minorToMajor(12345, 'USD').toString() === '123.45'; minorToMajor(500, 'JPY').toString() === '500'
 */
export function minorToMajor(cents: Decimal.Value, currency: CurrencyCode): Decimal {
  return new Decimal(cents).dividedBy(new Decimal(10).pow(fractionDigits(currency)));
}

/** Convert a major-unit amount to minor units (may be fractional when the data is). */
export function majorToMinor(amount: Decimal.Value, currency: CurrencyCode): Decimal {
  return new Decimal(amount).times(new Decimal(10).pow(fractionDigits(currency)));
}

const ZERO = Object.freeze(new Decimal(0));

/** A money object as it appears in product data: `{value, currency}` or `{decimalValue, currencyCode}`. */
export interface Money {
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
}

/** Read a money object; a missing or unreadable amount is zero and a missing currency is USD. */
export function readMoney(node: unknown): Money {
  let amount: Decimal | undefined;
  let currency: unknown;
  if (isObject(node)) {
    amount = parseDecimal(node.value ?? node.decimalValue);
    currency = node.currency ?? node.currencyCode;
  }
  const code = typeof currency === 'string' && currency.trim() !== '' ? currency.trim() : DEFAULT_CURRENCY;
  return { amount: amount ?? ZERO, currency: code };
}

/**
 * The legacy template price: the major amount moved two places right, printed
 * without trailing zeros (the old `from-price` / `normal-price` / `sale-price` output).
 * @example legacyPrice({ value: '.5' }) === '50'
 */
export function legacyPrice(node: unknown): string {
  return readMoney(node).amount.times(100).toString();
}

const LEGACY_NUMBER = numberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'halfEven',
} as Intl.NumberFormatOptions);

/**
 * Cents as a plain US-formatted amount with two decimals, half-even, exact
 * (the pre-CLDR money output): 12345 -> "123.45".
 */
export function formatLegacyAmount(cents: Decimal.Value): string {
  const major = new Decimal(cents).dividedBy(100);
  // Intl formats decimal strings exactly (no float round-trip).
  return LEGACY_NUMBER.format(major.toFixed() as unknown as number);
}

/** The legacy money markup used when the site has not opted into CLDR money formatting. */
export function legacyMoneyMarkup(cents: Decimal.Value): string {
  return `<span class="sqs-money-native">${formatLegacyAmount(cents)}</span>`;
}

/**
 * The legacy `i18n-money-format` output, kept for old templates. Its symbols and
 * symbol placement are a product decision of the old money design standard (not
 * locale data, so Intl cannot supply them); digits, grouping and the decimal mark
 * come from Intl for the requested locale.
 */
import type Decimal from 'decimal.js';
import { fractionDigits } from './money.js';
import { memo, numberFormat } from '../intl.js';

// The money design standard's symbols; other currencies use Intl's symbol.
const STANDARD_SYMBOLS: Readonly<Record<string, string>> = {
  AUD: 'A$',
  CAD: 'C$',
  DKK: 'kr',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  NOK: 'kr',
  SEK: 'kr',
  USD: '$',
};

// Locales that put the symbol after the amount; every other locale puts it first.
const SYMBOL_AFTER = new Set(['da-DK', 'de-DE', 'fr-FR', 'sv-SE']);

const startsWithLetter = (s: string) => /^[A-Za-z]/.test(s);
const endsWithLetter = (s: string) => /[A-Za-z]$/.test(s);

const symbols = new Map<string, string>();

function symbolFor(currency: string, locale: string): string {
  if (Object.prototype.hasOwnProperty.call(STANDARD_SYMBOLS, currency)) return STANDARD_SYMBOLS[currency];
  return memo(symbols, `${locale}|${currency}`, () => {
    try {
      const parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(0);
      return parts.find((p) => p.type === 'currency')?.value ?? '';
    } catch {
      return '';
    }
  });
}

/** Normalize `en_US` / `en-US` into a BCP-47 tag Intl accepts; undefined when it is not one. */
const canonicalTags = new Map<string, string | undefined>();

export function legacyLocaleTag(arg: string | undefined): string | undefined {
  const tag = (arg ?? '').trim().replace(/_/g, '-');
  if (tag === '') return 'en-US';
  if (!canonicalTags.has(tag)) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      canonical = undefined;
    }
    if (canonicalTags.size < 1000) canonicalTags.set(tag, canonical);
    return canonical;
  }
  return canonicalTags.get(tag);
}

const legacyNumbers = new Map<string, Intl.NumberFormat>();

/**
 * Format `amount` (major units) the legacy way, e.g. `1.234,56 A$` for de-DE AUD,
 * `kr -1,234.56` for en-US SEK. The amount is rounded half-even to the currency's
 * fraction digits.
 */
export function formatLegacyMoney(amount: Decimal, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  const number = memo(legacyNumbers, `${locale}|${digits}`, () =>
    numberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      roundingMode: 'halfEven',
    } as Intl.NumberFormatOptions),
  );
  // The legacy output used a plain no-break space where current French data has U+202F.
  const digitsText = number.format(amount.abs().toFixed() as unknown as number).replace(/\u202f/g, '\u00a0');
  const negative = amount.isNegative() && !amount.isZero();
  const symbol = symbolFor(currency, locale);
  if (SYMBOL_AFTER.has(locale)) {
    const gap = startsWithLetter(symbol) ? ' ' : '';
    return `${negative ? '-' : ''}${digitsText}${gap}${symbol}`;
  }
  if (endsWithLetter(symbol)) {
    // The legacy pattern puts the minus between the symbol and the digits here.
    return `${symbol} ${negative ? '-' : ''}${digitsText}`;
  }
  return `${negative ? '-' : ''}${symbol}${digitsText}`;
}

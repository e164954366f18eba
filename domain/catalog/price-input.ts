import { fractionDigits } from '../money/fraction-digits.js';

/** SPEC §9: integer places allowed by default. */
export const MAX_PRICE_INTEGER_PLACES = 15;

/** Field texts of a price the owner typed (SPEC §9 limit, SPEC §5 locale parsing). */
export const PRICE_MESSAGES = {
  negative: 'Enter a price of 0 or more.',
  notNumber: 'Enter the price as a number in the store\u2019s format, like 12.50.',
  notWholeMinorUnits: 'A price in minor units must be a whole number.',
  tooManyDecimals: (currency: string, digits: number) =>
    digits === 0 ? `${currency} prices have no decimal places.` : `${currency} prices have at most ${digits} decimal place${digits === 1 ? '' : 's'}.`,
  tooManyIntegerPlaces: `Enter a price with at most ${MAX_PRICE_INTEGER_PLACES} digits before the decimal point.`,
  tooLarge: 'This price is too large to store.',
} as const;

export type PriceParse = { ok: true; minor: number } | { ok: false; message: string };

const SEPARATORS = new Map<string, { decimal: string; group: string }>();

/** The decimal and grouping characters of `locale` (SPEC §5: number parsing follows locale rules), built once per locale. */
function separators(locale: string): { decimal: string; group: string } {
  let known = SEPARATORS.get(locale);
  if (!known) SEPARATORS.set(locale, (known = localeSeparators(locale)));
  return known;
}

function localeSeparators(locale: string): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale.replace('_', '-')).formatToParts(12345.6);
  } catch {
    parts = new Intl.NumberFormat('en-US').formatToParts(12345.6);
  }
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
}

/** The decimal separator of `locale`'s numbers ('.' in en-US, ',' in de-DE): a stored price shown for editing uses it. */
export function decimalSeparator(locale: string): string {
  return separators(locale).decimal;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Minor units from whole and fraction digit strings, exactly (BigInt, never a float). */
function toMinor(whole: string, fraction: string, currency: string): PriceParse {
  const digits = fractionDigits(currency);
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return { ok: false, message: PRICE_MESSAGES.tooManyDecimals(currency, digits) };
  const significant = whole.replace(/^0+(?=\d)/, '');
  if (significant.length > MAX_PRICE_INTEGER_PLACES) return { ok: false, message: PRICE_MESSAGES.tooManyIntegerPlaces };
  const minor = BigInt(significant + fraction.slice(0, digits).padEnd(digits, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: PRICE_MESSAGES.tooLarge };
  return { ok: true, minor: Number(minor) };
}

/**
 * A price as the API takes it: a number is already minor units (cents), a string is a
 * decimal amount in the site locale's format ('1,234.50' in en-US, '1.234,50' in de-DE,
 * grouping optional but only in threes). Refuses negatives, more decimals than the
 * currency has (trailing zeros are fine), more than 15 integer places (SPEC §9) and
 * amounts past the largest exact integer.
 * @example parsePrice('12.5', 'USD', 'en-US') → { ok: true, minor: 1250 }
 */
export function parsePrice(input: number | string, currency: string, locale = 'en-US'): PriceParse {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: PRICE_MESSAGES.notNumber };
    if (input < 0) return { ok: false, message: PRICE_MESSAGES.negative };
    if (!Number.isInteger(input)) return { ok: false, message: PRICE_MESSAGES.notWholeMinorUnits };
    if (!Number.isSafeInteger(input)) return { ok: false, message: PRICE_MESSAGES.tooLarge };
    // Integer places of the amount in major units: the digits left of the currency's fraction.
    if (String(input).length - fractionDigits(currency) > MAX_PRICE_INTEGER_PLACES) return { ok: false, message: PRICE_MESSAGES.tooManyIntegerPlaces };
    return { ok: true, minor: input };
  }
  const text = input.trim().replace(/\u00a0|\u202f/g, ' ');
  if (/^[-\u2212]/.test(text) && /\d/.test(text)) return { ok: false, message: PRICE_MESSAGES.negative };
  const { decimal, group } = separators(locale);
  const g = group.replace(/\u00a0|\u202f/g, ' ');
  const d = escape(decimal);
  const grouped = new RegExp(`^(\\d{1,3}(?:${escape(g)}\\d{3})+)(?:${d}(\\d+))?$`);
  const plain = new RegExp(`^(\\d+)(?:${d}(\\d+))?$`);
  const match = plain.exec(text) ?? grouped.exec(text);
  if (!match) return { ok: false, message: PRICE_MESSAGES.notNumber };
  return toMinor(match[1]!.split(g).join(''), match[2] ?? '', currency);
}

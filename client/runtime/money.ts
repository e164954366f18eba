/** Money in the browser: integer minor units, formatted with Intl; the fraction digits come from domain/money. */
import { fractionDigits } from '../../domain/money/fraction-digits.js';

/** The page's locale: `<html lang>`, else en-US. */
export function pageLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en-US';
}

/**
 * Formats minor units. `trimZeroFraction` drops an all-zero fraction (SPEC §2 cart pill:
 * "subtotal with trailing zero fractions trimmed": $36.00 -> $36, $36.50 stays).
 *
 * @example formatCents(3650, 'USD', 'en-US') // '$36.50'
 */
export function formatCents(cents: number, currency: string, locale = pageLocale(), trimZeroFraction = false): string {
  const digits = fractionDigits(currency);
  const scale = 10 ** digits;
  const whole = cents % scale === 0;
  const shown = trimZeroFraction && whole ? 0 : digits;
  // Integer minor units divided once for display only; arithmetic stays in cents.
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: digits }).format(cents / scale);
}

import { fractionDigits } from '../../domain/money/fraction-digits.js';

/** Minor units in `currency`, e.g. 7800 USD -> '$78.00', 7800 KRW -> '₩7,800'. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
}

/** A moment in the site's time zone (the owner reads times as the shop keeps them). */
export function formatTime(ms: number, timeZone: string, locale = 'en-US'): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(ms);
  }
}

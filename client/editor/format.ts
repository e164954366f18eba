/**
 * Minor units in `currency`, e.g. 7800 USD -> '$78.00', 7800 KRW -> '₩7,800'. The currency's
 * minor-unit digits come from Intl (ISO 4217), not domain/money: a module the storefront
 * chunk holds would tie the owner app's bundle to the storefront's chunks.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
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

/** A day in the site's time zone (first and last order dates). */
export function formatDate(ms: number, timeZone: string, locale = 'en-US'): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(ms);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
  }
}

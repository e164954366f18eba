import { DONATION_MESSAGES, donationAmountError, type DonationLimits } from '../../domain/commerce/donations.js';
import { decimalSeparator, parsePrice, PRICE_MESSAGES } from '../../domain/catalog/price-input.js';
import { fractionDigits } from '../../domain/money/fraction-digits.js';
import { minorToDecimal } from '../../domain/money/money.js';
import { donationBlock } from './index.js';

/** The schema's limit on suggested amounts (index.ts: `.max(6, ...)`). */
export const MAX_AMOUNTS = 6;

export type AmountParse = { ok: true; cents: number } | { ok: false; message: string };

/** The schema of one suggested amount's `cents`: its messages are the ones the server answers. */
const centsSchema = donationBlock.props.shape.amounts.unwrap().element.shape.cents;

/** The schema's message for `cents`, or undefined when it takes it. */
const schemaProblem = (cents: number): string | undefined => {
  const checked = centsSchema.safeParse(cents);
  return checked.success ? undefined : (checked.error.issues[0]?.message ?? DONATION_MESSAGES.amountInvalid);
};

/** parsePrice's refusal in the words of a donation amount. */
function refusal(message: string, currency: string): string {
  const digits = fractionDigits(currency);
  if (message === PRICE_MESSAGES.tooManyDecimals(currency, digits)) return digits === 0 ? `${currency} amounts have no decimal places.` : `${currency} amounts have at most ${digits} decimal place${digits === 1 ? '' : 's'}.`;
  if (message === PRICE_MESSAGES.negative) return schemaProblem(0)!;
  if (message === PRICE_MESSAGES.tooLarge || message === PRICE_MESSAGES.tooManyIntegerPlaces) return schemaProblem(Number.MAX_SAFE_INTEGER)!;
  return DONATION_MESSAGES.amountInvalid;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The currency's symbol in `locale` ('$', '€', 'CA$'), which an owner may type before or after the number. */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency }).formatToParts(1).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/**
 * What an owner typed for a suggested amount, in major units of the site's currency and the
 * site locale's number format, as integer minor units: the text is split, never multiplied as a
 * float (domain/catalog/price-input.ts). '25' -> 2500, '40.50' -> 4050, '0.10' -> 10, '19.99' -> 1999;
 * grouping is taken in threes only ('1,000' -> 100000 in en-US, '1.000' in de-DE, where '25,50' is
 * 2550); '1,00', '25.505' (USD) and '2.5' (JPY) are refused, never rounded. The currency's symbol or
 * code around the number is ignored.
 * @example parseAmountText('40.50', 'USD', 'en-US') // { ok: true, cents: 4050 }
 */
export function parseAmountText(text: string, currency: string, locale = 'en-US'): AmountParse {
  const symbol = escape(currencySymbol(currency, locale));
  const bare = text
    .trim()
    .replace(new RegExp(`^(?:${symbol}|${currency})\\s*|\\s*(?:${symbol}|${currency})$`, 'i'), '')
    .trim();
  if (!bare) return { ok: false, message: DONATION_MESSAGES.amountInvalid };
  const parsed = parsePrice(bare, currency, locale);
  if (!parsed.ok) return { ok: false, message: refusal(parsed.message, currency) };
  const problem = schemaProblem(parsed.minor);
  if (problem) return { ok: false, message: problem };
  return { ok: true, cents: parsed.minor };
}

/** Minor units as the amount field shows them: no grouping, the locale's decimal mark ('25.50', '25,50', '1200' JPY). */
export function amountText(cents: number, currency: string, locale = 'en-US'): string {
  return minorToDecimal(cents, currency).replace('.', decimalSeparator(locale.replace('_', '-')));
}

/**
 * Why visitors will not be offered `cents` (the block's loader leaves out amounts outside the
 * site's donation limits), or undefined when they will.
 * @example limitProblem(50, 'USD', 'en-US', { minCents: 100, maxCents: 1_000_000 }) === 'The smallest donation is $1.00.'
 */
export function limitProblem(cents: number, currency: string, locale: string, limits: DonationLimits): string | undefined {
  return donationAmountError(cents, currency, locale, limits);
}

/**
 * The amounts visitors are offered, as the block's loader (loader.ts) picks them: those within the
 * limits, each once, smallest first, and the one chosen when the page opens (the middle one).
 */
export function offeredAmounts(cents: readonly number[], limits: DonationLimits): { amounts: number[]; chosen: number | undefined } {
  const amounts = [...new Set(cents)].filter((c) => c >= limits.minCents && c <= limits.maxCents).sort((a, b) => a - b);
  return { amounts, chosen: amounts[Math.floor((amounts.length - 1) / 2)] };
}

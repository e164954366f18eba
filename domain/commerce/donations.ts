import { fractionDigits } from '../money/fraction-digits.js';
import { displayMoney, minorToDecimal } from '../money/money.js';

/** The item id of a donation's order line and of a monthly donation's subscription (not a catalogue item). */
export const DONATION_ITEM = 'donation';

export interface DonationLimits {
  minCents: number;
  maxCents: number;
}

/** What an owner set per currency (the `donations` commerce-preferences namespace's `limits`). */
export type DonationLimitSettings = Partial<Record<string, DonationLimits>>;

/**
 * Donation limits (issue 30) in minor units of the site's currency: what the owner set for this
 * currency (commerce preferences, namespace `donations`), else the defaults: the smallest donation is
 * one whole unit of the currency (1.00 USD, 100 JPY... 1 unit for zero-digit currencies is too
 * small to be worth a card fee, so those take 100), the largest 10,000 whole units.
 */
export function donationLimits(currency: string, set?: DonationLimitSettings): DonationLimits {
  const own = set?.[currency];
  if (own) return { minCents: own.minCents, maxCents: own.maxCents };
  const digits = fractionDigits(currency);
  const unit = 10 ** digits;
  const min = digits === 0 ? 100 : unit;
  return { minCents: min, maxCents: 10_000 * unit * (digits === 0 ? 100 : 1) };
}

/**
 * Cover-the-fee (issue 30; SPEC names no rule, this one is ours): what a donor adds so the site
 * keeps the whole gift after a typical card fee, 2.9% of the gift rounded up to a minor unit plus a
 * fixed 0.30 of a whole unit (30 for USD, 300 for a three-digit currency, 0 for JPY). Integer
 * minor units only: `ceil(cents * 29 / 1000)` is exact for every allowed amount.
 * @example coverFeeCents(2500, 'USD') === 103 // 72.5 -> 73, + 30
 */
export function coverFeeCents(cents: number, currency: string): number {
  const digits = fractionDigits(currency);
  return Math.ceil((cents * 29) / 1000) + Math.floor((30 * 10 ** digits) / 100);
}

/**
 * The limits as a number input's bounds in major units, stepping by one minor unit.
 * @example amountInputBounds('USD', { minCents: 100, maxCents: 1_000_000 }) // { min: '1.00', max: '10000.00', step: '0.01' }
 */
export function amountInputBounds(currency: string, limits: DonationLimits): { min: string; max: string; step: string } {
  const digits = fractionDigits(currency);
  return { min: minorToDecimal(limits.minCents, currency), max: minorToDecimal(limits.maxCents, currency), step: digits === 0 ? '1' : `0.${'1'.padStart(digits, '0')}` };
}

/**
 * The cover-the-fee rule as donors read it, in `locale`: '2.9% + $0.30' (or '2.9%' where the
 * fixed part is 0); French '2,9 % + 0,30 $US' (issue 29).
 */
export function coverFeeRule(currency: string, locale = 'en-US'): string {
  const fixed = coverFeeCents(0, currency);
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(0.029);
  return fixed > 0 ? `${rate} + ${displayMoney(fixed, currency, locale)}` : rate;
}

export const DONATION_MESSAGES = {
  amountMissing: 'Choose or enter an amount to give.',
  amountInvalid: 'Enter the amount as a number, like 25 or 25.50.',
  tooSmall: (min: string) => `The smallest donation is ${min}.`,
  tooLarge: (max: string) => `The largest donation is ${max}.`,
  paymentsOff: 'This site is not taking donations by card right now.',
  // A site on Stripe takes the card in Stripe's Payment Element only: the form without JavaScript cannot pay.
  needsJavaScript: 'Paying by card on this site needs JavaScript. Please turn JavaScript on and reload this page to give.',
  messageTooLong: 'Your message is too long (500 characters at most).',
} as const;

/**
 * Why `cents` may not be given in `currency` (undefined: it may). Amounts are integer minor
 * units end to end; a fraction or a non-number is refused, never rounded.
 */
export function donationAmountError(cents: number, currency: string, locale = 'en-US', limits: DonationLimits = donationLimits(currency)): string | undefined {
  if (!Number.isSafeInteger(cents)) return DONATION_MESSAGES.amountInvalid;
  const { minCents, maxCents } = limits;
  if (cents < minCents) return DONATION_MESSAGES.tooSmall(displayMoney(minCents, currency, locale));
  if (cents > maxCents) return DONATION_MESSAGES.tooLarge(displayMoney(maxCents, currency, locale));
  return undefined;
}

/**
 * A visitor's typed amount in major units ('25', '25.5', '1,000.00') to minor units, with
 * string arithmetic only (no binary floating point). Undefined: not an amount in `currency`
 * (letters, a minus sign, more fraction digits than the currency has).
 * @example majorToMinor('25.50', 'USD') === 2550; majorToMinor('1200', 'JPY') === 1200
 */
export function majorToMinor(text: string, currency: string): number | undefined {
  const cleaned = text.trim().replace(/^[^\d.,+-]{0,3}/, '').replace(/,(?=\d{3}(?:\D|$))/g, '');
  const digits = fractionDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

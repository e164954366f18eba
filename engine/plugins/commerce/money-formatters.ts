/**
 * The money formatters: CLDR-style `money`, `bookkeeper-money-format`,
 * `percentage-format`, and the legacy `money-format` / `moneyFormat` /
 * `money-string` / `i18n-money-format` that old templates still use.
 * SPEC §5 rendering rules: no locale data or a non-finite value gives ''.
 */
import Decimal from 'decimal.js';
import { asString, getKey } from '../../values.js';
import type { Formatter } from '../../plugin-contract.js';
import { formatCurrency, formatPercentage } from './currency-format.js';
import { formatLegacyMoney, legacyLocaleTag } from './legacy-money.js';
import { DEFAULT_CURRENCY, formatLegacyAmount, isKnownCurrency, legacyMoneyMarkup, minorToMajor, parseDecimal, readMoney } from './money.js';
import { regionCurrency } from './region-currency.js';

/** `{price|money}` on `{decimalValue, currencyCode}` (or `{value, currency}`); args like `style:short`. */
export const money: Formatter = (value, args, ctx) => {
  const raw = getKey(value, 'decimalValue') ?? getKey(value, 'value');
  if (ctx.locale === null || parseDecimal(raw) === undefined) return '';
  const { amount, currency } = readMoney(value);
  return formatCurrency(ctx.locale, amount, currency, args);
};

/** Cents in the currency of the locale's region: 12345 -> `$123.45` for en-US. */
export const bookkeeperMoneyFormat: Formatter = (value, _args, ctx) => {
  if (ctx.locale === null) return '';
  const currency = regionCurrency(ctx.locale);
  const cents = parseDecimal(asString(value)) ?? new Decimal(0);
  return formatCurrency(ctx.locale, minorToMajor(cents, currency), currency);
};

/** SPEC §9: 2 to 3 fraction digits, or 0 to 3 with `trim`; unreadable input is 0. */
export const percentageFormat: Formatter = (value, args, ctx) => {
  const n = parseDecimal(asString(value)) ?? new Decimal(0);
  return formatPercentage(ctx.locale, n, args.includes('trim'));
};

// SPEC §5 rendering rules: a value that is not a finite number formats as ''.

/** Legacy: cents as `123.45`. */
export const moneyFormat: Formatter = (value) => {
  const cents = parseDecimal(value);
  return cents === undefined ? '' : formatLegacyAmount(cents);
};

/** Legacy: cents as the native money span. */
export const moneyString: Formatter = (value) => {
  const cents = parseDecimal(value);
  return cents === undefined ? '' : legacyMoneyMarkup(cents);
};

/** Legacy: `{decimalValue, currencyCode}` in the old money design, locale from the argument. */
export const i18nMoneyFormat: Formatter = (value, args, ctx) => {
  if (ctx.locale === null) return '';
  const locale = legacyLocaleTag(args[0]);
  const code = asString(getKey(value, 'currencyCode')).trim().toUpperCase() || DEFAULT_CURRENCY;
  const amount = parseDecimal(getKey(value, 'decimalValue'));
  if (locale === undefined || amount === undefined || !isKnownCurrency(code)) return '';
  try {
    return formatLegacyMoney(amount, code, locale);
  } catch {
    return '';
  }
};

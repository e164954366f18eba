/**
 * Locale-aware currency and percent formatting over Intl.NumberFormat. Template
 * arguments such as `style:short` or `maxfrac:0` map onto Intl options.
 * SPEC §5 (rendering rules): no locale data or a non-finite value gives ''.
 */
import type Decimal from 'decimal.js';
import { numberOption } from '../i18n/decimal-options.js';
import { memo, numberFormat } from '../intl.js';

/**
 * Map template arguments (`key:value`) to Intl currency options.
 * @example currencyOptions(['style:name']) // { currencyDisplay: 'name' }
 */
export function currencyOptions(args: readonly string[]): Intl.NumberFormatOptions {
  const opts: Record<string, unknown> = {};
  for (const arg of args) {
    const i = arg.indexOf(':');
    const key = i === -1 ? arg : arg.slice(0, i);
    const val = i === -1 ? '' : arg.slice(i + 1);
    switch (key) {
      case 'style':
        if (val === 'short') {
          opts.notation = 'compact';
          opts.compactDisplay = 'short';
        } else if (val === 'name') opts.currencyDisplay = 'name';
        else if (val === 'code') opts.currencyDisplay = 'code';
        else if (val === 'accounting') opts.currencySign = 'accounting';
        break;
      case 'symbol':
        if (val === 'narrow') opts.currencyDisplay = 'narrowSymbol';
        break;
      default:
        // Grouping, rounding and digit options mean the same as for `decimal` (SPEC §9 clamps).
        numberOption(key, val, opts as Intl.NumberFormatOptions);
        break;
    }
  }
  const o = opts as Intl.NumberFormatOptions;
  if (o.minimumFractionDigits !== undefined && o.maximumFractionDigits !== undefined && o.minimumFractionDigits > o.maximumFractionDigits) {
    o.maximumFractionDigits = o.minimumFractionDigits;
  }
  return o;
}

/** Format an exact decimal; Intl formats numeric strings without a float round-trip. */
export function formatDecimalString(locale: string, amount: Decimal, options: Intl.NumberFormatOptions): string {
  if (!amount.isFinite()) return '';
  try {
    return numberFormat(locale, options).format(amount.toFixed() as unknown as number);
  } catch {
    return '';
  }
}

/**
 * Format a major-unit amount in `currency` for `locale`; null locale gives ''.
 * @example formatCurrency('de-DE', new Decimal(2500), 'EUR') === '2.500,00\u00a0€'
 */
export function formatCurrency(
  locale: string | null,
  amount: Decimal,
  currency: string,
  args: readonly string[] = NO_ARGS,
): string {
  if (locale === null) return '';
  if (!Object.isFrozen(args)) return formatDecimalString(locale, amount, { ...currencyOptions(args), style: 'currency', currency });
  if (!amount.isFinite()) return '';
  try {
    const entry = currencyFormat(locale, currency, args);
    // Parsed amounts are shared frozen Decimals (money.ts), so a price shown on every
    // render of a page is formatted once per formatter; other amounts are not kept.
    if (!Object.isFrozen(amount)) return entry.format.format(amount.toFixed() as unknown as number);
    let text = entry.byAmount.get(amount);
    if (text === undefined) {
      text = entry.format.format(amount.toFixed() as unknown as number);
      entry.byAmount.set(amount, text);
    }
    return text;
  } catch {
    // An unknown currency code or option Intl rejects prints nothing.
    return '';
  }
}

const NO_ARGS: readonly string[] = Object.freeze([]);

/** One Intl formatter and what it printed per amount (weakly held: the amounts' own cache bounds it). */
interface CurrencyFormat {
  readonly format: Intl.NumberFormat;
  readonly byAmount: WeakMap<Decimal, string>;
}

/**
 * Formatters per frozen argument array (the engine freezes each instruction's
 * arguments once), then per locale and currency: no option parse or key string per call.
 */
const currencyFormats = new WeakMap<readonly string[], Map<string, Map<string, CurrencyFormat>>>();

function currencyFormat(locale: string, currency: string, args: readonly string[]): CurrencyFormat {
  let byLocale = currencyFormats.get(args);
  if (byLocale === undefined) {
    byLocale = new Map();
    currencyFormats.set(args, byLocale);
  }
  const byCurrency = memo(byLocale, locale, () => new Map<string, CurrencyFormat>());
  return memo(byCurrency, currency, () => ({
    format: numberFormat(locale, { ...currencyOptions(args), style: 'currency', currency }),
    byAmount: new WeakMap(),
  }));
}

/**
 * SPEC §9: percent format shows 2 to 3 fraction digits, or 0 to 3 with `trim`.
 * The value is printed as given (it is already a percentage).
 */
export function formatPercentage(locale: string | null, amount: Decimal, trim: boolean): string {
  if (locale === null) return '';
  return formatDecimalString(locale, amount, { minimumFractionDigits: trim ? 0 : 2, maximumFractionDigits: 3 });
}

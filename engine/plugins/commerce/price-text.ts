/**
 * The data of the price block shared by `product-price` and `subscription-price`
 * (templates/price.html): which of from / sale / regular price shows, with its
 * wording filled. SPEC §9: sale prices carry hidden 'Sale Price:' and
 * 'Original Price:' labels; a subscription price without a plan shows 'Unavailable'.
 */
import Decimal from 'decimal.js';
import { asString, isTruthy } from '../../values.js';
import type { RenderContext } from '../../plugin-contract.js';
import { escapeHtml } from '../../escape.js';
import { legacyMoneyMarkup, readMoney } from './money.js';
import { formatCurrency } from './currency-format.js';
import { fillMarkup } from './message.js';

export interface PriceBlock {
  cssClass: string;
  fromText?: string;
  saleText?: string;
  normalText?: string;
  saleLabel: string;
  originalLabel: string;
}

/** The site opted into locale-aware (CLDR) money display. */
export function usesLocaleMoney(ctx: RenderContext): boolean {
  return isTruthy(ctx.resolve('featureFlags.useCLDRMoneyFormat')) || isTruthy(ctx.resolve('website.useCLDRMoneyFormat'));
}

/** A money object as display markup: locale-formatted, or the legacy native span. */
export function moneyMarkup(money: unknown, args: readonly string[], ctx: RenderContext): string {
  const { amount, currency } = readMoney(money);
  if (usesLocaleMoney(ctx)) {
    // Intl output is text; escape it like any other value going into markup.
    return escapeHtml(formatCurrency(ctx.locale, amount, currency, args));
  }
  // The legacy display predates multi-currency: always hundredths, two decimals.
  return legacyMoneyMarkup(amount.times(100));
}

/** `localizedStrings.<key>` as a path, built once per key (a string built per call costs a hash per lookup). */
const LOCALIZED_PATHS = new Map<string, readonly string[]>();

/** A localized string, or the fallback when the site has none. */
export function localized(ctx: RenderContext, key: string, fallback: string): string {
  let path = LOCALIZED_PATHS.get(key);
  if (path === undefined) {
    path = Object.freeze(['localizedStrings', key]);
    LOCALIZED_PATHS.set(key, path);
  }
  const v = ctx.resolvePath(path);
  return v === undefined ? fallback : asString(v);
}

export function emptyPriceBlock(ctx: RenderContext, cssClass: string): PriceBlock {
  return {
    cssClass,
    saleLabel: localized(ctx, 'salePriceText', 'Sale Price:'),
    originalLabel: localized(ctx, 'originalPriceText', 'Original Price:'),
  };
}

export interface PriceValues {
  billingPeriodValue?: number;
  duration?: number;
}

/** Fill a wording with a price's markup and the subscription numbers. */
export function priceText(wording: string, price: string, values: PriceValues = {}): string {
  const markup: Record<string, string | number> = { price, fromPrice: price };
  if (values.billingPeriodValue !== undefined) markup.billingPeriodValue = new Decimal(values.billingPeriodValue).toString();
  if (values.duration !== undefined) markup.duration = new Decimal(values.duration).toString();
  return fillMarkup(wording, markup);
}

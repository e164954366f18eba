/**
 * `product-price`, `subscription-price` and the legacy number-only
 * `from-price` / `normal-price` / `sale-price`.
 */
import { asNumber, getKey, isTruthy } from '../../values.js';
import type { Formatter, RenderContext } from '../../plugin-contract.js';
import { legacyPrice } from './money.js';
import {
  cheapestVariantPricingOptions,
  effectiveMoney,
  fromPriceMoney,
  normalPriceMoney,
  salePriceMoney,
} from './prices.js';
import { emptyPriceBlock, localized, moneyMarkup, priceText, type PriceBlock } from './price-text.js';
import { ProductType, contentField, hasVariedPrices, isOnSale, isSubscribable, productType } from './product.js';
import {
  defaultSubscriptionWording,
  subscriptionDuration,
  subscriptionPlan,
  subscriptionStringKey,
} from './subscription.js';
import { COMMERCE_TEMPLATES } from './templates/index.js';

export const fromPrice: Formatter = (item) => legacyPrice(fromPriceMoney(item));
export const normalPrice: Formatter = (item) => legacyPrice(normalPriceMoney(item));
export const salePrice: Formatter = (item) => legacyPrice(salePriceMoney(item));

const FROM_WORDING = 'from {fromPrice}';

function oneTimePriceBlock(item: unknown, args: readonly string[], ctx: RenderContext, block: PriceBlock): void {
  if (hasVariedPrices(item)) {
    block.fromText = priceText(localized(ctx, 'productPriceFromText', FROM_WORDING), moneyMarkup(fromPriceMoney(item), args, ctx));
  }
  if (isOnSale(item)) block.saleText = priceText('{price}', moneyMarkup(salePriceMoney(item), args, ctx));
  block.normalText = priceText('{price}', moneyMarkup(normalPriceMoney(item), args, ctx));
}

/** SPEC §9 subscription wording; §8: a subscription without a plan shows 'Unavailable'. */
function subscriptionPriceBlock(item: unknown, args: readonly string[], ctx: RenderContext, block: PriceBlock): void {
  const plan = subscriptionPlan(item);
  if (plan === undefined) {
    block.fromText = priceText(localized(ctx, 'productPriceUnavailable', 'Unavailable'), '');
    return;
  }
  const multiple = hasVariedPrices(item);
  const key = subscriptionStringKey(plan, multiple);
  const wording = localized(ctx, key, defaultSubscriptionWording(plan, multiple));
  const values = { billingPeriodValue: plan.value, duration: subscriptionDuration(plan).value };
  if (multiple) block.fromText = priceText(wording, moneyMarkup(fromPriceMoney(item), args, ctx), values);
  if (isOnSale(item)) block.saleText = priceText(wording, moneyMarkup(salePriceMoney(item), args, ctx), values);
  block.normalText = priceText(wording, moneyMarkup(normalPriceMoney(item), args, ctx), values);
}

/** The price block of a product: from-price, or sale and original price, or the price. */
export const productPrice: Formatter = (item, args, ctx) => {
  const block = emptyPriceBlock(ctx, 'product-price');
  if (isSubscribable(item)) subscriptionPriceBlock(item, args, ctx, block);
  // Only the explicit "undefined" code -1 has no price; a missing or unknown type is a one-time product.
  else if (asNumber(contentField(item, 'productType')) !== -1) oneTimePriceBlock(item, args, ctx, block);
  return ctx.renderTemplate(COMMERCE_TEMPLATES.price, block);
};

/** The subscribe-and-save price: the first pricing option of the cheapest variant. */
export const subscriptionPrice: Formatter = (item, args, ctx) => {
  const block = emptyPriceBlock(ctx, 'subscription-price');
  const options = cheapestVariantPricingOptions(item);
  if (options !== undefined && options.length > 0) {
    const first = options[0];
    if (hasVariedPrices(item)) {
      block.fromText = priceText(localized(ctx, 'productPriceFromText', FROM_WORDING), moneyMarkup(effectiveMoney(first), args, ctx));
    }
    if (isTruthy(getKey(first, 'onSale'))) block.saleText = priceText('{price}', moneyMarkup(getKey(first, 'salePriceMoney'), args, ctx));
    block.normalText = priceText('{price}', moneyMarkup(getKey(first, 'priceMoney'), args, ctx));
  }
  return ctx.renderTemplate(COMMERCE_TEMPLATES.price, block);
};

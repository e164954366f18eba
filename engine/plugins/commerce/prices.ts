/**
 * Which money object a product displays: its lowest ("from") price, its highest
 * regular price, its lowest sale price, and the subscription pricing options of
 * its cheapest variant. Each returns a money object from the data (or zero USD).
 */
import type Decimal from 'decimal.js';
import { getKey, isTruthy } from '../../values.js';
import { amountLess, readMoney } from './money.js';
import { ProductType, contentField, productType, variantsOf } from './product.js';

/** Zero dollars: what a product without a usable price shows. */
export const ZERO_MONEY = Object.freeze({ value: '0', currency: 'USD' });

/** The price a variant (or pricing option) sells at now: its sale price when on sale. */
export function effectiveMoney(v: unknown): unknown {
  return isTruthy(getKey(v, 'onSale')) ? getKey(v, 'salePriceMoney') : getKey(v, 'priceMoney');
}

const amountOf = (money: unknown) => readMoney(money).amount;

function digitalMoney(item: unknown, key: string): unknown {
  return contentField(item, key) ?? ZERO_MONEY;
}

/** The lowest current price among the variants (SPEC §4 "from" price). */
export function fromPriceMoney(item: unknown): unknown {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'priceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD) return ZERO_MONEY;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return ZERO_MONEY;
  // Each amount is parsed once: the best so far keeps its parsed amount.
  let best = effectiveMoney(variants[0]);
  let bestAmount = amountOf(best);
  for (let i = 1; i < variants.length; i++) {
    const money = effectiveMoney(variants[i]);
    const amount = amountOf(money);
    if (amountLess(amount, bestAmount)) {
      best = money;
      bestAmount = amount;
    }
  }
  return best;
}

/** The highest regular (not sale) price among the variants. */
export function normalPriceMoney(item: unknown): unknown {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'priceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE && type !== ProductType.GIFT_CARD) return ZERO_MONEY;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return ZERO_MONEY;
  let best = getKey(variants[0], 'priceMoney');
  let bestAmount = amountOf(best);
  for (let i = 1; i < variants.length; i++) {
    const money = getKey(variants[i], 'priceMoney');
    const amount = amountOf(money);
    if (amountLess(bestAmount, amount)) {
      best = money;
      bestAmount = amount;
    }
  }
  return best;
}

/** The lowest sale price among the variants that are on sale. Gift cards have none. */
export function salePriceMoney(item: unknown): unknown {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'salePriceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return ZERO_MONEY;
  // The first on-sale variant starts the search even without a sale price (it counts as 0).
  let best: unknown;
  let bestAmount: Decimal | undefined;
  for (const v of variantsOf(item) ?? []) {
    if (!isTruthy(getKey(v, 'onSale'))) continue;
    const money = getKey(v, 'salePriceMoney') ?? ZERO_MONEY;
    const amount = amountOf(money);
    if (bestAmount === undefined || amountLess(amount, bestAmount)) {
      best = money;
      bestAmount = amount;
    }
  }
  return best ?? ZERO_MONEY;
}

/**
 * The subscription pricing options of the variant with the lowest current price
 * (the first such variant on ties); undefined for products without variants.
 */
export function cheapestVariantPricingOptions(item: unknown): unknown[] | undefined {
  const type = productType(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return undefined;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return undefined;
  let best = variants[0];
  let bestAmount = amountOf(effectiveMoney(best));
  for (let i = 1; i < variants.length; i++) {
    const amount = amountOf(effectiveMoney(variants[i]));
    if (amountLess(amount, bestAmount)) {
      best = variants[i];
      bestAmount = amount;
    }
  }
  const options = getKey(best, 'pricingOptions');
  return Array.isArray(options) ? options : undefined;
}

/**
 * Derived product state (SPEC §4 "Derived product state", §5 "Add to cart").
 * Pure functions over a store item as it appears in page data.
 */
import { asBoolean, asNumber, asString, deepEqual, getKey, isObject, isTruthy, walkPath } from '../../values.js';

/** SPEC §3 enumeration ProductType; UNDEFINED for a missing or unknown code. */
export enum ProductType {
  UNDEFINED = 0,
  PHYSICAL = 1,
  DIGITAL = 2,
  SERVICE = 3,
  GIFT_CARD = 4,
  /** @public SPEC §3 ProductType 5: no formatter reads it yet, the code stays with its siblings. */
  PAYWALL = 5,
}

/** `item.structuredContent[key]` without a path array per call (read several times per product, per formatter). */
export function contentField(item: unknown, key: string): unknown {
  return getKey(getKey(item, 'structuredContent'), key);
}

export function productType(item: unknown): ProductType {
  const code = asNumber(contentField(item, 'productType'));
  return code >= 1 && code <= 5 && Number.isInteger(code) ? (code as ProductType) : ProductType.UNDEFINED;
}

/** The variants list, or undefined when the data has none. */
export function variantsOf(item: unknown): unknown[] | undefined {
  const v = contentField(item, 'variants');
  return Array.isArray(v) ? v : undefined;
}

const hasVariantsList = (t: ProductType) => t === ProductType.PHYSICAL || t === ProductType.SERVICE;

/**
 * SPEC §4: a physical or service product is sold out when no variant is unlimited
 * and none has stock above 0; digital and gift cards never are. A product of
 * unknown type counts as sold out.
 */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return false;
  if (!hasVariantsList(type)) return true;
  for (const v of variantsOf(item) ?? []) {
    if (isTruthy(getKey(v, 'unlimited')) || asNumber(getKey(v, 'qtyInStock')) > 0) return false;
  }
  return true;
}

/** SPEC §4: on sale if any variant is; a digital item uses its own onSale flag. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return isTruthy(contentField(item, 'onSale'));
  if (!hasVariantsList(type)) return false;
  const variants = variantsOf(item);
  if (variants === undefined) return false;
  for (let i = 0; i < variants.length; i++) if (isTruthy(getKey(variants[i], 'onSale'))) return true;
  return false;
}

/** Which badge a product shows. SPEC §4: sold out first, else sale, else nothing. */
export type ProductBadge = 'sold-out' | 'sale' | 'none';

export function productBadge(item: unknown): ProductBadge {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'sale';
  return 'none';
}

/** More than one variant, and not a digital product. */
export function hasVariants(item: unknown): boolean {
  if (productType(item) === ProductType.DIGITAL) return false;
  const variants = variantsOf(item);
  return variants !== undefined && variants.length > 1;
}

/**
 * SPEC §4: prices vary if any variant differs from the first in price, onSale,
 * or (when the first is on sale) salePrice. Digital products never vary.
 */
export function hasVariedPrices(item: unknown): boolean {
  const type = productType(item);
  if (!hasVariantsList(type) && type !== ProductType.GIFT_CARD) return false;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return false;
  const first = variants[0];
  const onSale = getKey(first, 'onSale');
  for (let i = 1; i < variants.length; i++) {
    const v = variants[i];
    if (!deepEqual(getKey(v, 'onSale'), onSale)) return true;
    if (isTruthy(onSale) && !deepEqual(getKey(v, 'salePrice'), getKey(first, 'salePrice'))) return true;
    if (!deepEqual(getKey(v, 'price'), getKey(first, 'price'))) return true;
  }
  return false;
}

export function isSubscribable(item: unknown): boolean {
  return asBoolean(contentField(item, 'isSubscribable'));
}

/** SPEC §5: digital and gift-card stock counts as unlimited. */
export function totalStockRemaining(item: unknown): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Number.MAX_SAFE_INTEGER;
  let total = 0;
  for (const v of variantsOf(item) ?? []) {
    if (isTruthy(getKey(v, 'unlimited'))) return Number.MAX_SAFE_INTEGER;
    total += asNumber(getKey(v, 'qtyInStock'));
  }
  return total;
}

/** SPEC §3 store settings: multipleQuantityAllowedForServices defaults to true. */
export function multipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const value = walkPath(websiteSettings, ['storeSettings', 'multipleQuantityAllowedForServices']);
  return value === undefined || value === null ? true : asBoolean(value);
}

/**
 * SPEC §5: the quantity input shows for a physical product, or a service when
 * multiple quantities are allowed, that is not subscribable and has more than 1 in stock.
 */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  const type = productType(item);
  const allowed =
    (type === ProductType.PHYSICAL ||
      (type === ProductType.SERVICE && multipleQuantityAllowedForServices(websiteSettings))) &&
    !isSubscribable(item);
  return allowed && totalStockRemaining(item) > 1;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * SPEC §5: the selector appears only with more than one variant; values are
 * gathered per option name, in variantOptionOrdering order, first-seen order within.
 */
export function itemVariantOptions(item: unknown): VariantOption[] {
  const variants = variantsOf(item) ?? [];
  if (variants.length <= 1) return [];
  const ordering = contentField(item, 'variantOptionOrdering');
  const options: VariantOption[] = (Array.isArray(ordering) ? ordering : []).map((n) => ({ name: asString(n), values: [] }));
  for (const v of variants) {
    const attrs = getKey(v, 'attributes');
    if (!isObject(attrs)) continue;
    for (const [field, raw] of Object.entries(attrs)) {
      const option = options.find((o) => o.name === field);
      const value = asString(raw);
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** A variant's option values joined for display: `blue / large`. */
export function variantDescriptor(variant: unknown): string {
  const values = getKey(variant, 'optionValues');
  return Array.isArray(values) ? values.map((o) => asString(getKey(o, 'value'))).join(' / ') : '';
}

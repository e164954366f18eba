import { PRODUCT_TYPE } from '../../../schema/index.js';
import { assetUrl } from '../item-json/image-json.js';
import { moneyJson } from '../../../domain/money/money.js';
import type { CartEntryView, CartView } from './read.js';
import { parseStoredFields } from './additional-fields.js';

/** SPEC §3 Shopping cart totals, integer minor units only. */
export interface CartTotals {
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
}

/**
 * Totals of a cart's entries. Tax, shipping and discounts stay 0 until checkout computes
 * them (they need an address and coupons).
 * @example cartTotals([{ unitPriceCents: 3600, quantity: 2 }]).subtotalCents === 7200
 */
export function cartTotals(entries: readonly Pick<CartEntryView, 'unitPriceCents' | 'quantity'>[]): CartTotals {
  let subtotalCents = 0;
  let totalQuantity = 0;
  for (const e of entries) {
    subtotalCents += e.unitPriceCents * e.quantity;
    totalQuantity += e.quantity;
  }
  const taxCents = 0;
  const shippingCostCents = 0;
  const discountCents = 0;
  return { subtotalCents, taxCents, shippingCostCents, discountCents, grandTotalCents: subtotalCents + taxCents + shippingCostCents - discountCents, totalQuantity };
}

/**
 * What checkout's pricing adds to the cart JSON once a location or coupons are known
 * (edge/services/orders/pricing.ts fills it; the cart service does not price itself).
 */
export interface CartPricing {
  totals: CartTotals;
  includedTaxCents: number;
  shippingOptions: unknown[];
  selectedShippingOption: unknown;
  applicableTaxRules: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
}

// Goods delivered without shipping: downloads and gift cards.
const isDigital = (e: CartEntryView) => e.productType === PRODUCT_TYPE.digital || e.productType === PRODUCT_TYPE.giftCard;

function optionValues(e: CartEntryView) {
  const names = [...e.variantOptionOrdering.filter((n) => n in e.attributes), ...Object.keys(e.attributes).filter((n) => !e.variantOptionOrdering.includes(n))];
  return names.map((optionName) => ({ optionName, value: e.attributes[optionName] ?? '' }));
}

/** SPEC §3 Cart entry, plus what a storefront shows beside it (link, image, hold). */
export function entryJson(e: CartEntryView, now: number): Record<string, unknown> {
  const subTotal = e.unitPriceCents * e.quantity;
  const out: Record<string, unknown> = {
    id: e.id,
    itemId: e.itemId,
    title: e.title,
    fullUrl: e.fullUrl,
    productType: e.productType,
    chosenVariant: { sku: e.sku, attributes: e.attributes, optionValues: optionValues(e) },
    quantity: e.quantity,
    currency: e.currency,
    purchasePriceCents: e.unitPriceCents,
    purchasePriceMoney: moneyJson(e.unitPriceCents, e.currency),
    subTotal,
    subTotalCents: subTotal,
    subTotalMoney: moneyJson(subTotal, e.currency),
    additionalFields: parseStoredFields(e.additionalFields),
    // Epoch ms until which the units are held for this cart; null when nothing is held.
    holdExpiresAt: e.holdExpiresOn !== null && e.holdExpiresOn > now ? e.holdExpiresOn : null,
  };
  if (e.mainImageKey) out.assetUrl = assetUrl(e.mainImageKey);
  return out;
}

/**
 * The shopping cart JSON of the API and of the /cart page context (SPEC §3). With no
 * cart, the same shape empty and without `id`.
 */
export function cartJson(view: CartView | undefined, site: { id: string; currency: string }, now: number, priced?: CartPricing): Record<string, unknown> {
  const entries = view?.entries ?? [];
  const totals = priced?.totals ?? cartTotals(entries);
  const currency = site.currency;
  const out: Record<string, unknown> = {};
  if (view) {
    Object.assign(out, { id: view.record.id, created: view.record.createdOn, updated: view.record.updatedOn, expiresOn: view.record.expiresOn });
  }
  return Object.assign(out, {
    websiteId: site.id,
    orderId: view?.record.orderId ?? null,
    isPurchased: view?.record.isPurchased ?? false,
    currency,
    entries: entries.map((e) => entryJson(e, now)),
    shippingOptions: priced?.shippingOptions ?? [],
    selectedShippingOption: priced?.selectedShippingOption ?? null,
    shippingLocation: view?.record.shippingLocation ?? null,
    applicableTaxRules: priced?.applicableTaxRules ?? [],
    coupons: view?.record.coupons ?? [],
    validCoupons: priced?.validCoupons ?? [],
    invalidCoupons: priced?.invalidCoupons ?? [],
    ...totals,
    ...(priced ? { includedTaxCents: priced.includedTaxCents } : {}),
    subtotalMoney: moneyJson(totals.subtotalCents, currency),
    grandTotalMoney: moneyJson(totals.grandTotalCents, currency),
    hasDigital: entries.some(isDigital),
    purelyDigital: entries.length > 0 && entries.every(isDigital),
    requiresShipping: entries.some((e) => e.productType === PRODUCT_TYPE.physical),
  });
}

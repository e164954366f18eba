import type { Db } from '../db.js';
import type { CartPricing, CartView } from '../cart/index.js';
import type { ShippingLocation } from '../checkout/types.js';
import { priceCart, type PricingSite } from './pricing.js';
import type { CouponWords } from '../checkout/coupons.js';

/** What a cart stores in `shippingLocation`: where it goes and the option chosen there. */
export interface StoredLocation extends ShippingLocation {
  selectedShippingOptionId?: string;
}

export function storedLocation(view: CartView): StoredLocation | undefined {
  const raw = view.record.shippingLocation as Partial<StoredLocation> | null;
  return raw && typeof raw.country === 'string' ? (raw as StoredLocation) : undefined;
}

/**
 * The SPEC §3 checkout fields of a cart (shipping options, tax rules, coupons, totals)
 * from its stored location, option and coupons. Undefined for a cart with nothing to price.
 * `couponWords`: the refused coupons' messages in the language of the request (English without).
 */
export async function cartPricing(db: Db, site: PricingSite, view: CartView | undefined, now: number, couponWords?: CouponWords): Promise<CartPricing | undefined> {
  if (!view || view.entries.length === 0) return undefined;
  const stored = storedLocation(view);
  const location = stored ? { country: stored.country, ...(stored.region ? { region: stored.region } : {}), ...(stored.postalCode ? { postalCode: stored.postalCode } : {}) } : undefined;
  const priced = await priceCart(db, site, view, {
    ...(location ? { location } : {}),
    ...(stored?.selectedShippingOptionId ? { shippingOptionId: stored.selectedShippingOptionId } : {}),
    couponCodes: view.record.coupons,
    now,
    ...(couponWords ? { couponWords } : {}),
  });
  const t = priced.totals;
  return {
    totals: {
      subtotalCents: t.subtotalCents, taxCents: t.taxCents, shippingCostCents: t.shippingCostCents, discountCents: t.discountCents,
      grandTotalCents: t.grandTotalCents, totalQuantity: t.totalQuantity,
    },
    includedTaxCents: t.includedTaxCents,
    shippingOptions: t.shippingOptions,
    selectedShippingOption: t.selectedShippingOption,
    applicableTaxRules: t.applicableTaxRules,
    validCoupons: t.validCoupons,
    invalidCoupons: priced.invalidCoupons,
  };
}

import type { Cents, EpochMs } from '../../../domain/branded-types.js';
import { PRODUCT_TYPE } from '../../../schema/types.js';
import { cents, sum } from './amounts.js';
import { applyCoupons, type CouponWords, type InvalidCoupon, type ValidCoupon } from './coupons.js';
import { shippingOptions } from './shipping.js';
import { applicableTaxRules, computeTax, type AppliedTax } from './tax.js';
import type { CheckoutLine, Coupon, ShippingLocation, ShippingOption, ShippingZone, TaxRule } from './types.js';

export interface CheckoutInput {
  lines: readonly CheckoutLine[];
  currency: string;
  location?: ShippingLocation;
  zones: readonly ShippingZone[];
  taxRules: readonly TaxRule[];
  coupons: readonly Coupon[];
  selectedShippingOptionId?: string;
  now: EpochMs;
  /** The site's `tax.pricesIncludeTax`: every rule's tax is inside the prices and extracted, never added. */
  pricesIncludeTax?: boolean;
  /** The refused coupons' messages in the shopper's language (English without). */
  couponWords?: CouponWords;
}

/** The SPEC §3 shopping-cart totals, all integer minor units of `currency`. */
export interface CheckoutTotals {
  currency: string;
  subtotalCents: Cents;
  discountCents: Cents;
  shippingCostCents: Cents;
  /** Tax added on top of prices; tax included in prices is `includedTaxCents`. */
  taxCents: Cents;
  includedTaxCents: Cents;
  /** Always subtotal − discount + shipping + tax (with `pricesIncludeTax` tax is 0: it is inside the prices). */
  grandTotalCents: Cents;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  applicableTaxRules: AppliedTax[];
  validCoupons: ValidCoupon[];
  invalidCoupons: InvalidCoupon[];
}

function chooseOption(options: ShippingOption[], wanted: string | undefined): ShippingOption | null {
  return options.find((option) => option.id === wanted) ?? options[0] ?? null;
}

/**
 * Prices a cart for checkout from data read on the server (never from the browser):
 * coupons on the goods, shipping from the location's zone (free-shipping coupons waive
 * it), then tax per applicable rule on the discounted goods and, where a rule says so,
 * on shipping.
 * @example checkoutTotals({ lines, currency: 'USD', zones: [], taxRules: [], coupons: [], now: Date.now() }).grandTotalCents
 */
export function checkoutTotals(input: CheckoutInput): CheckoutTotals {
  const { lines, location } = input;
  const subtotalCents = sum(lines.map((line) => line.unitPriceCents * line.quantity));
  const coupons = applyCoupons(input.coupons, lines, input.now, input.currency, input.couponWords);
  const requiresShipping = lines.some((line) => line.productType === PRODUCT_TYPE.physical);
  const options = requiresShipping && location ? shippingOptions(input.zones, location, lines, subtotalCents) : [];
  const selected = chooseOption(options, input.selectedShippingOptionId);
  const shippingCostCents = cents(selected && !coupons.freeShipping ? selected.amountCents : 0);
  const goodsCents = cents(subtotalCents - coupons.discountCents);
  const rules = location ? applicableTaxRules(input.taxRules, location) : [];
  const tax = location ? computeTax(input.pricesIncludeTax ? rules.map((rule) => ({ ...rule, inclusive: true })) : rules, goodsCents, shippingCostCents) : undefined;
  const taxCents = tax?.addedCents ?? cents(0);
  const digital = lines.filter((line) => line.productType === PRODUCT_TYPE.digital).length;
  return {
    currency: input.currency,
    subtotalCents,
    discountCents: coupons.discountCents,
    shippingCostCents,
    taxCents,
    includedTaxCents: tax?.includedCents ?? cents(0),
    grandTotalCents: cents(goodsCents + shippingCostCents + taxCents),
    totalQuantity: lines.reduce((n, line) => n + line.quantity, 0),
    hasDigital: digital > 0,
    purelyDigital: lines.length > 0 && digital === lines.length,
    requiresShipping,
    shippingOptions: options,
    selectedShippingOption: selected,
    applicableTaxRules: tax?.applied ?? [],
    validCoupons: coupons.valid,
    invalidCoupons: coupons.invalid,
  };
}

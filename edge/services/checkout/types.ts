import type { ProductType } from '../../../schema/types.js';
import type { Cents, EpochMs } from '../../../domain/branded-types.js';

/** One cart entry as checkout prices it: the unit price was captured from D1 at add time. */
export interface CheckoutLine {
  entryId: string;
  productId: string;
  sku: string;
  productType: ProductType;
  quantity: number;
  unitPriceCents: Cents;
  /** Per unit; physical items without a weight weigh 0. */
  weightGrams: number;
}

/** Where the order goes: ISO country, optional region code (SPEC §3 region tables), postcode. */
export interface ShippingLocation {
  country: string;
  region?: string;
  postalCode?: string;
}

export type ShippingRate =
  | { kind: 'flat'; id: string; name: string; amountCents: Cents }
  | { kind: 'weight'; id: string; name: string; tiers: readonly { upToGrams: number; amountCents: Cents }[] }
  /** Priced by the order value (the subtotal): the first tier whose `upToCents` the subtotal does not pass. */
  | { kind: 'value'; id: string; name: string; tiers: readonly { upToCents: Cents; amountCents: Cents }[] }
  | { kind: 'free-over'; id: string; name: string; amountCents: Cents; freeFromCents: Cents }
  | { kind: 'pickup'; id: string; name: string };

/** A shipping zone: countries (optionally narrowed to regions) and the rates it offers. */
export interface ShippingZone {
  id: string;
  /** ISO country codes, or '*' for the rest of the world. */
  countries: readonly string[];
  regions?: readonly string[];
  rates: readonly ShippingRate[];
}

export interface TaxRule {
  id: string;
  name: string;
  country: string;
  /** Absent: the whole country. */
  region?: string;
  rateBps: number;
  /** Prices already include this tax (VAT style); otherwise it is added on top. */
  inclusive: boolean;
  appliesToShipping: boolean;
}

export type CouponEffect =
  | { kind: 'percentage'; percentBps: number }
  | { kind: 'fixed'; amountCents: Cents }
  | { kind: 'free-shipping' };

export interface Coupon {
  code: string;
  effect: CouponEffect;
  minSubtotalCents?: Cents;
  startsAt?: EpochMs;
  endsAt?: EpochMs;
  usageLimit?: number;
  timesUsed: number;
  /** Absent or empty: every product. (A coupon's categories are expanded to their products before pricing.) */
  productIds?: readonly string[];
}

export interface ShippingOption {
  id: string;
  name: string;
  kind: ShippingRate['kind'];
  amountCents: Cents;
}

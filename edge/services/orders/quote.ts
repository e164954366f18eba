import type { Db } from '../db.js';
import { ApiError } from '../../errors.js';
import { findCart, loadCartView, type CartKind, type CartView } from '../cart/index.js';
import { addressPostcodeError } from '../../../domain/postal-codes/postal-codes.js';
import { resolveRegion } from '../../../domain/postal-codes/postcode-region.js';
import { priceCart, type PricedCart, type PricingSite } from './pricing.js';

export type Address = Record<string, string> & { country: string; postalCode?: string; region?: string };

/** What checkout prices an order from: the visitor's cart and their choices (never amounts). */
export interface QuoteInput {
  site: PricingSite & { title: string };
  cartToken: string | undefined;
  /** 'subscription' when `cartToken` opens a subscription cart (its checkout starts a subscription). */
  cartKind?: CartKind | undefined;
  shippingAddress?: Address | undefined;
  billingAddress?: Address | undefined;
  shippingOptionId?: string | undefined;
  coupons?: string[] | undefined;
  now: number;
}

export interface CheckoutQuote {
  view: CartView;
  priced: PricedCart;
}

function addressErrors(prefix: string, address: Address | undefined): Record<string, string> {
  if (!address) return {};
  const message = address.postalCode ? addressPostcodeError(address.country, address.postalCode) : null;
  if (message) return { [`${prefix}.postalCode`]: message };
  // Issue 33 finding 6: a region the postcode contradicts would choose the tax; refuse it.
  const { mismatch } = resolveRegion(address.country, address.region, address.postalCode);
  return mismatch ? { [`${prefix}.region`]: mismatch } : {};
}

async function liveCart(db: Db, site: QuoteInput['site'], token: string | undefined, now: number, kind: CartKind = 'shopping'): Promise<CartView> {
  const record = token ? await findCart(db, site.id, token, now, kind) : undefined;
  const view = record ? await loadCartView(db, record) : undefined;
  if (!view || view.entries.length === 0) throw new ApiError(422, 'cart_empty', 'Your cart is empty.');
  return view;
}

/**
 * Prices the visitor's live cart for checkout on the server (never trust the
 * browser for amounts), refusing what cannot be ordered: an empty cart, SPEC §5 postcode
 * errors, no shipping option for the address. Order placement and the Stripe
 * PaymentIntent both charge exactly this grand total.
 */
export async function quoteCheckout(db: Db, input: QuoteInput): Promise<CheckoutQuote> {
  const { site, now } = input;
  const view = await liveCart(db, site, input.cartToken, now, input.cartKind);
  const couponCodes = input.coupons ?? view.record.coupons;
  const fields = { ...addressErrors('shippingAddress', input.shippingAddress), ...addressErrors('billingAddress', input.billingAddress) };
  const requiresShipping = view.entries.some((e) => e.productType === 1);
  if (requiresShipping && !input.shippingAddress) fields.shippingAddress = 'Enter a shipping address.';
  if (Object.keys(fields).length) throw new ApiError(422, 'invalid_address', 'Please check the highlighted fields.', { fields });
  const ship = input.shippingAddress;
  // Tax and zones follow the postcode's region where the postcode decides it (resolveRegion).
  const region = ship ? resolveRegion(ship.country, ship.region, ship.postalCode).region : undefined;
  const location = ship
    ? { country: ship.country, ...(region ? { region } : {}), ...(ship.postalCode ? { postalCode: ship.postalCode } : {}) }
    : undefined;
  const shippingOptionId = input.shippingOptionId ?? (view.record.shippingLocation?.selectedShippingOptionId as string | undefined);
  const priced = await priceCart(db, site, view, { ...(location ? { location } : {}), ...(shippingOptionId ? { shippingOptionId } : {}), couponCodes, now });
  const t = priced.totals;
  // A coupon other orders used up since the shopper saw it: say so rather than charge the full price.
  const usedUp = priced.invalidCoupons.find((c) => c.reason === 'used-up');
  if (usedUp) throw new ApiError(409, 'coupon_used_up', usedUp.message, { fields: { coupons: usedUp.message } });
  if (t.requiresShipping && !t.selectedShippingOption) {
    throw new ApiError(422, 'no_shipping_option', 'We do not ship to this address.', { fields: { shippingAddress: 'We do not ship to this address.' } });
  }
  if (input.shippingOptionId && t.selectedShippingOption?.id !== input.shippingOptionId) {
    throw new ApiError(422, 'invalid_shipping_option', 'Choose one of the shipping options offered.', { fields: { shippingOptionId: 'Choose one of the shipping options offered.' } });
  }
  return { view, priced };
}

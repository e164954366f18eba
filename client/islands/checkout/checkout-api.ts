import { apiFetch } from '../../runtime/api.js';
import type { ShoppingCart } from '../../runtime/cart-types.js';

const CART = '/api/commerce/shopping-cart';

export interface ShippingOption {
  id: string;
  name: string;
  amountCents: number;
}

/** The cart JSON with the checkout fields. */
export type PricedCart = ShoppingCart & {
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  validCoupons: { code: string; discountCents: number }[];
  invalidCoupons: { code: string; message: string }[];
  coupons: string[];
  taxCents: number;
  /** Tax inside the prices (prices include tax, or an inclusive rule); present once the cart is priced. */
  includedTaxCents?: number;
  shippingLocation?: unknown;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  subtotalCents: number;
  requiresShipping: boolean;
};

export interface OrderAnswer {
  order: { id: string; orderNumber: number };
  confirmationUrl?: string;
}

type Answer = { shoppingCart: PricedCart };

/** POST /payments/stripe/intent's answer: the intent at the server's total. */
export interface StripeIntentAnswer {
  paymentIntent: { id: string; clientSecret: string; amount: number; currency: string };
  publishableKey?: string;
}

/** What POST /shopping-cart/gift-card answers of a card (never its code). */
export interface GiftCardSummary {
  last4: string;
  balanceCents: number;
  appliedCents: number;
  amountDueCents: number;
}

/** The page's language (its `<html lang>`), which the server says its refusals in. */
const pageLanguage = (): string => document.documentElement.lang;

export const checkoutApi = {
  // The refused coupons' messages come back in the page's language too (lang24).
  cart: () => apiFetch<Answer>('GET', `${CART}?language=${encodeURIComponent(pageLanguage())}`).then((r) => r.shoppingCart),
  // The checkout choices' refusals come back in the page's language (issue 29).
  setLocation: (body: { country: string; region?: string; postalCode?: string }) => apiFetch<Answer>('PUT', `${CART}/shipping-location`, { ...body, language: pageLanguage() }).then((r) => r.shoppingCart),
  setOption: (shippingOptionId: string) => apiFetch<Answer>('PUT', `${CART}/shipping-option`, { shippingOptionId, language: pageLanguage() }).then((r) => r.shoppingCart),
  addCoupon: (code: string) => apiFetch<Answer>('POST', `${CART}/coupons`, { code, language: pageLanguage() }).then((r) => r.shoppingCart),
  checkGiftCard: (code: string) => apiFetch<Answer & { giftCard: GiftCardSummary }>('POST', `${CART}/gift-card`, { code, language: pageLanguage() }),
  removeCoupon: (code: string) => apiFetch<Answer>('DELETE', `${CART}/coupons/${encodeURIComponent(code)}?language=${encodeURIComponent(pageLanguage())}`).then((r) => r.shoppingCart),
  /** The server prices the cart and makes (or reuses, for an unchanged cart) the PaymentIntent. */
  stripeIntent: (body: { shippingAddress?: unknown; billingAddress?: unknown; shippingOptionId?: string; giftCardCode?: string; cartToken?: string; email?: string; language?: string }) =>
    apiFetch<StripeIntentAnswer>('POST', '/api/commerce/payments/stripe/intent', body).then((r) => r.paymentIntent),
  /** The key stays the same for retries of one attempt, so a retry never pays twice. */
  placeOrder: async (key: string, body: unknown): Promise<OrderAnswer> => {
    const crumb = /(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie)?.[1];
    const res = await fetch('/api/commerce/orders', {
      method: 'POST', credentials: 'same-origin', body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key, ...(crumb ? { 'X-CSRF-Token': decodeURIComponent(crumb) } : {}) },
    });
    const json = (await res.json().catch(() => undefined)) as (OrderAnswer & { message?: string; fields?: Record<string, string> }) | undefined;
    if (!res.ok) throw Object.assign(new Error(json?.message ?? 'Something went wrong. Please try again.'), { fields: json?.fields ?? {} });
    return json!;
  },
};

import { ApiError } from '../../errors.js';
import type { CaptureResult } from './provider.js';

/** Metadata keys that tie a PaymentIntent to the site and cart (or renewal) it was created for. */
export const INTENT_METADATA = { site: 'atelier_site', cart: 'atelier_cart', renewal: 'atelier_renewal' } as const;

/** Texts the shopper sees when a PaymentIntent cannot pay this order (HTTP 402/409/422). */
export const STRIPE_MESSAGES = {
  missing: 'Payment details are missing. Please pay again.',
  notFound: 'This payment could not be found. Please pay again.',
  notThisCart: 'This payment does not belong to this checkout.',
  amountChanged: 'Your order total changed after you entered your payment. Please review your order and pay again.',
  alreadyUsed: 'This payment has already been used for an order.',
  incomplete: 'Your payment is not complete yet. Please finish paying and try again.',
  canceled: 'This payment was cancelled. Please pay again.',
  declined: 'Your card was declined.',
  unavailable: 'We could not reach the payment service. You have not been charged. Please try again.',
} as const;

/** What a subscriber reads (receipt mail, account) when a renewal of the saved card fails. */
export const RENEWAL_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  authenticationRequired: 'Your bank asked you to confirm this payment, which cannot be done automatically. Please contact the store to pay this renewal with your card.',
  methodGone: 'This saved payment method is no longer available.',
  unavailable: 'We could not reach the payment service. You have not been charged; we will try again.',
  incomplete: 'This renewal could not be paid with your saved card.',
} as const;

/** Stripe could not answer (network, 5xx): 503, and the order puts everything back. */
export const unavailable = (err: unknown): ApiError => {
  console.error(`stripe unavailable: ${err instanceof Error ? err.message : String(err)}`);
  return new ApiError(503, 'payment_unavailable', STRIPE_MESSAGES.unavailable, { headers: { 'Retry-After': '30' } });
};

export type StripeFailure = Error & { type?: string; code?: string; decline_code?: string; statusCode?: number };

/** Errors of Stripe's own answers that say nothing about the intent (network, 5xx, rate limit). */
export const isOutage = (e: StripeFailure) => e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || e.type === 'StripeRateLimitError' || (e.statusCode ?? 0) >= 500;

export const failure = (code: string, message: string, status?: 402 | 409 | 422): CaptureResult => ({ ok: false, code, message, ...(status ? { status } : {}) });

import type Stripe from 'stripe';
import type { Cents } from '../../../schema/types.js';
import { ApiError } from '../../errors.js';
import type { CaptureRequest, CaptureResult, PaymentProvider } from './provider.js';

/** Metadata keys that tie a PaymentIntent to the site and cart it was created for. */
export const INTENT_METADATA = { site: 'atelier_site', cart: 'atelier_cart' } as const;

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

/** Stripe could not answer (network, 5xx): 503, and the order puts everything back. */
export const unavailable = (err: unknown): ApiError => {
  console.error(`stripe unavailable: ${err instanceof Error ? err.message : String(err)}`);
  return new ApiError(503, 'payment_unavailable', STRIPE_MESSAGES.unavailable, { headers: { 'Retry-After': '30' } });
};

/** Errors of Stripe's own answers that say nothing about the intent (network, 5xx, rate limit). */
export const isOutage = (e: StripeFailure) => e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || e.type === 'StripeRateLimitError' || (e.statusCode ?? 0) >= 500;

type StripeFailure = Error & { type?: string; code?: string; decline_code?: string; statusCode?: number };

const failure = (code: string, message: string, status?: 402 | 409 | 422): CaptureResult => ({ ok: false, code, message, ...(status ? { status } : {}) });

/**
 * Checks a confirmed PaymentIntent against the order the server priced, then captures it.
 * Intents are created with manual capture, so confirming only authorises: money moves
 * here, after stock is secured (edge/services/orders/place.ts).
 */
async function captureIntent(stripe: Stripe, request: CaptureRequest): Promise<CaptureResult> {
  if (!request.paymentIntentId) return failure('invalid_request', STRIPE_MESSAGES.missing, 422);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(request.paymentIntentId);
  } catch (err) {
    if ((err as StripeFailure).statusCode === 404) return failure('payment_not_found', STRIPE_MESSAGES.notFound, 422);
    throw isOutage(err as StripeFailure) ? unavailable(err) : err;
  }
  const meta = intent.metadata ?? {};
  if (meta[INTENT_METADATA.site] !== request.websiteId || meta[INTENT_METADATA.cart] !== request.cartId) {
    return failure('payment_mismatch', STRIPE_MESSAGES.notThisCart, 422);
  }
  // Never trust the browser for amounts: the intent must charge exactly the server's total.
  if (intent.amount !== request.amountCents || intent.currency !== request.currency.toLowerCase()) {
    if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
      // Release the shopper's authorisation; the checkout creates a new intent for the new total.
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel_${intent.id}` }).catch(() => undefined);
    }
    return failure('payment_amount_mismatch', STRIPE_MESSAGES.amountChanged, 409);
  }
  switch (intent.status) {
    case 'requires_capture':
      break;
    case 'succeeded':
      return failure('payment_already_used', STRIPE_MESSAGES.alreadyUsed, 409);
    case 'canceled':
      return failure('payment_canceled', STRIPE_MESSAGES.canceled);
    case 'requires_payment_method': {
      const last = intent.last_payment_error;
      return last ? failure(last.decline_code ?? last.code ?? 'card_declined', last.message ?? STRIPE_MESSAGES.declined) : failure('payment_incomplete', STRIPE_MESSAGES.incomplete);
    }
    default:
      return failure('payment_incomplete', STRIPE_MESSAGES.incomplete);
  }
  try {
    // The attempt's own key: a network retry replays this capture, another attempt cannot.
    const captured = await stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: `capture_${request.attemptId}` });
    return { ok: true, providerRef: captured.id };
  } catch (err) {
    const e = err as StripeFailure;
    if (e.type === 'StripeCardError') return failure(e.decline_code ?? e.code ?? 'card_declined', e.message || STRIPE_MESSAGES.declined);
    if (e.type === 'StripeInvalidRequestError' && e.code === 'payment_intent_unexpected_state') return failure('payment_already_used', STRIPE_MESSAGES.alreadyUsed, 409);
    if (isOutage(e)) return captureOutcome(stripe, intent.id, err);
    throw err;
  }
}

/**
 * The capture's answer was lost (network, 5xx after Stripe's own retry): ask Stripe what
 * became of the intent. Captured -> the order goes on; still uncaptured -> 503, nothing
 * charged. If Stripe cannot say either, the 503 stands and a capture that did happen
 * shows up as a payment_intent.succeeded event with no payment row (see README).
 */
async function captureOutcome(stripe: Stripe, id: string, err: unknown): Promise<CaptureResult> {
  const now = await stripe.paymentIntents.retrieve(id).catch(() => undefined);
  if (now?.status === 'succeeded') return { ok: true, providerRef: now.id };
  throw unavailable(err);
}

/**
 * The Stripe provider of checkout: `payment: { provider: 'stripe', paymentIntentId }`.
 * @example paymentProviderFor('stripe', env)?.capture({ paymentIntentId: 'pi_123', ... })
 */
export function stripeProvider(stripe: Stripe, testMode: boolean): PaymentProvider {
  return {
    name: 'stripe',
    testMode,
    capture: (request) => captureIntent(stripe, request),
    async refund(providerRef: string, amountCents: Cents): Promise<void> {
      await stripe.refunds.create({ payment_intent: providerRef, amount: amountCents }, { idempotencyKey: `refund_${providerRef}` });
    },
  };
}

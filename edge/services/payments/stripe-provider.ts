import type Stripe from 'stripe';
import type { Cents } from '../../../domain/branded-types.js';
import type { CaptureRequest, CaptureResult, PaymentProvider } from './provider.js';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/start.js';
import { failure, INTENT_METADATA, isOutage, STRIPE_MESSAGES, unavailable, type StripeFailure } from './stripe-errors.js';
import { chargeSavedCard, reusableRefOf } from './stripe-saved.js';


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
  // A subscription needs the card saved to a Customer (the intent endpoint asks for that
  // on a subscription cart); checked before capture, so no money moves for nothing.
  const saved = request.saveForReuse ? reusableRefOf(intent) : undefined;
  if (request.saveForReuse && !saved) return failure('payment_not_reusable', SUBSCRIPTION_MESSAGES.cannotSave, 422);
  const paid = (settled: Stripe.PaymentIntent): CaptureResult =>
    request.saveForReuse ? { ok: true, providerRef: settled.id, reusableRef: reusableRefOf(settled) ?? saved! } : { ok: true, providerRef: settled.id };
  try {
    // The attempt's own key: a network retry replays this capture, another attempt cannot.
    const captured = await stripe.paymentIntents.capture(intent.id, {}, { idempotencyKey: `capture_${request.attemptId}` });
    return paid(captured);
  } catch (err) {
    const e = err as StripeFailure;
    if (e.type === 'StripeCardError') return failure(e.decline_code ?? e.code ?? 'card_declined', e.message || STRIPE_MESSAGES.declined);
    if (e.type === 'StripeInvalidRequestError' && e.code === 'payment_intent_unexpected_state') return failure('payment_already_used', STRIPE_MESSAGES.alreadyUsed, 409);
    if (isOutage(e)) return captureOutcome(stripe, intent.id, err, paid);
    throw err;
  }
}

/**
 * The capture's answer was lost (network, 5xx after Stripe's own retry): ask Stripe what
 * became of the intent. Captured -> the order goes on; still uncaptured -> 503, nothing
 * charged. If Stripe cannot say either, the 503 stands and a capture that did happen
 * shows up as a payment_intent.succeeded event with no payment row (docs/checkout.md, "Stripe").
 */
async function captureOutcome(stripe: Stripe, id: string, err: unknown, paid: (settled: Stripe.PaymentIntent) => CaptureResult): Promise<CaptureResult> {
  const now = await stripe.paymentIntents.retrieve(id).catch(() => undefined);
  if (now?.status === 'succeeded') return paid(now);
  throw unavailable(err);
}

/**
 * The Stripe provider of checkout: `payment: { provider: 'stripe', paymentIntentId }`;
 * `chargeSaved` renews subscriptions off session (stripe-saved.ts).
 * @example paymentProviderFor('stripe', env)?.capture({ paymentIntentId: 'pi_123', ... })
 */
export function stripeProvider(stripe: Stripe, testMode: boolean): PaymentProvider {
  return {
    name: 'stripe',
    testMode,
    capture: (request) => captureIntent(stripe, request),
    chargeSaved: (request) => chargeSavedCard(stripe, request),
    async refund(providerRef: string, amountCents: Cents, idempotencyKey?: string): Promise<void> {
      await stripe.refunds.create({ payment_intent: providerRef, amount: amountCents }, { idempotencyKey: idempotencyKey ?? `refund_${providerRef}` });
    },
  };
}

import type Stripe from 'stripe';
import type { Cents } from '../../../domain/branded-types.js';
import { INTENT_METADATA, isOutage, unavailable } from './stripe-errors.js';

export interface IntentRequest {
  websiteId: string;
  cartId: string;
  amountCents: Cents;
  currency: string;
  /** A subscription checkout: the Customer the card is saved to for off-session renewals. */
  saveForCustomer?: string | undefined;
}

/** What the checkout island needs to confirm the payment with Stripe.js (no secret key). */
export interface PreparedIntent {
  id: string;
  clientSecret: string;
  amount: Cents;
  currency: string;
  /** Set for a subscription: Stripe.js's elements must say the same (`setupFutureUsage`). */
  setupFutureUsage?: 'off_session';
}

const reusable = (intent: Stripe.PaymentIntent) => intent.status !== 'canceled' && intent.status !== 'succeeded' && intent.client_secret;

/**
 * Creates the PaymentIntent for a cart's server-computed total, with manual capture (the
 * order captures it after securing stock) and metadata naming the site and cart (the
 * order refuses an intent of another cart). Cards only: a method that leaves the page
 * would come back to /checkout with no order placed (docs/checkout.md, "Stripe"). A subscription's
 * intent names its Customer and saves the card for off-session renewals. The idempotency
 * key is the cart, amount and customer, so asking again for an unchanged cart returns the
 * same intent instead of a new one.
 */
export async function prepareIntent(stripe: Stripe, r: IntentRequest): Promise<PreparedIntent> {
  const params: Stripe.PaymentIntentCreateParams = {
    amount: r.amountCents,
    currency: r.currency.toLowerCase(),
    capture_method: 'manual',
    allowed_payment_method_types: ['card'],
    metadata: { [INTENT_METADATA.site]: r.websiteId, [INTENT_METADATA.cart]: r.cartId },
    ...(r.saveForCustomer ? { customer: r.saveForCustomer, setup_future_usage: 'off_session' as const } : {}),
  };
  const key = `intent_${r.websiteId}_${r.cartId}_${r.amountCents}_${params.currency}${r.saveForCustomer ? `_${r.saveForCustomer}` : ''}`;
  const create = (idempotencyKey: string) =>
    stripe.paymentIntents.create(params, { idempotencyKey }).catch((err: unknown) => {
      throw isOutage(err as Error) ? unavailable(err) : err;
    });
  let intent = await create(key);
  // A replayed key can hand back an intent already cancelled or used: make a fresh one.
  if (!reusable(intent)) intent = await create(`${key}_${crypto.randomUUID()}`);
  return {
    id: intent.id, clientSecret: intent.client_secret!, amount: intent.amount as Cents, currency: intent.currency,
    ...(r.saveForCustomer ? { setupFutureUsage: 'off_session' as const } : {}),
  };
}

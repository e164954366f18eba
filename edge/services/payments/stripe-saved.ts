import type Stripe from 'stripe';
import type { CaptureResult, SavedChargeRequest } from './provider.js';
import { failure, INTENT_METADATA, isOutage, RENEWAL_MESSAGES, type StripeFailure } from './stripe-errors.js';

/** `cus_...:pm_...`: what a subscription stores to charge the card again (no card data). */
export const savedCardRef = (customer: string, paymentMethod: string): string => `${customer}:${paymentMethod}`;

export function parseSavedCardRef(ref: string): { customer: string; paymentMethod: string } | undefined {
  const m = /^(cus_[A-Za-z0-9]{1,100}):(pm_[A-Za-z0-9_]{1,100})$/.exec(ref);
  return m ? { customer: m[1]!, paymentMethod: m[2]! } : undefined;
}

/** An expandable field's id, whether Stripe answered the id or the object. */
const idOf = (field: string | { id: string } | null | undefined): string | undefined => (typeof field === 'string' ? field : field?.id);

/**
 * The saved card of an intent made for a subscription (customer + `setup_future_usage:
 * off_session`, so Stripe attached the card it was confirmed with): read from Stripe's
 * intent, never from the browser. Undefined when the intent does not save its card.
 */
export function reusableRefOf(intent: Stripe.PaymentIntent): string | undefined {
  const customer = idOf(intent.customer);
  const method = idOf(intent.payment_method);
  return intent.setup_future_usage === 'off_session' && customer && method ? savedCardRef(customer, method) : undefined;
}

/** Stripe's card error as the subscriber should read it. */
function declineMessage(e: StripeFailure): string {
  if (e.code === 'authentication_required' || e.decline_code === 'authentication_required') return RENEWAL_MESSAGES.authenticationRequired;
  if (e.decline_code === 'insufficient_funds' || e.code === 'insufficient_funds') return RENEWAL_MESSAGES.insufficientFunds;
  if (e.code === 'expired_card') return RENEWAL_MESSAGES.expired;
  return RENEWAL_MESSAGES.declined;
}

/**
 * A renewal: charges the saved card with no shopper present (`off_session`, confirmed at
 * once, captured automatically: the renewal job has secured stock already). The attempt id
 * is the idempotency key, so a retried request never charges twice. Card errors (declined,
 * insufficient funds, authentication required) and outages are `{ ok: false }` with a
 * clear message, so the renewal job marks the subscription past due and tries again later;
 * a charge whose answer was lost shows up as a payment_intent.succeeded with no payment
 * row, which the scheduled reconcile refunds (stripe-reconcile.ts).
 */
export async function chargeSavedCard(stripe: Stripe, r: SavedChargeRequest): Promise<CaptureResult> {
  const saved = parseSavedCardRef(r.reusableRef);
  if (!saved) return failure('payment_method_unknown', RENEWAL_MESSAGES.methodGone);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: r.amountCents,
        currency: r.currency.toLowerCase(),
        customer: saved.customer,
        payment_method: saved.paymentMethod,
        allowed_payment_method_types: ['card'],
        off_session: true,
        confirm: true,
        metadata: { ...(r.websiteId ? { [INTENT_METADATA.site]: r.websiteId } : {}), [INTENT_METADATA.renewal]: r.attemptId },
      },
      { idempotencyKey: r.attemptId },
    );
    return intent.status === 'succeeded' ? { ok: true, providerRef: intent.id } : failure('payment_incomplete', RENEWAL_MESSAGES.incomplete);
  } catch (err) {
    const e = err as StripeFailure;
    if (e.type === 'StripeCardError') return failure(e.decline_code ?? e.code ?? 'card_declined', declineMessage(e));
    if (isOutage(e)) return failure('payment_unavailable', RENEWAL_MESSAGES.unavailable);
    // The customer or card was removed at Stripe (resource_missing, detached method).
    if (e.type === 'StripeInvalidRequestError') return failure('payment_method_unknown', RENEWAL_MESSAGES.methodGone);
    throw err;
  }
}

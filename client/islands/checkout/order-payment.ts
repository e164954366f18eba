import type { StripePayment } from './stripe-payment.js';

export type OrderPayment =
  | { provider: 'stripe'; paymentIntentId: string }
  | { provider: 'test'; card: { number: string; expMonth: number; expYear: number; cvc: string } };

export const STRIPE_STILL_LOADING = 'Card payment is still loading. Please try again in a moment.';

/**
 * Pays through Stripe before the order is placed: the element's own check, then the intent
 * at the server's total (`makeIntent`, which prices the cart as it is now), then Stripe.js
 * authorises it. Any refusal throws with the shopper's message and nothing is placed.
 * `payment`: the mounted element, or why it could not load (null while loading).
 */
export async function payThroughStripe(payment: StripePayment | string | null, makeIntent: () => Promise<{ id: string; clientSecret: string }>): Promise<OrderPayment> {
  if (!payment) throw new Error(STRIPE_STILL_LOADING);
  if (typeof payment === 'string') throw new Error(payment);
  const incomplete = await payment.check();
  if (incomplete) throw new Error(incomplete);
  const intent = await makeIntent();
  const declined = await payment.confirm(intent.clientSecret);
  if (declined) throw new Error(declined);
  return { provider: 'stripe', paymentIntentId: intent.id };
}

/** The test provider's card from the form's fields (expiry `MM/YY` or `MM/YYYY`). */
export function testCardPayment(fields: { card?: string | undefined; exp?: string | undefined; cvc?: string | undefined }): Extract<OrderPayment, { provider: 'test' }> {
  const [month, year] = (fields.exp ?? '').split('/').map((s) => Number(s.trim()));
  return { provider: 'test', card: { number: fields.card ?? '', expMonth: month || 0, expYear: year && year < 100 ? 2000 + year : year || 0, cvc: fields.cvc ?? '' } };
}

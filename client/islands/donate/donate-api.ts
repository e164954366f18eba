import type { PreparedIntent } from '../../../edge/services/payments/stripe-intents.js';
import { failureFor, ApiFailure } from '../../runtime/api.js';
import { readCookie } from '../../runtime/cookies.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';

/** What the donor chose on page 203, in the API's terms (amount in integer minor units). */
export interface DonationChoice {
  amount: number;
  coverFee: boolean;
  frequency: 'once' | 'monthly';
  email: string;
  name: string;
  message: string;
  anonymous: boolean;
}

/**
 * One JSON call with the form's Idempotency-Key and the crumb: the intent and the donation
 * share the key, so a repeated click or a retry asks Stripe for the same intent and records
 * one donation (edge/api/commerce/donations.ts). Failures carry the server's text.
 */
async function post<T>(path: string, key: string, body: unknown): Promise<T> {
  const crumb = readCookie('crumb');
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST', credentials: 'same-origin', body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key, ...(crumb ? { 'X-CSRF-Token': crumb } : {}) },
    });
  } catch {
    throw new ApiFailure('network', MESSAGES.network, 0);
  }
  const json = (await res.json().catch(() => undefined)) as unknown;
  if (!res.ok) throw failureFor(res.status, json as Parameters<typeof failureFor>[1]);
  return json as T;
}

export const donateApi = {
  /** The PaymentIntent for the gift (+ the fee when covered); a monthly one saves the card to the donor's Customer. */
  intent: (key: string, c: DonationChoice) =>
    post<{ paymentIntent: PreparedIntent }>('/api/commerce/donations/stripe/intent', key, { amount: c.amount, coverFee: c.coverFee, frequency: c.frequency, email: c.email }).then((r) => r.paymentIntent),
  /** Records the donation: the worker captures the intent Stripe.js confirmed. No link on a replay of the key. */
  give: (key: string, c: DonationChoice, paymentIntentId: string, language?: string) =>
    post<{ confirmationUrl?: string }>('/api/commerce/donations', key, { ...c, payment: { provider: 'stripe', paymentIntentId }, ...(language ? { language } : {}) }),
};

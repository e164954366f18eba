import { isTestKey, Stripe, stripeClient } from '../payments/stripe-client.js';

/** What the owner's "Test connection" shows: whether Stripe accepted the key, and in which mode. */
export interface StripeConnection {
  ok: boolean;
  mode: 'test' | 'live';
  message: string;
}

/**
 * Asks Stripe's API for the account balance with `secretKey` (the cheapest authenticated
 * read). Stripe's own message is shown on failure, with the key masked as Stripe masks it.
 */
export async function testStripeConnection(secretKey: string, apiBase?: string): Promise<StripeConnection> {
  const mode = isTestKey(secretKey) ? 'test' : 'live';
  try {
    await stripeClient({ secretKey, apiBase: apiBase || undefined }).balance.retrieve();
    return { ok: true, mode, message: `Connected to Stripe in ${mode} mode.` };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeAuthenticationError) return { ok: false, mode, message: 'Stripe refused the key: it is not valid or was revoked.' };
    if (err instanceof Stripe.errors.StripeError && err.type !== 'StripeConnectionError') return { ok: false, mode, message: `Stripe answered: ${err.message}` };
    return { ok: false, mode, message: 'Could not reach Stripe. Try again in a moment.' };
  }
}

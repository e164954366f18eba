import type Stripe from 'stripe';
import { sha256Hex } from '../cart/tokens.js';
import { INTENT_METADATA, isOutage, unavailable } from './stripe-errors.js';

/**
 * The Stripe Customer a subscriber's card is saved to: one per site and email.
 * Stripe's list filter is exact and consistent, so the address is kept lower-case; the
 * site is in the metadata (one Stripe account may serve several sites). Creation carries
 * an idempotency key of site and email, so two checkouts racing to create it get one.
 * @example await customerFor(stripe, site.id, 'Ada@Example.com') // 'cus_...'
 */
export async function customerFor(stripe: Stripe, websiteId: string, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  try {
    const found = await stripe.customers.list({ email: address, limit: 100 });
    const mine = found.data.find((c) => c.metadata?.[INTENT_METADATA.site] === websiteId);
    if (mine) return mine.id;
    const key = `customer_${websiteId}_${await sha256Hex(address)}`;
    const created = await stripe.customers.create({ email: address, metadata: { [INTENT_METADATA.site]: websiteId } }, { idempotencyKey: key });
    return created.id;
  } catch (err) {
    throw isOutage(err as Error) ? unavailable(err) : err;
  }
}

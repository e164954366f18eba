import { DONATION_MESSAGES } from '../../../domain/commerce/donations.js';
import { ApiError } from '../../errors.js';
import type { SecretsEnv } from '../commerce-preferences/secrets.js';
import type { Db } from '../db.js';
import { paymentProviderFor, sitePayments, stripeSettings, type PaymentProvider, type StripeEnv } from '../payments/index.js';
import type { SiteRecord } from '../websites.js';

const paymentsOff = () => new ApiError(422, 'payments_off', DONATION_MESSAGES.paymentsOff, { fields: { 'payment.provider': DONATION_MESSAGES.paymentsOff } });

/**
 * The provider a donation is charged through, as the request names it: the local test provider
 * where the site takes test cards (the default, and the only one the no-JS form can use), or
 * Stripe where the site is on Stripe (the donor confirms the PaymentIntent of
 * POST /api/commerce/donations/stripe/intent with Stripe.js, the donation captures it). Any
 * other pairing is 422 `payments_off`.
 */
export async function donationProvider(db: Db, env: StripeEnv & SecretsEnv, site: SiteRecord, wanted: 'test' | 'stripe' = 'test'): Promise<PaymentProvider> {
  const pay = await sitePayments(db, env, site);
  const onStripe = Boolean(stripeSettings(pay.env));
  const provider = onStripe === (wanted === 'stripe') ? paymentProviderFor(wanted, pay.env, pay.testProvider) : undefined;
  if (!provider) throw paymentsOff();
  return provider;
}

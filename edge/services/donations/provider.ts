import { DONATION_MESSAGES } from '../../../domain/commerce/donations.js';
import { ApiError } from '../../errors.js';
import type { SecretsEnv } from '../commerce-preferences/secrets.js';
import type { Db } from '../db.js';
import { paymentProviderFor, sitePayments, stripeSettings, type PaymentProvider, type StripeEnv } from '../payments/index.js';
import type { SiteRecord } from '../websites.js';

/**
 * The provider a donation is charged through: the local test provider where the site takes
 * test cards (the default). A site on Stripe refuses donations for now (422): the card form
 * of a donation has no Stripe PaymentIntent path yet (docs/api/donations.md, "Not yet").
 */
export async function donationProvider(db: Db, env: StripeEnv & SecretsEnv, site: SiteRecord): Promise<PaymentProvider> {
  const pay = await sitePayments(db, env, site);
  const provider = stripeSettings(pay.env) ? undefined : paymentProviderFor('test', pay.env, pay.testProvider);
  if (!provider) throw new ApiError(422, 'payments_off', DONATION_MESSAGES.paymentsOff, { fields: { 'payment.provider': DONATION_MESSAGES.paymentsOff } });
  return provider;
}

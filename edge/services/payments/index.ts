/**
 * Payment providers behind one interface. The local `test` provider is the
 * default; Stripe is offered when the deployment has STRIPE_SECRET_KEY.
 */
export type { CaptureResult, PaymentProvider, TestCard } from './provider.js';
export { stripeBrowserSettings, stripeClient, stripeSettings, type StripeEnv } from './stripe-client.js';
export { prepareIntent } from './stripe-intents.js';
export { customerFor } from './stripe-customers.js';
export { sitePayments } from './site-payments.js';
import { testProvider } from './test-provider.js';
import { isTestKey, stripeClient, stripeSettings, type StripeEnv } from './stripe-client.js';
import { stripeProvider } from './stripe-provider.js';
import type { PaymentProvider } from './provider.js';
import { sitePayments } from './site-payments.js';
import type { SecretsEnv } from '../commerce-preferences/secrets.js';
import type { Db } from '../db.js';
import type { SiteRecord } from '../websites.js';

/** The provider a payment body names, if this deployment offers it. */
export function paymentProviderFor(name: string, env: StripeEnv = {}, testEnabled = true): PaymentProvider | undefined {
  const stripe = stripeSettings(env);
  // The local test card only where no real provider is set up (on a Stripe deployment it
  // would let anyone place test-mode orders that still take stock) and the owner left it on.
  if (name === 'test') return stripe || !testEnabled ? undefined : testProvider();
  return name === 'stripe' && stripe ? stripeProvider(stripeClient(stripe), isTestKey(stripe.secretKey)) : undefined;
}

/**
 * The provider to refund a recorded payment through: the test provider for test payments
 * (no money moves, so it is there even on a Stripe deployment), Stripe where it is set up.
 */
export function refundProviderFor(name: string, env: StripeEnv = {}): PaymentProvider | undefined {
  return name === 'test' ? testProvider() : paymentProviderFor(name, env);
}

/**
 * The refund providers of one site: its stored Stripe key (commerce settings, decrypted here,
 * server-side only) over the deployment's STRIPE_SECRET_KEY, as its checkout uses.
 */
export async function siteRefundProviders(db: Db, env: StripeEnv & SecretsEnv, site: SiteRecord): Promise<(name: string) => PaymentProvider | undefined> {
  const { env: siteEnv } = await sitePayments(db, env, site);
  return (name) => refundProviderFor(name, siteEnv);
}

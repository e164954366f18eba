import { readSecret, type SecretsEnv } from '../commerce-preferences/secrets.js';
import { readPreferences } from '../commerce-preferences/index.js';
import type { Db } from '../db.js';
import type { SiteRecord } from '../websites.js';
import type { StripeEnv } from './stripe-client.js';

/** What one site's checkout may use: its Stripe settings and whether the local test provider is on. */
export interface SitePayments {
  /** The deployment's Stripe vars with this site's stored keys over them (the site's own key wins). */
  env: StripeEnv;
  /** The owner's payments.testProvider switch (on by default). */
  testProvider: boolean;
}

/**
 * A site's payment settings (commerce preferences `payments` and the encrypted secret of
 * payment_secrets) over the deployment's Workers secrets. Server-side only: the answer holds
 * the plain secret key, so it must never be put in a response.
 */
export async function sitePayments(db: Db, env: StripeEnv & SecretsEnv, site: SiteRecord): Promise<SitePayments> {
  const [prefs, secret] = await Promise.all([readPreferences(db, site, 'payments', env), readSecret(db, env, site.id, 'stripe')]);
  const publishable = typeof prefs.stripePublishableKey === 'string' && prefs.stripePublishableKey ? prefs.stripePublishableKey : undefined;
  const stripeEnv: StripeEnv = secret
    ? { ...env, STRIPE_SECRET_KEY: secret, ...(publishable ? { STRIPE_PUBLISHABLE_KEY: publishable } : {}) }
    : { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: env.STRIPE_API_BASE };
  return { env: stripeEnv, testProvider: prefs.testProvider !== false };
}

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
import { isTestKey, stripeClient, stripeSettings, type StripeEnv, type StripeSettings } from './stripe-client.js';
import { stripeProvider } from './stripe-provider.js';
import type { PaymentProvider } from './provider.js';
import { sitePayments } from './site-payments.js';
import { canStoreSecrets, readSecret, type SecretsEnv } from '../commerce-preferences/secrets.js';
import { query, type Db } from '../db.js';
import { eq } from 'drizzle-orm';
import { paymentSecrets, websites } from '../../../schema/index.js';
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

/**
 * Refund providers by site for one Cron run: each site's payment settings are read once,
 * the first time one of its payments needs a provider; a site that no longer exists gets
 * the deployment's.
 */
export function refundProvidersBySite(db: Db, env: StripeEnv & SecretsEnv): (name: string, websiteId: string) => Promise<PaymentProvider | undefined> {
  const sites = new Map<string, Promise<(name: string) => PaymentProvider | undefined>>();
  return async (name, websiteId) => {
    let forSite = sites.get(websiteId);
    if (!forSite) {
      forSite = query(() => db.select().from(websites).where(eq(websites.id, websiteId)).limit(1)).then(([site]) =>
        site ? siteRefundProviders(db, env, site) : (n: string) => refundProviderFor(n, env),
      );
      sites.set(websiteId, forSite);
    }
    return (await forSite)(name);
  };
}

/**
 * The sites that stored their own Stripe secret key (commerce settings), each with its
 * settings (the deployment's vars with the site's key over them): what the Cron jobs use
 * for those sites' money instead of STRIPE_SECRET_KEY.
 */
export async function sitesWithStripeKeys(db: Db, env: StripeEnv & SecretsEnv): Promise<{ id: string; settings: StripeSettings }[]> {
  if (!canStoreSecrets(env)) return [];
  const ids = await query(() => db.select({ id: paymentSecrets.websiteId }).from(paymentSecrets).where(eq(paymentSecrets.provider, 'stripe')));
  const out = await Promise.all(
    ids.map(async ({ id }) => {
      const key = await readSecret(db, env, id, 'stripe');
      const settings = key ? stripeSettings({ ...env, STRIPE_SECRET_KEY: key }) : undefined;
      return settings ? [{ id, settings }] : [];
    }),
  );
  return out.flat();
}

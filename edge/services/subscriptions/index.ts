import { eq } from 'drizzle-orm';
import { websites } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { paymentProviderFor, type StripeEnv } from '../payments/index.js';
import { readSecret, type SecretsEnv } from '../commerce-preferences/secrets.js';
import type { RenewalDeps } from './renew.js';

/** Subscriptions: checkout records them, the cron renews them, accounts list them. */
export { renewDueSubscriptions, RETRY_DELAY_MS } from './renew.js';
export { accountSubscription, accountSubscriptions, subscriptionJson, subscriptionOfOrder, type SubscriptionRow } from './subscription-json.js';

/**
 * What the renewal job needs from the rest of the worker: the payment provider a
 * subscription was saved with (as this deployment offers it: Stripe with its secret key),
 * and the site's name and origin for the receipt's links.
 */
export function renewalDeps(db: Db, env: StripeEnv & SecretsEnv = {}): RenewalDeps {
  const sites = new Map<string, Promise<{ title: string; origin: string } | undefined>>();
  const keys = new Map<string, Promise<string | undefined>>();
  return {
    async providerFor(name, websiteId) {
      // The site's stored Stripe key (commerce settings) wins over the deployment's, as at checkout.
      let key = keys.get(websiteId);
      if (!key) keys.set(websiteId, (key = readSecret(db, env, websiteId, 'stripe')));
      const own = await key;
      return paymentProviderFor(name, own ? { ...env, STRIPE_SECRET_KEY: own } : env);
    },
    siteOf(websiteId) {
      let site = sites.get(websiteId);
      if (!site) {
        site = query(() => db.select({ title: websites.title, host: websites.primaryHost }).from(websites).where(eq(websites.id, websiteId)).limit(1)).then(([w]) =>
          w ? { title: w.title, origin: `${/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(w.host) ? 'http' : 'https'}://${w.host}` } : undefined,
        );
        sites.set(websiteId, site);
      }
      return site;
    },
  };
}

import Stripe from 'stripe';

/** The Stripe settings of a deployment (worker secrets and vars; docs/checkout.md, "Stripe"). */
export interface StripeSettings {
  /** STRIPE_SECRET_KEY: server-side only, never in a page or island prop. */
  secretKey: string;
  /** STRIPE_PUBLISHABLE_KEY: the one key the browser may see (Stripe.js). */
  publishableKey?: string | undefined;
  /** STRIPE_WEBHOOK_SECRET: the `whsec_...` secret that signs webhook deliveries. */
  webhookSecret?: string | undefined;
  /** STRIPE_API_BASE: a local server speaking Stripe's protocol (tests only). */
  apiBase?: string | undefined;
}

export interface StripeEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
}

/** Stripe is active when the deployment has a secret key; otherwise checkout uses the `test` provider. */
export function stripeSettings(env: StripeEnv): StripeSettings | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiBase: env.STRIPE_API_BASE || undefined,
  };
}

/**
 * What the browser may know of Stripe: the publishable key, only when the deployment has
 * both keys (an intent needs the secret one, Stripe.js the publishable one). Never the secret.
 * @example stripeBrowserSettings(c.env) // { publishableKey: 'pk_test_...' } or undefined
 */
export function stripeBrowserSettings(env: StripeEnv): { publishableKey: string } | undefined {
  const settings = stripeSettings(env);
  return settings?.publishableKey ? { publishableKey: settings.publishableKey } : undefined;
}

/** True for `sk_test_...` / `rk_test_...` keys: no real money moves (SPEC §3 Order testMode). */
export const isTestKey = (secretKey: string): boolean => /^(sk|rk)_test_/.test(secretKey);

/**
 * A Stripe client for one request. workerd has no Node http module, so requests go through
 * fetch (`createFetchHttpClient`); `apiBase` points it at a local server in tests.
 * @example const stripe = stripeClient({ secretKey: env.STRIPE_SECRET_KEY })
 */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // Retries reuse each call's idempotency key, so a lost answer never charges twice.
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? { protocol: base.protocol.replace(':', '') as 'http' | 'https', host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80) }
      : {}),
  });
}

/** Web Crypto for webhook signatures (workerd has no Node crypto HMAC in Stripe's sync path). */
export const stripeCrypto = (): ReturnType<typeof Stripe.createSubtleCryptoProvider> => Stripe.createSubtleCryptoProvider();

export { Stripe };

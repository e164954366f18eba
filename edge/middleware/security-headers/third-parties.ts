import type { SiteSettings, StoreSettings } from '../../../schema/index.js';

/** The third-party integrations a site can turn on, each opening the CSP to its hosts. */
export type ThirdParty = 'stripe' | 'paypal' | 'recaptcha' | 'turnstile' | 'meta-pixel';

/** CSP directives a third party needs, as source expressions per directive. */
export interface ThirdPartySources {
  scriptSrc?: readonly string[];
  frameSrc?: readonly string[];
  connectSrc?: readonly string[];
  imgSrc?: readonly string[];
  formAction?: readonly string[];
}

/**
 * Hosts each integration loads from, as its provider documents them; nothing here is
 * in any site's policy unless the site enables that integration (thirdPartiesOf).
 */
export const THIRD_PARTY_SOURCES: Readonly<Record<ThirdParty, ThirdPartySources>> = {
  stripe: {
    scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
  },
  paypal: {
    scriptSrc: ['https://www.paypal.com', 'https://*.paypal.com'],
    frameSrc: ['https://www.paypal.com', 'https://*.paypal.com'],
    connectSrc: ['https://*.paypal.com'],
    imgSrc: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    formAction: ['https://www.paypal.com'],
  },
  // SPEC §7: the bot-check script (reCAPTCHA Enterprise v3) loads from a third-party host.
  recaptcha: {
    scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connectSrc: ['https://www.google.com/recaptcha/'],
  },
  // The other bot check a deployment may choose (CAPTCHA_PROVIDER=turnstile).
  turnstile: {
    scriptSrc: ['https://challenges.cloudflare.com'],
    frameSrc: ['https://challenges.cloudflare.com'],
  },
  // SPEC §7: events sent to a browser pixel.
  'meta-pixel': {
    scriptSrc: ['https://connect.facebook.net'],
    imgSrc: ['https://www.facebook.com'],
    connectSrc: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
};

/** The settings that decide a site's integrations (a website row has them all). */
export interface IntegrationSettings {
  captchaSiteKey?: string | null;
  /** The deployment's CAPTCHA_PROVIDER: 'turnstile' opens Cloudflare's host instead of Google's. */
  captchaProvider?: string | undefined;
  siteSettings?: Pick<SiteSettings, 'metaPixelId'> | null;
  storeSettings?: Pick<StoreSettings, 'paymentProviders'> | null;
}

const PROVIDERS = new Set<string>(['stripe', 'paypal']);

/**
 * The integrations a site has enabled, in a stable order: a payment provider listed in
 * `storeSettings.paymentProviders`, reCAPTCHA when it has a captcha site key (SPEC §3),
 * the Meta pixel when `siteSettings.metaPixelId` is set.
 * @example thirdPartiesOf(site) // ['stripe', 'recaptcha']
 */
export function thirdPartiesOf(settings: IntegrationSettings): ThirdParty[] {
  const out: ThirdParty[] = [];
  const providers = settings.storeSettings?.paymentProviders;
  if (Array.isArray(providers)) {
    for (const p of ['stripe', 'paypal'] as const) if (providers.includes(p) && PROVIDERS.has(p)) out.push(p);
  }
  if (typeof settings.captchaSiteKey === 'string' && settings.captchaSiteKey.trim()) out.push(settings.captchaProvider === 'turnstile' ? 'turnstile' : 'recaptcha');
  const pixel = settings.siteSettings?.metaPixelId;
  if (typeof pixel === 'string' && pixel.trim()) out.push('meta-pixel');
  return out;
}

/** The owner area's billing screen at its three paths (SPEC §2 upgrade destinations); it loads Stripe.js when plans are billed through Stripe. */
const BILLING_SCREEN = /^\/config\/billing(?:\/upgrade|\/website-subscriptions)?\/?$/;

/** The checkout page and the donate page (203), also under a language prefix (`/fr/checkout`): their islands pay through Stripe.js. */
const PAYING_PAGES = /^(?:\/[a-z]{2,3}(?:-[a-z0-9]{2,8})*)?\/(?:checkout|donate)\/?$/i;

/**
 * Whether a page loads Stripe.js because the deployment has Stripe set up (both keys,
 * docs/checkout.md, "Stripe"): /checkout and the donate page /donate do (also under a language prefix, `/fr/checkout`),
 * and the owner area's billing screen when plans are billed through Stripe
 * (BILLING_PROVIDER=stripe, docs/api/billing.md); no other page's policy names Stripe's hosts.
 */
export function stripeOnPage(env: { STRIPE_SECRET_KEY?: string; STRIPE_PUBLISHABLE_KEY?: string; BILLING_PROVIDER?: string }, path: string): boolean {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return false;
  return PAYING_PAGES.test(path) || (env.BILLING_PROVIDER === 'stripe' && BILLING_SCREEN.test(path));
}

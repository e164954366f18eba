import type { D1Database, R2Bucket, RateLimit } from '@cloudflare/workers-types';
import type { SiteUser } from './services/accounts/sessions.js';
import type { Db } from './services/db.js';
import type { SiteRecord } from './services/websites.js';

/**
 * Rate-limiting bindings (wrangler.toml `[[ratelimits]]`, Miniflare `ratelimits` in tests):
 * each holds one budget per key and period.
 */
export interface RateLimitBindings {
  /** Writes by one visitor (cart token, else crumb): 60 a minute. */
  RATE_VISITOR_WRITES?: RateLimit;
  /** Writes from one client address: 1200 a minute. */
  RATE_IP_WRITES?: RateLimit;
  /** Sign-in attempts (and account mails) per account from one client address: 5 a minute. */
  RATE_SIGN_IN_ACCOUNT?: RateLimit;
  /** Sign-in, sign-up and reset attempts per client address: 20 a minute. */
  RATE_SIGN_IN_IP?: RateLimit;
  /** Sign-in, sign-up and reset attempts on one account from all addresses together (the ceiling past which only known browsers sign in). */
  RATE_SIGN_IN_CEILING?: RateLimit;
  /** Wrong passwords on one account: past it the owner is mailed a notice (no refusal). */
  RATE_SIGN_IN_FAILURES?: RateLimit;
  /** Mailing-list sign-ups (each may mail a confirmation) for one recipient address: 3 a minute. */
  RATE_MAIL_RECIPIENT?: RateLimit;
  /** Mailing-list sign-ups from one client address: 30 a minute. */
  RATE_MAIL_IP?: RateLimit;
  /** CSP violation reports from one client address: 20 a minute. */
  RATE_CSP_REPORTS?: RateLimit;
  /** Product reviews submitted by one visitor: 5 a minute. */
  RATE_REVIEW_WRITES?: RateLimit;
  /** Product reviews from one client address: 20 a minute. */
  RATE_REVIEW_IP?: RateLimit;
  /** Product reviews on one site, from anyone: 100 a minute. */
  RATE_REVIEW_SITE?: RateLimit;
  /** Form, newsletter and restock posts by one visitor (crumb), per kind of call: 10 a minute. */
  RATE_FORM_VISITOR?: RateLimit;
  /** Submissions to one form (and keys for one site): 3000 a minute, whoever sends them. */
  RATE_FORM_TARGET?: RateLimit;
  /** Census, analytics and RUM posts by one visitor (ss_cvr uuid, else crumb): 120 a minute. */
  RATE_CENSUS_VISITOR?: RateLimit;
  /** Census posts from one client address (only where the platform reports it): 6000 a minute. */
  RATE_CENSUS_IP?: RateLimit;
  /** JavaScript error reports by one visitor: 20 a minute (SPEC §9: at most 20 sends per page). */
  RATE_JS_ERRORS?: RateLimit;
  /** Address autocomplete and place details by one visitor (cart, crumb, else address): 120 a minute. */
  RATE_PLACES_VISITOR?: RateLimit;
  /** Address autocomplete and place details from one client address: 1200 a minute (caps cookie rotation). */
  RATE_PLACES_IP?: RateLimit;
}
export type RateLimitBinding = keyof RateLimitBindings;

/** A Workers static-assets binding (its `fetch`, with the runtime's Request/Response). */
export interface AssetsBinding {
  fetch(input: Request | string): Promise<Response>;
}

/** Bindings declared in wrangler.toml. */
export interface Env extends RateLimitBindings {
  /** Shard 0: the directory of sites (docs/platform.md "Shards"), the platform tables and its own sites. */
  DB: D1Database;
  /** Shard 1 (wrangler.toml); a further shard is DB_SHARD_2, and so on (edge/services/shards). */
  DB_SHARD_1?: D1Database;
  FILES: R2Bucket;
  /** The Vite build (dist/client), wrangler.toml `[assets]`; absent when not built. */
  ASSETS?: AssetsBinding;
  /** Encrypts the payment secrets owners store in D1 (payment_secrets); a Workers secret. */
  SETTINGS_ENCRYPTION_KEY?: string;
  /** Signs review-request links (page type 209); a Workers secret, set per deployment. */
  REVIEW_LINK_SECRET?: string;
  /** Signs digital download links; when unset, REVIEW_LINK_SECRET signs them (with a purpose tag). */
  DOWNLOAD_LINK_SECRET?: string;
  /** Signs campaign click links (/api/campaigns/click); when unset, REVIEW_LINK_SECRET signs them (with a purpose tag). */
  CAMPAIGN_LINK_SECRET?: string;
  /** TESTS ONLY: a campaign send run dies before committing its batch after this many (edge/services/campaigns/send.ts). */
  CAMPAIGN_TEST_STOP_AFTER_BATCHES?: string;
  /** "off" disables the edge page cache (benchmarks compare both). */
  PAGE_CACHE?: string;
  /** How long (ms) an isolate trusts a host's content version without D1; default 1000, "0" always asks. */
  PAGE_CACHE_SITE_TTL_MS?: string;
  /** Bot-check provider of form tokens: 'recaptcha-enterprise' | 'turnstile' | 'local' (edge/services/captcha). */
  CAPTCHA_PROVIDER?: string;
  /** reCAPTCHA Enterprise API key, or the Turnstile secret (a wrangler secret, never in the browser). */
  CAPTCHA_SECRET?: string;
  /** reCAPTCHA Enterprise Google Cloud project id. */
  CAPTCHA_PROJECT?: string;
  /** Lowest reCAPTCHA v3 score accepted without holding for review (default 0.5). */
  CAPTCHA_MIN_SCORE?: string;
  /** Provider base URL override (a local server speaking the provider's protocol in tests). */
  CAPTCHA_ENDPOINT?: string;
  /**
   * Development and tests only, NEVER set in production (docs/api/webhooks.md): comma-separated
   * exact origins (e.g. http://127.0.0.1:8788) a webhook may target despite the https and
   * private-address rules, for a local receiver.
   */
  WEBHOOK_DEV_ALLOW_ORIGINS?: string;
  /** DNS-over-HTTPS JSON endpoint the webhook SSRF check resolves host names with (default cloudflare-dns.com). */
  WEBHOOK_DOH_URL?: string;
  /** Custom-domain TXT verification: "doh" asks DOMAINS_DOH_URL (default cloudflare-dns.com); else the local fake zone in R2. */
  DOMAINS_DNS?: string;
  DOMAINS_DOH_URL?: string;
  /** Custom-domain certificates: "cloudflare" uses Cloudflare for SaaS (CF_SAAS_ZONE_ID, CF_SAAS_API_TOKEN secret, CF_API_BASE); else local. */
  CUSTOM_HOSTNAMES?: string;
  CF_SAAS_ZONE_ID?: string;
  CF_SAAS_API_TOKEN?: string;
  CF_API_BASE?: string;
  /** Comma-separated platform domains (e.g. "atelier.site"): no owner may attach them or their subdomains. */
  PLATFORM_DOMAINS?: string;
  /** Stripe secret key (a wrangler secret): when set, checkout offers `payment.provider: 'stripe'`. */
  STRIPE_SECRET_KEY?: string;
  /** Stripe publishable key, the only Stripe key the browser may see. */
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Signing secret of the Stripe webhook endpoint (`whsec_...`, a wrangler secret). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Stripe API base URL override (a local server speaking Stripe's protocol in tests). */
  STRIPE_API_BASE?: string;
  /** The `whsec_...` secret of the platform's billing webhook endpoint (POST /api/billing/stripe/webhook on the platform host; docs/api/billing.md). */
  STRIPE_BILLING_WEBHOOK_SECRET?: string;
  /** Who bills the sites' plans (edge/services/billing): 'stripe' (Stripe subscriptions with STRIPE_SECRET_KEY) or the local 'test' provider (default). */
  BILLING_PROVIDER?: string;
  /** The plans' Stripe prices: JSON from price id to plan id, e.g. {"price_1Q...":"business"} (docs/api/billing.md "Prices"). */
  STRIPE_BILLING_PRICES?: string;
  /** How long (s) an order's Idempotency-Key is owned by the request placing it before a retry or the Cron reconciler may take over; default 120. */
  ORDER_LEASE_SECONDS?: string;
  /** Transactional mail provider of the outbox drain: 'postmark' (edge/services/mail); unset keeps mail in the outbox. */
  MAIL_PROVIDER?: string;
  /** Postmark server token (a wrangler secret). */
  MAIL_API_TOKEN?: string;
  /** Sender address of outgoing mail, e.g. "Atelier <shop@example.com>". */
  MAIL_FROM?: string;
  /** Mail API base URL override (a local server speaking the provider's protocol in tests). */
  MAIL_API_BASE?: string;
  /** Google Places API (New) key (a wrangler secret, never in the browser); unset = the offline place index. */
  GOOGLE_PLACES_API_KEY?: string;
  /** Places API base URL override (a local server speaking Google's protocol in tests). */
  GOOGLE_PLACES_API_BASE?: string;
  /** The platform host (owner sign-up, sign-in and the site list; docs/platform.md); default `app.localhost`. */
  PLATFORM_HOST?: string;
  /** New sites get `<slug>.<PLATFORM_DOMAIN>` as their host; default `localhost`. */
  PLATFORM_DOMAIN?: string;
}

/** Per-request values set by middleware. */
export interface Vars {
  site: SiteRecord;
  db: Db;
  /** The signed-in session's CSRF token, accepted like the crumb (set by the session middleware). */
  xsrfToken?: string;
  /** A crumb minted for this response's form (crumbFor), so issueCrumb does not mint another. */
  issuedCrumb?: string;
  /** The signed-in visitor and their contributor roles on this site (edge/middleware/session). */
  siteUser?: SiteUser;
  /** The signed-in platform owner (platform host only; edge/middleware/platform). */
  platformOwner?: import('./services/platform/owners.js').PlatformOwner;
  /** The API token a tool authenticated with (`Authorization: Bearer`, theme routes only; edge/middleware/api-token). */
  apiToken?: { id: string; scopes: readonly string[] };
  /** A page under an added language's prefix (`/fr/...`, edge/pages/localized.ts): the language and the URL the visitor asked for. */
  language?: PageLanguage;
}

/** The language of a `/<prefix>/...` page request (issue 29). */
export interface PageLanguage {
  /** The added language's BCP-47 tag, e.g. `fr`. */
  code: string;
  /** `/fr`: what links of the page start with. */
  prefix: string;
  /** The URL as requested, prefix included (cache key, canonical, alternates). */
  publicUrl: string;
}

/** The Hono generics every router of the edge shares. */
export type AppEnv = { Bindings: Env; Variables: Vars };

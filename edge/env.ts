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
  /** Sign-in attempts (and account mails) per account: 5 a minute. */
  RATE_SIGN_IN_ACCOUNT?: RateLimit;
  /** Sign-in, sign-up and reset attempts per client address: 20 a minute. */
  RATE_SIGN_IN_IP?: RateLimit;
  /** CSP violation reports from one client address: 20 a minute. */
  RATE_CSP_REPORTS?: RateLimit;
  /** Product reviews submitted by one visitor: 5 a minute. */
  RATE_REVIEW_WRITES?: RateLimit;
}
export type RateLimitBinding = keyof RateLimitBindings;

/** A Workers static-assets binding (its `fetch`, with the runtime's Request/Response). */
export interface AssetsBinding {
  fetch(input: Request | string): Promise<Response>;
}

/** Bindings declared in wrangler.toml. */
export interface Env extends RateLimitBindings {
  DB: D1Database;
  FILES: R2Bucket;
  /** The Vite build (dist/client), wrangler.toml `[assets]`; absent when not built. */
  ASSETS?: AssetsBinding;
  /** "off" disables the edge page cache (benchmarks compare both). */
  PAGE_CACHE?: string;
  /** How long (ms) an isolate trusts a host's content version without D1; default 1000, "0" always asks. */
  PAGE_CACHE_SITE_TTL_MS?: string;
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
}

/** The Hono generics every router of the edge shares. */
export type AppEnv = { Bindings: Env; Variables: Vars };

import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import type { Db } from './services/db.js';
import type { SiteRecord } from './services/websites.js';

/** Bindings declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  /** "off" disables the edge page cache (benchmarks compare both). */
  PAGE_CACHE?: string;
  /** How long (ms) an isolate trusts a host's content version without D1; default 1000, "0" always asks. */
  PAGE_CACHE_SITE_TTL_MS?: string;
}

/** Per-request values set by middleware. */
export interface Vars {
  site: SiteRecord;
  db: Db;
}

/** The Hono generics every router of the edge shares. */
export type AppEnv = { Bindings: Env; Variables: Vars };

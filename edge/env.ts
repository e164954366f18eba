import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import type { Db } from './services/db.js';
import type { SiteRecord } from './services/websites.js';

/** Bindings declared in wrangler.toml. */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  /** "off" disables the edge page cache (benchmarks compare both). */
  PAGE_CACHE?: string;
}

/** Per-request values set by middleware. */
export interface Vars {
  site: SiteRecord;
  db: Db;
}

/** The Hono generics every router of the edge shares. */
export type AppEnv = { Bindings: Env; Variables: Vars };

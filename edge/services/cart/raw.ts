import type { D1Database } from '@cloudflare/workers-types';
import type { Db } from '../db.js';

/**
 * The D1 binding under a Drizzle handle: the check-and-hold statements are hand-written
 * SQL (upserts from a SELECT with a CTE) sent as one D1 batch, with bound parameters only.
 */
export function rawD1(db: Db): D1Database {
  return (db as Db & { $client: D1Database }).$client;
}

import type { D1Database } from '@cloudflare/workers-types';
import type { Db } from '../db.js';

/**
 * The D1 binding under a Drizzle handle, for the few statements Drizzle cannot batch as
 * written (INSERT ... SELECT ... ON CONFLICT ... RETURNING): still bound parameters only.
 */
export function d1Of(db: Db): D1Database {
  const client = (db as unknown as { $client?: D1Database }).$client;
  if (!client) throw new Error('the database handle has no D1 client');
  return client;
}

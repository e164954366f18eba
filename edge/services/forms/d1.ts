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

const BUSY = /SQLITE_BUSY|database is locked/i;

/**
 * Runs an atomic D1 batch again when SQLite reported itself busy (a lock held by another
 * writer): the batch either committed whole or not at all, so a retry cannot double it.
 */
export async function retryBusy<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !BUSY.test(String(err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

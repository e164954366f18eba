import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import type { D1Database } from '@cloudflare/workers-types';
import * as schema from '../../schema/index.js';
import { DatabaseUnavailableError } from '../errors.js';

/** Drizzle over D1; `$client` is the raw binding, for plain-SQL batches (content-version.ts). */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

/** A Drizzle handle over the D1 binding; cheap, so one per request. */
export function openDb(d1: D1Database): Db {
  return drizzle(d1 as never, { schema }) as unknown as Db;
}

const D1_FAILURE = /D1_|SQLITE_|no such table|Network connection lost|database is locked|Failed query/i;

/** True when `err` (or one of its causes) came from D1 rather than from our own code. */
export function isDatabaseFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (e.name === 'DrizzleQueryError' || D1_FAILURE.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs a query and turns D1 failures into `DatabaseUnavailableError`, which the app
 * maps to a clean 503; other errors (bugs) pass through unchanged.
 */
export async function query<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isDatabaseFailure(err) ? new DatabaseUnavailableError(err) : err;
  }
}

import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import type { D1Database } from '@cloudflare/workers-types';
import * as schema from '../../schema/index.js';
import { DatabaseUnavailableError } from '../errors.js';

/** Drizzle over D1; `$client` is the raw binding, for plain-SQL batches (content-version.ts). */
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

// Building a handle walks the whole schema for its relational config (a few hundred µs,
// more than the rest of a D1 request's own code), so each binding gets one, kept for the
// isolate's life. A handle holds no per-request state.
const handles = new WeakMap<object, Db>();

/** The Drizzle handle over a D1 binding (made once per binding object). */
export function openDb(d1: D1Database): Db {
  if (typeof d1 !== 'object' || d1 === null) return drizzle(d1 as never, { schema }) as unknown as Db;
  let db = handles.get(d1);
  if (!db) handles.set(d1, (db = drizzle(d1 as never, { schema }) as unknown as Db));
  return db;
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

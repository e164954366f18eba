import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../../env.js';
import { openDb, type Db } from '../db.js';

/**
 * The D1 bindings of the shards, by number (wrangler.toml): shard 0 is `DB` (also the
 * directory and the platform tables), shard n is `DB_SHARD_<n>`. Local runs and tests bind
 * all of these; adding a shard adds its name here (docs/platform.md "Shards").
 */
export const SHARD_BINDINGS = ['DB', 'DB_SHARD_1'] as const;

/** The binding name of shard `n`. */
export function shardBinding(n: number): string {
  return n === 0 ? 'DB' : `DB_SHARD_${n}`;
}

/** The raw D1 bindings of every shard the environment has, by number (DB first, then DB_SHARD_1, ... without gaps). */
export function shardDatabases(env: Env): D1Database[] {
  const all: D1Database[] = [env.DB];
  const bag = env as unknown as Record<string, D1Database | undefined>;
  for (let n = 1; bag[shardBinding(n)]; n++) all.push(bag[shardBinding(n)]!);
  return all;
}

/** The Drizzle handles of every shard, by number. */
export function shardDbs(env: Env): Db[] {
  return shardDatabases(env).map(openDb);
}

/** Shard `n`'s handle; throws when the deployment does not bind it (a directory entry naming a missing shard). */
export function shardDb(env: Env, n: number): Db {
  const d1 = shardDatabases(env)[n];
  if (!d1) throw new Error(`shard ${n} (${shardBinding(n)}) is not bound`);
  return openDb(d1);
}

import { eq, ne, sql } from 'drizzle-orm';
import { websites } from '../../../schema/index.js';
import type { Env } from '../../env.js';
import { query, type Db } from '../db.js';
import type { SiteRecord } from '../websites.js';
import { shardDb } from './bindings.js';

/**
 * The directory of sites (docs/platform.md "Shards"): shard 0 (binding DB) keeps a `websites`
 * row for every site, whichever shard holds its other rows, with `shard` naming that shard and
 * `read_only` set while the site moves. Host lookup (findSiteByHost) reads it in one indexed
 * query; slugs and hosts stay unique across shards by its unique indexes; the platform's
 * `site_owners` rows refer to it.
 */

/**
 * The handle and websites row a request of the site uses: the directory entry itself for a
 * site on shard 0, else the site's own row on its shard (its settings, content version and
 * subscription live there), with the directory's shard and read-only flag. `site` is
 * undefined when the shard has no row (never after a completed move).
 */
export async function openSiteShard(env: Env, entry: SiteRecord): Promise<{ db: Db; site: SiteRecord | undefined }> {
  const db = shardDb(env, entry.shard);
  if (entry.shard === 0) return { db, site: entry };
  const [row] = await query(() => db.select().from(websites).where(eq(websites.id, entry.id)).limit(1));
  return { db, site: row && { ...row, shard: entry.shard, readOnly: entry.readOnly } };
}

/**
 * The shard a new site goes to: the one with the fewest sites in the directory (the
 * platform's own row not counted), the lowest number on a tie. Concurrent creations may
 * pick the same shard; the counts even out over the next ones.
 */
export async function chooseShard(directory: Db, shardCount: number): Promise<number> {
  const rows = await query(() =>
    directory
      .select({ shard: websites.shard, n: sql<number>`count(*)` })
      .from(websites)
      .where(ne(websites.identifier, 'platform'))
      .groupBy(websites.shard),
  );
  const counts = Array.from({ length: shardCount }, (_, n) => rows.find((r) => r.shard === n)?.n ?? 0);
  return counts.indexOf(Math.min(...counts));
}


import { and, eq, exists, ne, or, sql } from 'drizzle-orm';
import { websiteHosts, websites } from '../../../schema/index.js';
import type { Env } from '../../env.js';
import { rawD1 } from '../cart/raw.js';
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
 * Per isolate: each host last seen in the directory for a site on shard n > 0, so the next
 * request of that host reads only the site's own row there (openRememberedShard): one D1
 * read instead of the directory's and the shard's. Only a hint: the shard row is read on
 * every request and must still claim the host, be writable and name the same shard.
 */
const shardOfHost = new Map<string, { id: string; shard: number }>();
// Bounds memory when one isolate serves many hosts; Map order makes this FIFO.
const MAX_HOSTS = 1000;

/** Remembers the site the directory gave `host`, when it lives on shard n > 0 and is not read-only. */
export function rememberShard(host: string, site: SiteRecord): void {
  if (site.shard === 0 || site.readOnly) return;
  if (!shardOfHost.has(host) && shardOfHost.size >= MAX_HOSTS) shardOfHost.delete(shardOfHost.keys().next().value!);
  shardOfHost.set(host, { id: site.id, shard: site.shard });
}

/**
 * The request's site from its shard alone, for a host this isolate has seen there: its
 * websites row by id, in one read, when that row still names the shard, is not read-only
 * and has the host as its primary host or one of its hosts. A move marks the row it copies
 * from read-only too (edge/services/shards/move.ts) and deletes it afterwards, a removed
 * domain leaves the shard's website_hosts, a purge deletes the row: in each case this
 * answers undefined (and forgets the host) and the caller asks the directory. Every
 * change of the row itself (title, settings, subscription, deletion) is seen at once.
 */
export async function openRememberedShard(env: Env, host: string): Promise<{ db: Db; site: SiteRecord } | undefined> {
  const known = shardOfHost.get(host);
  if (!known) return undefined;
  const db = shardDb(env, known.shard);
  const alias = db
    .select({ one: sql`1` })
    .from(websiteHosts)
    .where(and(eq(websiteHosts.host, host), eq(websiteHosts.websiteId, known.id)));
  const [row] = await query(() =>
    db
      .select()
      .from(websites)
      .where(and(eq(websites.id, known.id), eq(websites.shard, known.shard), eq(websites.readOnly, false), or(eq(websites.primaryHost, host), exists(alias))))
      .limit(1),
  );
  if (!row) {
    shardOfHost.delete(host);
    return undefined;
  }
  return { db, site: row };
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


/**
 * Mirrors a site's hosts from its shard into the directory (its primary host and its
 * website_hosts rows), so that host lookup, which reads only the directory, finds a custom
 * domain of a site on shard n > 0. The domains API calls it after each change there. A host
 * the directory already gives another site is left to that site.
 */
export async function syncDirectoryHosts(directory: Db, db: Db, websiteId: string): Promise<void> {
  const site = rawD1(db);
  const [primary, hosts] = await query(() =>
    site.batch<{ host: string }>([
      site.prepare('SELECT primary_host AS host FROM websites WHERE id = ?1').bind(websiteId),
      site.prepare('SELECT host FROM website_hosts WHERE website_id = ?1').bind(websiteId),
    ]),
  );
  const primaryHost = primary!.results[0]?.host;
  if (!primaryHost) return;
  const dir = rawD1(directory);
  await query(() =>
    dir.batch([
      dir.prepare('UPDATE websites SET primary_host = ?1 WHERE id = ?2').bind(primaryHost, websiteId),
      dir.prepare('DELETE FROM website_hosts WHERE website_id = ?1').bind(websiteId),
      ...hosts!.results.map((r) => dir.prepare('INSERT INTO website_hosts (host, website_id) VALUES (?1, ?2) ON CONFLICT (host) DO NOTHING').bind(r.host, websiteId)),
    ]),
  );
}

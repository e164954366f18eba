import { eq, inArray, or, sql } from 'drizzle-orm';
import { websites, websiteHosts } from '../../schema/index.js';
import { query, type Db } from './db.js';

export type SiteRecord = typeof websites.$inferSelect;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host of a Host header, lower-cased, without port. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** Loopback hosts serve the default website (local development and tests). */
export function isLocalHost(host: string): boolean {
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost');
}

/**
 * The website a request host selects: its primary host, then its aliases; loopback
 * hosts fall back to the default website. `undefined` when nothing matches.
 * One query, since it runs on every request.
 */
export async function findSiteByHost(db: Db, host: string): Promise<SiteRecord | undefined> {
  const local = isLocalHost(host);
  const alias = db.select({ id: websiteHosts.websiteId }).from(websiteHosts).where(eq(websiteHosts.host, host));
  const [row] = await query(() =>
    db
      .select()
      .from(websites)
      .where(or(eq(websites.primaryHost, host), inArray(websites.id, alias), local ? eq(websites.isDefault, true) : sql`0`))
      .orderBy(sql`case when ${websites.primaryHost} = ${host} then 0 when ${websites.isDefault} = 1 then 2 else 1 end`)
      .limit(1),
  );
  return row;
}

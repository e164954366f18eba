/**
 * A per-isolate memory of each host's site id and content version, so a cached page
 * can be served without asking D1 which version is current. Entries live `ttlMs`
 * (the page cache's staleness bound across isolates after an owner change); a bump in
 * this isolate forgets its site at once. Only a cache: losing it costs one D1 query.
 */
interface Known {
  siteId: string;
  version: number;
  at: number;
}

const byHost = new Map<string, Known>();
// Bounds memory when one isolate serves many hosts; Map order makes this FIFO.
const MAX_HOSTS = 1000;

/** How long a remembered version is trusted by default. */
export const SITE_VERSION_TTL_MS = 1000;

/** The content version last seen for `host`, if seen within `ttlMs`. */
export function knownVersion(host: string, ttlMs: number, now = Date.now()): number | undefined {
  const known = byHost.get(host);
  if (!known || ttlMs <= 0 || now - known.at >= ttlMs) return undefined;
  return known.version;
}

export function rememberVersion(host: string, siteId: string, version: number, now = Date.now()): void {
  if (!byHost.has(host) && byHost.size >= MAX_HOSTS) byHost.delete(byHost.keys().next().value!);
  byHost.set(host, { siteId, version, at: now });
}

/** Forgets every host of a site (called when its content version is bumped). */
export function forgetSite(siteId: string): void {
  for (const [host, known] of byHost) if (known.siteId === siteId) byHost.delete(host);
}

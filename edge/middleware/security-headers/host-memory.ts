import type { ThirdParty } from './third-parties.js';

/**
 * The integrations of the site each host served recently, per isolate. An answer that
 * never selected a site (a page served from the page cache ahead of site selection) still
 * gets its site's policy: the isolate selected that site moments before, or the cache
 * would not have answered. Unknown or stale hosts get the base policy, which is stricter.
 */
const REMEMBER_MS = 5 * 60_000;
const MAX_HOSTS = 1000;
const byHost = new Map<string, { parties: ThirdParty[]; at: number }>();

/** Records what `host`'s site enables (called whenever a request selected the site). */
export function rememberIntegrations(host: string, parties: ThirdParty[], now: number): void {
  byHost.delete(host);
  byHost.set(host, { parties, at: now });
  // Oldest first in insertion order: drop it when over the bound.
  if (byHost.size > MAX_HOSTS) byHost.delete(byHost.keys().next().value!);
}

/** What `host`'s site enabled when last seen within REMEMBER_MS; undefined otherwise. */
export function recalledIntegrations(host: string, now: number): ThirdParty[] | undefined {
  const seen = byHost.get(host);
  return seen && now - seen.at <= REMEMBER_MS ? seen.parties : undefined;
}

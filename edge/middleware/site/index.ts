import { createMiddleware } from 'hono/factory';
import type { AppEnv, Env } from '../../env.js';
import { SiteNotFoundError } from '../../errors.js';
import { openDb, type Db } from '../../services/db.js';
import { openRememberedShard, openSiteShard, rememberShard } from '../../services/shards/directory.js';
import { primaryRedirect } from '../../services/domains/index.js';
import { findSiteByHost, hostName, type SiteRecord } from '../../services/websites.js';

/** The site of `host` through the directory, then its shard (remembered for the next request of the host). */
async function fromDirectory(env: Env, host: string): Promise<{ db: Db; site: SiteRecord }> {
  const entry = await findSiteByHost(openDb(env.DB), host);
  if (!entry) throw new SiteNotFoundError(host);
  const { db, site } = await openSiteShard(env, entry);
  if (!site) throw new SiteNotFoundError(host);
  rememberShard(host, site);
  return { db, site };
}

/**
 * Selects the website from the Host header (loopback hosts get the default site) and
 * opens the database handle the request uses: the shard the directory names. Unknown hosts are a `SiteNotFoundError`.
 */
export const selectSite = createMiddleware<AppEnv>(async (c, next) => {
  // In Workers the URL's host is the Host header the visitor sent.
  const host = hostName(new URL(c.req.url).host);
  // The directory (shard 0's websites rows) names the site and its shard in one indexed read;
  // a site on another shard is read there by id (docs/platform.md "Shards").
  // A host this isolate has seen on shard n > 0 reads only its shard (one read, not two).
  const { db, site } = (await openRememberedShard(c.env, host)) ?? (await fromDirectory(c.env, host));
  // A site whose primary host is a verified custom domain answers its other hosts (www,
  // the platform host) with a permanent redirect there (issue 34, docs/api/domains.md).
  if (host !== site.primaryHost && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    const primary = await primaryRedirect(db, site, host);
    if (primary) {
      const url = new URL(c.req.url);
      return c.redirect(`https://${primary}${url.pathname}${url.search}`, 301);
    }
  }
  c.set('db', db);
  c.set('site', site);
  await next();
});

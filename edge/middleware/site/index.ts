import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { SiteNotFoundError } from '../../errors.js';
import { openDb } from '../../services/db.js';
import { findSiteByHost, hostName } from '../../services/websites.js';

/**
 * Selects the website from the Host header (loopback hosts get the default site) and
 * opens the database handle the request uses. Unknown hosts are a `SiteNotFoundError`.
 */
export const selectSite = createMiddleware<AppEnv>(async (c, next) => {
  // In Workers the URL's host is the Host header the visitor sent.
  const host = hostName(new URL(c.req.url).host);
  const db = openDb(c.env.DB);
  const site = await findSiteByHost(db, host);
  if (!site) throw new SiteNotFoundError(host);
  c.set('db', db);
  c.set('site', site);
  await next();
});

import type { Context } from 'hono';
import type { AppEnv } from '../../env.js';
import type { MailSite } from '../../services/accounts/mails.js';
import { isLocalHost } from '../../services/websites.js';

/**
 * The site as account mails name it. Links point at the site's primary host over HTTPS,
 * never at whatever Host a request claimed; only local development (loopback hosts) links
 * back to the address it was reached at.
 */
export function mailSite(c: Context<AppEnv>): MailSite {
  const url = new URL(c.req.url);
  const origin = isLocalHost(url.hostname) ? url.origin : `https://${c.var.site.primaryHost}`;
  return { id: c.var.site.id, title: c.var.site.title, origin };
}

import { Hono } from 'hono';
import { INVALID_LINK_MESSAGE } from '../../../domain/messages/account-messages.js';
import type { AppEnv } from '../../env.js';
import { startSession } from '../../middleware/session/sign-in.js';
import { openDb } from '../../services/db.js';
import { acceptHandoff } from '../../services/platform/sites.js';
import { accountPage, html, notice } from '../account/html.js';

/**
 * GET /config/handoff?token=: a platform owner opening this site from the platform host
 * (cookies are per host). The one-time token (2 minutes, this site only) becomes a site
 * session whose roles are the owner's site_owners roles (edge/services/platform/sites.ts),
 * then the owner area opens; the redirect drops the token from the address bar and history.
 * Like an OAuth code, it is a GET: the platform's Open button (a crumb-checked POST) issues it.
 */
export const handoffRoutes = new Hono<AppEnv>({ strict: false });

handoffRoutes.get('/handoff', async (c) => {
  const user = await acceptHandoff(openDb(c.env.DB), c.var.db, c.var.site.id, c.req.query('token') ?? '', Date.now());
  if (!user) {
    return accountPage(c, 'Open your site', html`<h1>Open your site</h1>${notice(INVALID_LINK_MESSAGE)}<p>Open the site again from your list of sites.</p>`, 400, 'config');
  }
  await startSession(c, user, false);
  return c.redirect('/config/', 303);
});

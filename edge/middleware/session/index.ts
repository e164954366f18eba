import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { findSession, xsrfTokenFor } from '../../services/accounts/sessions.js';
import {
  clearSessionCookies,
  readSiteUserInfo,
  responseSetsCookie,
  SESSION_COOKIE,
  setSiteUserInfo,
} from './cookies.js';


/**
 * Loads the signed-in visitor, app-wide (after the site is selected): a valid session
 * cookie sets `c.var.siteUser` ({ id, email, roles on this site }) and `c.var.xsrfToken`.
 * A cookie the server no longer honours (expired, revoked, another site's) is cleared on
 * the way out; a valid session whose SiteUserInfo cookie went missing gets it back.
 * Visitors without a session cookie cost nothing (no query).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return next();
  const session = await findSession(c.var.db, token, c.var.site.id, Date.now());
  if (session) {
    c.set('siteUser', session.user);
    c.set('xsrfToken', await xsrfTokenFor(token));
  }
  await next();
  // A handler that signed in or out has already set the cookies it wants.
  if (responseSetsCookie(c, SESSION_COOKIE)) return;
  if (!session) {
    clearSessionCookies(c);
  } else if (readSiteUserInfo(c)?.siteUserId !== session.user.id) {
    setSiteUserInfo(c, session.user.id, session.rememberMe);
  }
});

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Env } from '../../env.js';
import { ApiError } from '../../errors.js';
import { cookieBase } from '../../lib/cookie-attributes.js';
import { xsrfTokenFor } from '../../services/accounts/sessions.js';
import { openDb } from '../../services/db.js';
import { createOwnerSession, findOwnerSession, revokeOwnerSession } from '../../services/platform/owners.js';
import { platformSite } from '../../services/platform/sites.js';
import { hostName, isLocalHost } from '../../services/websites.js';
import { SIGN_IN_REQUIRED_MESSAGE } from '../roles/index.js';

/** DESIGN: Cookies — the platform session's secret token (HttpOnly), on the platform host only. */
export const PLATFORM_SESSION_COOKIE = 'PlatformSession';

/** The platform host's name (no port): PLATFORM_HOST, else `app.localhost`. */
export function platformHostName(env: Env): string {
  return hostName(env.PLATFORM_HOST ?? 'app.localhost');
}

/** True when the request is for the platform host (edge/app.ts hands it to the platform app). */
export function isPlatformRequest(c: Context<AppEnv>): boolean {
  return hostName(new URL(c.req.url).host) === platformHostName(c.env);
}

/** The host a new site gets: `<slug>.<PLATFORM_DOMAIN>` (`<slug>.localhost` locally). */
export function siteHostFor(env: Env, slug: string): string {
  return `${slug}.${(env.PLATFORM_DOMAIN ?? 'localhost').toLowerCase()}`;
}

/** The origin a site host is opened at: the request's scheme and port locally, https in production. */
export function siteOrigin(c: Context<AppEnv>, host: string): string {
  const url = new URL(c.req.url);
  return isLocalHost(host) ? `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}` : `https://${host}`;
}

/** The platform host's origin as seen from a site's request (the request's scheme and port locally). */
export function platformOrigin(c: Context<AppEnv>): string {
  return siteOrigin(c, platformHostName(c.env));
}

/**
 * The platform host's counterpart of selectSite + loadSession: the platform's websites row
 * (outbox and budget scope), the database handle and the signed-in owner with the session's
 * CSRF token. A cookie the server no longer honours is cleared.
 */
export const selectPlatform = createMiddleware<AppEnv>(async (c, next) => {
  const db = openDb(c.env.DB);
  const now = Date.now();
  c.set('db', db);
  c.set('site', await platformSite(db, platformHostName(c.env), now));
  const token = getCookie(c, PLATFORM_SESSION_COOKIE);
  if (token) {
    const owner = await findOwnerSession(db, token, now);
    if (owner) {
      c.set('platformOwner', owner);
      c.set('xsrfToken', await xsrfTokenFor(token));
    } else {
      deleteCookie(c, PLATFORM_SESSION_COOKIE, cookieBase(c));
    }
  }
  await next();
});

/** 401 unless a platform owner is signed in. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('platformOwner')) throw new ApiError(401, 'sign_in_required', SIGN_IN_REQUIRED_MESSAGE);
  await next();
});

/** Signs an owner in (the previous session of this browser ends): sets the HttpOnly cookie, returns the CSRF token. */
export async function startOwnerSession(c: Context<AppEnv>, ownerId: string): Promise<string> {
  const previous = getCookie(c, PLATFORM_SESSION_COOKIE);
  if (previous) await revokeOwnerSession(c.var.db, previous);
  const session = await createOwnerSession(c.var.db, ownerId, Date.now());
  setCookie(c, PLATFORM_SESSION_COOKIE, session.token, { ...cookieBase(c), httpOnly: true });
  return session.xsrfToken;
}

export async function endOwnerSession(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, PLATFORM_SESSION_COOKIE);
  if (token) await revokeOwnerSession(c.var.db, token);
  deleteCookie(c, PLATFORM_SESSION_COOKIE, cookieBase(c));
}

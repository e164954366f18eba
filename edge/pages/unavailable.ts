import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { upgradeDestination } from '../../domain/platform/plans.js';
import { isSiteExpired } from '../../domain/platform/trial.js';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { findApiToken } from '../services/themes/api-tokens.js';
import { isApiPath } from '../middleware/api-errors/index.js';
import { SITE_DELETED_MESSAGE } from '../../domain/platform/site-deletion.js';
import { SITE_GONE, SITE_UNAVAILABLE } from './fallback-pages.js';
import { plainResponse } from './respond.js';

/**
 * What an expired site (SPEC §4) still answers: the owner area, the owner's sign-in and the
 * billing API, so the owner can renew. Everything else (pages, store, forms, every other API)
 * is refused and nothing is deleted; renewing brings it all back.
 */
const OPEN_WHEN_EXPIRED: readonly RegExp[] = [
  /^\/config(\/|$)/,
  /^\/api\/owner\/billing(\/|$)/,
  /^\/api\/site-users\/account(\/session)?\/?$/,
];

/** The owner's answer from any other API of an expired site: 402, naming how to renew. */
export const SITE_EXPIRED_MESSAGE = 'This site has expired. Renew your plan in Billing to use it again; nothing has been deleted.';

const refusedWhenExpired = (path: string) => !OPEN_WHEN_EXPIRED.some((open) => open.test(path));

/**
 * What a deleted site (issue 34, edge/services/site-lifecycle) still answers until it is purged:
 * the owner area, the owner's sign-in, and the site's status and restore calls.
 */
const OPEN_WHEN_DELETED: readonly RegExp[] = [
  /^\/config(\/|$)/,
  /^\/api\/owner\/site\/?$/,
  /^\/api\/owner\/site\/restore\/?$/,
  /^\/api\/site-users\/account(\/session)?\/?$/,
];

/**
 * Mounted after selectSite: visitors of a deleted site get a 410 page (APIs a JSON 410
 * `site_deleted`); those of an expired site the "not available" page. An expired site's APIs
 * are decided by expiredSiteApis once the session is known (nothing runs in between).
 */
export const siteAvailability = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.site.deletedOn !== null) {
    if (OPEN_WHEN_DELETED.some((path) => path.test(c.req.path))) return next();
    c.header('Cache-Control', 'no-store');
    if (isApiPath(c.req.path)) throw new ApiError(410, 'site_deleted', SITE_DELETED_MESSAGE, { headers: { 'Cache-Control': 'no-store' } });
    return plainResponse(c, SITE_GONE);
  }
  if (!isSiteExpired(c.var.site) || !refusedWhenExpired(c.req.path) || isApiPath(c.req.path)) return next();
  c.header('Cache-Control', 'no-store');
  return plainResponse(c, SITE_UNAVAILABLE);
});

/** True when the request carries a live API token of the site (edge/middleware/api-token). */
async function bearerOfSite(c: Context<AppEnv>): Promise<boolean> {
  const match = /^Bearer ([^\s]+)$/.exec(c.req.header('Authorization')?.trim() ?? '');
  return match ? (await findApiToken(c.var.db, c.var.site.id, match[1]!)) !== undefined : false;
}

/**
 * Mounted right after loadSession, before every API route: on an expired site, a signed-in
 * user with a role on the site (an owner or contributor) gets 402 `site_expired` naming the
 * renewal path for every API but billing, and so does a caller with a live API token of the
 * site (`Authorization: Bearer`, checked without logging a use); shoppers and anonymous
 * callers (a bearer secret that is no live token included) get the visitors' 503 `site_unavailable`.
 */
export const expiredSiteApis = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSiteExpired(c.var.site) || !isApiPath(c.req.path) || !refusedWhenExpired(c.req.path)) return next();
  const headers = { 'Cache-Control': 'no-store' };
  if ((c.var.siteUser?.roles.length ?? 0) > 0 || (await bearerOfSite(c))) {
    throw new ApiError(402, 'site_expired', SITE_EXPIRED_MESSAGE, { headers, extra: { renewUrl: upgradeDestination(c.var.site.subscriptionState) } });
  }
  throw new ApiError(503, SITE_UNAVAILABLE.error, SITE_UNAVAILABLE.message, { headers });
});

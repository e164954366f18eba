import { createMiddleware } from 'hono/factory';
import { isSiteExpired } from '../../domain/platform/trial.js';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { isApiPath } from '../middleware/api-errors/index.js';
import { SITE_DELETED_MESSAGE } from '../../domain/platform/site-deletion.js';
import { SITE_GONE, SITE_UNAVAILABLE } from './fallback-pages.js';
import { plainResponse } from './respond.js';

/**
 * What an expired site (SPEC §4) still answers: the owner area, the owner's sign-in and the
 * billing API, so the owner can renew. Everything else (pages, store, forms, every other API)
 * is refused with 503 and nothing is deleted; renewing brings it all back.
 */
const OPEN_WHEN_EXPIRED: readonly RegExp[] = [
  /^\/config(\/|$)/,
  /^\/api\/owner\/billing(\/|$)/,
  /^\/api\/site-users\/account(\/session)?\/?$/,
];

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
 * Mounted after selectSite: visitors of an expired site get the "not available" page (APIs a
 * JSON 503); those of a deleted site a 410 page (APIs a JSON 410 `site_deleted`).
 */
export const siteAvailability = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.site.deletedOn !== null) {
    if (OPEN_WHEN_DELETED.some((path) => path.test(c.req.path))) return next();
    c.header('Cache-Control', 'no-store');
    if (isApiPath(c.req.path)) throw new ApiError(410, 'site_deleted', SITE_DELETED_MESSAGE, { headers: { 'Cache-Control': 'no-store' } });
    return plainResponse(c, SITE_GONE);
  }
  if (!isSiteExpired(c.var.site) || OPEN_WHEN_EXPIRED.some((path) => path.test(c.req.path))) return next();
  c.header('Cache-Control', 'no-store');
  if (isApiPath(c.req.path)) throw new ApiError(503, SITE_UNAVAILABLE.error, SITE_UNAVAILABLE.message, { headers: { 'Cache-Control': 'no-store' } });
  return plainResponse(c, SITE_UNAVAILABLE);
});

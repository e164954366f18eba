import { createMiddleware } from 'hono/factory';
import { isSiteExpired } from '../../domain/platform/trial.js';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { isApiPath } from '../middleware/api-errors/index.js';
import { SITE_UNAVAILABLE } from './fallback-pages.js';
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

/** Mounted after selectSite: visitors of an expired site get the "not available" page (APIs a JSON 503). */
export const siteAvailability = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSiteExpired(c.var.site) || OPEN_WHEN_EXPIRED.some((path) => path.test(c.req.path))) return next();
  c.header('Cache-Control', 'no-store');
  if (isApiPath(c.req.path)) throw new ApiError(503, SITE_UNAVAILABLE.error, SITE_UNAVAILABLE.message, { headers: { 'Cache-Control': 'no-store' } });
  return plainResponse(c, SITE_UNAVAILABLE);
});

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.js';
import { ApiError } from '../errors.js';
import { isApiPath } from '../middleware/api-errors/index.js';
import { plainResponse } from './respond.js';

/** The answer to a write on a site that is being moved between shards (docs/platform.md "Shards"). */
export const SITE_READ_ONLY = {
  error: 'site_read_only',
  message: 'This site is being moved and is read-only for a moment. Nothing was saved: try again in a minute.',
} as const;

// GETs that write: the owner hand-over creates the owner's site user and session.
const WRITING_GETS = /^\/config\/handoff\/?$/;

/**
 * Mounted after selectSite: while the directory marks the site read-only (its rows are being
 * copied to another shard), every write (any method but GET, HEAD and OPTIONS, and the
 * hand-over) answers 503 `site_read_only` with Retry-After (JSON on the APIs, a plain page elsewhere), for owners and shoppers alike;
 * reads are served as usual from the shard the directory still names.
 */
export const refuseWritesWhileMoving = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.site.readOnly) return next();
  const method = c.req.method;
  const reads = (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') && !WRITING_GETS.test(c.req.path);
  if (reads) return next();
  const headers = { 'Retry-After': '30', 'Cache-Control': 'no-store' };
  if (isApiPath(c.req.path)) throw new ApiError(503, SITE_READ_ONLY.error, SITE_READ_ONLY.message, { headers });
  return plainResponse(c, { status: 503, title: 'Read-only for a moment', ...SITE_READ_ONLY }, headers);
});

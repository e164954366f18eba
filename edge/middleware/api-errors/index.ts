import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../../env.js';
import { ApiError, DatabaseUnavailableError, SiteNotFoundError } from '../../errors.js';
import { isDatabaseFailure } from '../../services/db.js';

/** True for requests under `/api/`, which always answer JSON. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function json(c: Context<AppEnv>, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * The JSON answer for a failed API call (DESIGN: Errors). Typed errors keep their status
 * and text; anything unexpected is logged server side and answered with a bare 500.
 */
export function apiErrorResponse(err: unknown, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) {
    const { fields, extra, headers } = err.options;
    return json(c, err.status, { ...extra, error: err.code, message: err.message, ...(fields ? { fields } : {}) }, headers);
  }
  if (err instanceof HTTPException) {
    return json(c, err.status, { error: err.status === 400 ? 'bad_request' : 'http_error', message: err.message || 'Request failed.' });
  }
  if (err instanceof SiteNotFoundError) return json(c, 404, { error: 'site_not_found', message: 'Site not found.' });
  if (err instanceof DatabaseUnavailableError || isDatabaseFailure(err)) {
    console.error(`database unavailable for ${c.req.method} ${c.req.path}: ${String(err instanceof Error ? (err.cause ?? err.message) : err)}`);
    return json(c, 503, { error: 'service_unavailable', message: 'Temporarily unavailable. Please try again.' }, { 'Retry-After': '30' });
  }
  console.error(`api failed ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return json(c, 500, { error: 'server_error', message: 'Something went wrong' });
}

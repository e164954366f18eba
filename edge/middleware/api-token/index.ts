import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { clientIp } from '../../lib/client-address.js';
import { useApiToken, type TokenScope } from '../../services/themes/api-tokens.js';
import { FORBIDDEN_MESSAGE, PERMISSION_TAG, requirePermission, type Permission, type PermissionGuard } from '../roles/index.js';

/** The 401 of a bearer token that is unknown, revoked or expired. */
export const INVALID_TOKEN_MESSAGE = 'This API token is not valid: it may have been revoked or have expired.';

/**
 * Guards a theme route: a tool's `Authorization: Bearer <token>` holding `scope`, or else
 * a signed-in contributor with `permission` (requirePermission). The token is read from
 * the header only, never from a cookie; when a header is present the session is ignored.
 * 401 for an unknown, revoked or expired token, 403 when it lacks the scope.
 */
export function tokenOrPermission(scope: TokenScope, permission: Permission): PermissionGuard {
  const session = requirePermission(permission);
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) return session(c, next);
    const match = /^Bearer ([^\s]+)$/.exec(header.trim());
    const token = match
      ? await useApiToken(c.var.db, c.var.site.id, match[1]!, { method: c.req.method, route: c.req.path, source: clientIp(c) })
      : undefined;
    if (!token) throw new ApiError(401, 'invalid_token', INVALID_TOKEN_MESSAGE, { headers: { 'WWW-Authenticate': 'Bearer' } });
    if (!token.scopes.includes(scope)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
    c.set('apiToken', token);
    await next();
  });
  return Object.assign(guard, { [PERMISSION_TAG]: permission });
}

import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { allows, type Permission } from './permissions.js';

export { PERMISSIONS, allows, type Permission } from './permissions.js';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do that.';

/** Marks a route's guard so tests can find every owner route and the permission it needs. */
export const PERMISSION_TAG = Symbol.for('atelier.permission');

export type PermissionGuard = MiddlewareHandler<AppEnv> & { [PERMISSION_TAG]: Permission };

/**
 * Guards an owner route with one row of the permission table: 401 for an anonymous
 * visitor, 403 when none of the signed-in user's roles on this site is allowed. Place it
 * before validators so a refused caller learns nothing about the route's input.
 * @example router.get('/orders', requirePermission('orders'), (c) => ...)
 */
export function requirePermission(permission: Permission): PermissionGuard {
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('siteUser');
    if (!user) throw new ApiError(401, 'sign_in_required', SIGN_IN_REQUIRED_MESSAGE);
    if (!allows(permission, user.roles)) throw new ApiError(403, 'forbidden', FORBIDDEN_MESSAGE);
    await next();
  });
  return Object.assign(guard, { [PERMISSION_TAG]: permission });
}

/** 401 unless someone is signed in (shopper routes: their own account and orders). */
export const requireSignIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('siteUser')) throw new ApiError(401, 'sign_in_required', SIGN_IN_REQUIRED_MESSAGE);
  await next();
});

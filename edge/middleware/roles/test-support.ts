import { createApp } from '../../app.js';
import { PERMISSION_TAG, type Permission } from './index.js';

/** A route the permission guard protects: its method (`ALL` is asked as GET), Hono pattern and permission. */
export interface GuardedRoute {
  method: string;
  pattern: string;
  permission: Permission;
}

/**
 * Every route of the app guarded by requirePermission, found through the guard's tag (so a
 * route added later is walked too), one per method and pattern. The role walk (walk.test.ts)
 * and the two-site isolation walk (tests/security/isolation-walk.test.ts) both start here.
 */
export function guardedRoutes(): GuardedRoute[] {
  const found = new Map<string, GuardedRoute>();
  for (const route of createApp().routes) {
    const permission = (route.handler as { [PERMISSION_TAG]?: Permission })[PERMISSION_TAG];
    if (!permission) continue;
    const method = route.method === 'ALL' ? 'GET' : route.method;
    found.set(`${method} ${route.path}`, { method, pattern: route.path, permission });
  }
  return [...found.values()];
}

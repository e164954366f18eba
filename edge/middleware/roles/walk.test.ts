import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { PERMISSIONS, type Permission } from './index.js';
import { guardedRoutes } from './test-support.js';
import { ROLE_IDS } from '../../../domain/roles/roles.js';

/**
 * The role-table walk: every route of the app guarded by requirePermission (found through
 * the guard's tag, so routes added later are walked too) is asked by anonymous visitors,
 * by a shopper, and by a contributor holding each single SPEC §3 role. Roles outside the
 * permission's row get 403, anonymous visitors 401, allowed roles get past the guard.
 */
interface OwnerRoute {
  method: string;
  path: string;
  permission: Permission;
}

// Each pattern asked with stand-in ids ('walk-id'); patterns that differ only in their
// parameter names are one request.
const ROUTES: OwnerRoute[] = [
  ...new Map(
    guardedRoutes().map(({ method, pattern, permission }): [string, OwnerRoute] => {
      const path = pattern.replace(/:[^/]+/g, 'walk-id').replace(/\*/g, 'walk');
      return [`${method} ${path}`, { method, path, permission }];
    }),
  ).values(),
];
const PASSWORD = 'walk-Password-1';
const CRUMB = 'walk-crumb-0123456789abcdef';
let worker: RunningWorker;
const asRole = new Map<number, SignedIn>();
let shopper: SignedIn;

beforeAll(async () => {
  worker = await startWorker();
  for (const role of ROLE_IDS) {
    const email = `role-${role}@walk.test`;
    await createSiteUser(worker, { email, password: PASSWORD, roles: [role] });
    asRole.set(role, await signIn(worker, email, PASSWORD));
  }
  await createSiteUser(worker, { email: 'shopper@walk.test', password: PASSWORD });
  shopper = await signIn(worker, 'shopper@walk.test', PASSWORD);
}, 120_000);
afterAll(async () => worker?.dispose());

function call(route: OwnerRoute, headers: Record<string, string>) {
  const write = route.method !== 'GET';
  return worker.fetch(route.path, {
    method: route.method,
    headers: { ...headers, ...(write ? { 'Content-Type': 'application/json' } : {}) },
    body: write ? '{}' : undefined,
  });
}

describe('the role table walk', () => {
  it('finds the owner routes', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(4);
    const permissions = new Set(ROUTES.map((r) => r.permission));
    for (const p of permissions) expect(Object.keys(PERMISSIONS)).toContain(p);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path} (${r.permission})`, r] as const))('%s', async (_label, route) => {
    const anonymous = await call(route, { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB });
    expect(anonymous.status, 'anonymous').toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toBe('sign_in_required');

    const asShopper = await call(route, shopper.headers);
    expect(asShopper.status, 'shopper').toBe(403);

    const allowed: readonly number[] = PERMISSIONS[route.permission];
    for (const role of ROLE_IDS) {
      const res = await call(route, asRole.get(role)!.headers);
      if (allowed.includes(role)) {
        expect([401, 403], `role ${role} is allowed`).not.toContain(res.status);
      } else {
        expect(res.status, `role ${role} is not allowed`).toBe(403);
        expect(((await res.json()) as { error: string }).error).toBe('forbidden');
      }
    }
  });
});

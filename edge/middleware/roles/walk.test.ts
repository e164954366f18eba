import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, jsonOrUndefined, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
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
  // The accounts are independent: created and signed in side by side.
  const signedIn = async (email: string, roles?: number[]) => {
    await createSiteUser(worker, { email, password: PASSWORD, ...(roles ? { roles } : {}) });
    return signIn(worker, email, PASSWORD);
  };
  const [sessions, asShopper] = await Promise.all([Promise.all(ROLE_IDS.map((role) => signedIn(`role-${role}@walk.test`, [role]))), signedIn('shopper@walk.test')]);
  ROLE_IDS.forEach((role, i) => asRole.set(role, sessions[i]!));
  shopper = asShopper;
}, 120_000);
afterAll(async () => worker?.dispose());

/** The route's answer to one caller: its status and JSON body (read at once, undefined when not JSON). */
async function call(route: OwnerRoute, headers: Record<string, string>): Promise<{ status: number; body: { error?: string } | undefined }> {
  const write = route.method !== 'GET';
  const res = await worker.fetch(route.path, {
    method: route.method,
    headers: { ...headers, ...(write ? { 'Content-Type': 'application/json' } : {}) },
    body: write ? '{}' : undefined,
  });
  return { status: res.status, body: jsonOrUndefined(await res.text()) };
}

describe('the role table walk', () => {
  it('finds the owner routes', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(4);
    const permissions = new Set(ROUTES.map((r) => r.permission));
    for (const p of permissions) expect(Object.keys(PERMISSIONS)).toContain(p);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path} (${r.permission})`, r] as const))('%s', async (_label, route) => {
    // The route is asked by everyone at once (each answer is the guard's, whatever the order);
    // one after another, the walk's 2,500 requests were most of a minute and a half.
    const [anonymous, asShopper, ...asRoles] = await Promise.all([
      call(route, { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB }),
      call(route, shopper.headers),
      ...ROLE_IDS.map((role) => call(route, asRole.get(role)!.headers)),
    ]);
    expect(anonymous.status, 'anonymous').toBe(401);
    expect(anonymous.body?.error).toBe('sign_in_required');

    expect(asShopper.status, 'shopper').toBe(403);

    const allowed: readonly number[] = PERMISSIONS[route.permission];
    for (const [i, role] of ROLE_IDS.entries()) {
      const res = asRoles[i]!;
      if (allowed.includes(role)) {
        expect([401, 403], `role ${role} is allowed`).not.toContain(res.status);
      } else {
        expect(res.status, `role ${role} is not allowed`).toBe(403);
        expect(res.body?.error).toBe('forbidden');
      }
    }
  });
});

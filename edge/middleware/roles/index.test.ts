import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env.js';
import { handleError } from '../../pages/error-page.js';
import { allows, PERMISSION_TAG, PERMISSIONS, requirePermission, requireSignIn } from './index.js';
import { ROLE, ROLE_IDS } from '../../../domain/roles/roles.js';

function app(roles?: number[]) {
  const a = new Hono<AppEnv>();
  if (roles) a.use('*', async (c, next) => (c.set('siteUser', { id: 'u1', email: 'u@x.test', roles }), next()));
  a.get('/api/orders', requirePermission('orders'), (c) => c.json({ ok: true }));
  a.get('/api/me', requireSignIn, (c) => c.json({ ok: true }));
  a.onError(handleError);
  return a;
}

describe('requirePermission', () => {
  it('answers 401 to an anonymous visitor', async () => {
    const res = await app().request('/api/orders');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'sign_in_required', message: 'Please sign in to continue.' });
  });

  it('answers 403 to a shopper and to a contributor without an allowed role', async () => {
    for (const roles of [[], [ROLE.reporting], [ROLE.none, ROLE.viewer]]) {
      const res = await app(roles).request('/api/orders');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
  });

  it('lets an allowed role through, alone or among others', async () => {
    expect((await app([ROLE.storeManager]).request('/api/orders')).status).toBe(200);
    expect((await app([ROLE.viewer, ROLE.admin]).request('/api/orders')).status).toBe(200);
  });

  it('tags its guard with the permission so route walks can find it', () => {
    expect(requirePermission('traffic')[PERMISSION_TAG]).toBe('traffic');
  });
});

describe('requireSignIn', () => {
  it('needs any signed-in visitor', async () => {
    expect((await app().request('/api/me')).status).toBe(401);
    expect((await app([]).request('/api/me')).status).toBe(200);
  });
});

describe('PERMISSIONS', () => {
  it('names only SPEC §3 role ids and gives admins every permission', () => {
    for (const [name, roles] of Object.entries(PERMISSIONS)) {
      for (const role of roles) expect(ROLE_IDS, name).toContain(role);
      expect(allows(name as keyof typeof PERMISSIONS, [ROLE.admin]), name).toBe(true);
      expect(allows(name as keyof typeof PERMISSIONS, [ROLE.none]), name).toBe(false);
    }
  });

  it('holds the rows the issue names', () => {
    expect([...PERMISSIONS.orders].sort()).toEqual([1, 8]);
    expect([...PERMISSIONS.restock].sort()).toEqual([1, 8]);
    expect([...PERMISSIONS.formSubmissions].sort((a, b) => a - b)).toEqual([1, 11, 15]);
    expect([...PERMISSIONS.newsletters].sort((a, b) => a - b)).toEqual([1, 11, 15]);
    expect([...PERMISSIONS.traffic].sort((a, b) => a - b)).toEqual([1, 3, 15]);
    // Pages and site structure (issue 23): admin 1 and website manager 15 everything, editor 4
    // edits and publishes, draft editor 16 drafts (and Needs Review), viewer 10 reads.
    const sorted = (roles: readonly number[]) => [...roles].sort((a, b) => a - b);
    expect(sorted(PERMISSIONS.pages)).toEqual([1, 4, 10, 15, 16]);
    expect(sorted(PERMISSIONS.pageDrafts)).toEqual([1, 4, 15, 16]);
    expect(sorted(PERMISSIONS.pagePublishing)).toEqual([1, 4, 15]);
    expect(sorted(PERMISSIONS.pageCode)).toEqual([1, 4, 15]);
    expect(sorted(PERMISSIONS.siteLayout)).toEqual([1, 4, 15]);
    // The page list of the link and page pickers: exactly whoever may edit campaigns or popups.
    expect(sorted(PERMISSIONS.pageLinks)).toEqual(sorted([...new Set([...PERMISSIONS.campaigns, ...PERMISSIONS.popups])]));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../services/accounts/passwords.js';
import { createSiteUser, responseCookies, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';

/**
 * Insecure direct object references: ids and tokens that belong to someone else, guessed
 * or copied, never open another shopper's account, mail or a contributor of another site.
 * (Orders arrive with checkout; their IDOR tests join the order APIs then.)
 */
let worker: RunningWorker;
const PASSWORD = 'idor-Password-1';
const OTHER_HOST = 'other-shop.example';
type Json = Record<string, any>;

let alice: SignedIn;
let bob: SignedIn;
let aliceId: string;
let bobId: string;

async function signInAt(host: string, email: string, password: string): Promise<SignedIn> {
  const crumb = 'idor-crumb-0123456789abcdef';
  const res = await worker.fetch('/api/site-users/account/session', {
    method: 'POST',
    host,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const { xsrfToken } = (await res.json()) as { xsrfToken: string };
  const cookie = [...responseCookies(res)].map(([k, v]) => `${k}=${v}`).join('; ');
  return { cookie, xsrfToken, headers: { Cookie: cookie, 'X-CSRF-Token': xsrfToken } };
}

beforeAll(async () => {
  worker = await startWorker();
  aliceId = await createSiteUser(worker, { email: 'alice@idor.test', password: PASSWORD });
  bobId = await createSiteUser(worker, { email: 'bob@idor.test', password: PASSWORD });
  alice = await signIn(worker, 'alice@idor.test', PASSWORD);
  bob = await signIn(worker, 'bob@idor.test', PASSWORD);
  // A second website with its own admin.
  await worker.db
    .prepare(
      `INSERT INTO websites (id, identifier, primary_host, title, site_settings, store_settings, localized_strings, created_on, updated_on)
       VALUES ('site-b', 'site-b', ?, 'Other shop', '{}', '{}', '{}', 0, 0)`,
    )
    .bind(OTHER_HOST)
    .run();
  await worker.db
    .prepare(`INSERT INTO site_users (id, website_id, email, password_hash, email_verified_on, created_on, updated_on) VALUES ('admin-b', 'site-b', 'admin@b.test', ?, 0, 0, 0)`)
    .bind(await hashPassword(PASSWORD))
    .run();
  await worker.db.prepare(`INSERT INTO contributors (website_id, site_user_id, roles, created_on) VALUES ('site-b', 'admin-b', '[1]', 0)`).run();
}, 60_000);
afterAll(async () => worker?.dispose());

describe('a shopper reaches only their own account', () => {
  it('ignores any user id in the request: the session alone says who is asking', async () => {
    for (const path of [`/api/site-users/account?siteUserId=${bobId}`, `/api/site-users/account?id=${bobId}`]) {
      const me = (await (await worker.fetch(path, { headers: { Cookie: alice.cookie } })).json()) as Json;
      expect(me).toMatchObject({ siteUserId: aliceId, email: 'alice@idor.test' });
    }
    const page = await (await worker.fetch(`/account?siteUserId=${bobId}`, { headers: { Cookie: alice.cookie } })).text();
    expect(page).toContain('alice@idor.test');
    expect(page).not.toContain('bob@idor.test');
  });

  it("changes only the caller's own language", async () => {
    const res = await worker.fetch('/api/site-users/account/locale', {
      method: 'POST',
      headers: { ...alice.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'fr-FR', siteUserId: bobId }),
    });
    expect(res.status).toBe(200);
    const langs = await worker.db.prepare('SELECT id, language FROM site_users WHERE id IN (?, ?)').bind(aliceId, bobId).all<{ id: string; language: string | null }>();
    expect(Object.fromEntries(langs.results.map((r) => [r.id, r.language]))).toEqual({ [aliceId]: 'fr-FR', [bobId]: null });
  });

  it("never shows a shopper the outbox, which holds other shoppers' links", async () => {
    await worker.fetch('/api/site-users/account/password-reset', {
      method: 'POST',
      headers: { ...bob.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'bob@idor.test' }),
    });
    const res = await worker.fetch('/api/mail/outbox?to=bob@idor.test', { headers: alice.headers });
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).not.toContain('token=');
    expect((await worker.fetch('/config/outbox', { headers: { Cookie: alice.cookie } })).status).toBe(403);
  });

  it('a copied xsrfToken is worthless without its own session cookie', async () => {
    const res = await worker.fetch('/api/site-users/account/locale', {
      method: 'POST',
      headers: { Cookie: alice.cookie, 'X-CSRF-Token': bob.xsrfToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'de-DE' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('contributors of one site are out of reach of another', () => {
  it("another site's admin cannot list or remove this site's contributors, even by exact id", async () => {
    const adminB = await signInAt(OTHER_HOST, 'admin@b.test', PASSWORD);
    const ownerId = (await worker.db.prepare("SELECT id FROM site_users WHERE email = 'owner@fernandkiln.test'").first<{ id: string }>())!.id;
    const list = (await (await worker.fetch('/api/site-users/contributors', { host: OTHER_HOST, headers: adminB.headers })).json()) as Json;
    expect(list.contributors.map((p: Json) => p.email)).toEqual(['admin@b.test']);
    const removed = await worker.fetch(`/api/site-users/contributors/${ownerId}`, { method: 'DELETE', host: OTHER_HOST, headers: adminB.headers });
    expect(removed.status).toBe(404);
    const still = await worker.db.prepare('SELECT COUNT(*) AS n FROM contributors WHERE site_user_id = ?').bind(ownerId).first<{ n: number }>();
    expect(still!.n).toBe(1);
    // Site B's session opens nothing on the demo site.
    const here = (await (await worker.fetch('/api/site-users/account', { headers: { Cookie: adminB.cookie } })).json()) as Json;
    expect(here).toEqual({ authenticated: false });
  });

  it('guessed link tokens open nothing', async () => {
    const guess = 'Q'.repeat(43);
    const post = (path: string, body: Json) =>
      worker.fetch(path, { method: 'POST', headers: { ...alice.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/site-users/account/verify', { token: guess })).status).toBe(400);
    expect((await post('/api/site-users/account/password-reset/confirm', { token: guess, password: 'whatever-123' })).status).toBe(400);
    expect((await post('/api/site-users/contributors/invitations/accept', { token: guess, password: 'whatever-123' })).status).toBe(400);
  });
});

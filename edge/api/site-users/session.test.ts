import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createSiteUser, demoOwner, responseCookies, signIn, spendBudget, startWorker, testAddress, type RunningWorker } from '../../test-support.js';

/** HTTP tests of SPEC §7 Site session on the bundled worker over the migrated, seeded local D1. */
let worker: RunningWorker;
let owner: { email: string; password: string };
const CRUMB = 'crumb-for-session-tests-0123';
const PASSWORD = 'a-Long-enough-pass-1';

beforeAll(async () => {
  worker = await startWorker();
  owner = await demoOwner();
});
afterAll(async () => worker?.dispose());

type Json = Record<string, any>;

function post(path: string, body: unknown, headers: Record<string, string> = {}, host?: string) {
  return worker.fetch(path, {
    method: 'POST',
    host,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': testAddress(), ...headers },
    body: JSON.stringify(body),
  });
}

const login = (email: string, password: string, extra: Json = {}, headers: Record<string, string> = {}) =>
  post('/api/site-users/account/session', { email, password, rememberMe: false, ...extra }, headers);

async function whoAmI(cookie: string): Promise<Json> {
  return (await (await worker.fetch('/api/site-users/account', { headers: { Cookie: cookie } })).json()) as Json;
}

describe('POST /api/site-users/account/session', () => {
  it('signs the demo owner in: xsrfToken, an HttpOnly Lax session cookie, SiteUserInfo', async () => {
    const res = await login(owner.email, owner.password);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.xsrfToken).toMatch(/^[0-9a-f]{43}$/);
    const lines = res.headers.getSetCookie();
    const session = lines.find((l) => l.startsWith('SiteUserSession='))!;
    expect(session).toMatch(/^SiteUserSession=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const info = lines.find((l) => l.startsWith('SiteUserInfo='))!;
    expect(info).not.toContain('HttpOnly');
    const jar = responseCookies(res);
    const parsed = JSON.parse(decodeURIComponent(jar.get('SiteUserInfo')!));
    expect(parsed).toEqual({ authenticated: true, siteUserId: expect.any(String) });
    const me = await whoAmI(`SiteUserSession=${jar.get('SiteUserSession')}`);
    expect(me).toMatchObject({ authenticated: true, email: owner.email, roles: [1], siteUserId: parsed.siteUserId, xsrfToken: body.xsrfToken });
  });

  it('keeps a remembered session 30 days; Secure outside localhost', async () => {
    const email = 'remember@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const res = await post('/api/site-users/account/session', { email, password: PASSWORD, rememberMe: true }, {}, 'fernandkiln.atelier.site');
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((l) => l.startsWith('SiteUserSession='))!;
    expect(session).toContain('Max-Age=2592000');
    expect(session).toContain('Secure');
    expect(session).toContain('HttpOnly');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await login(owner.email, 'not-the-password');
    const unknown = await login('nobody-here@fernandkiln.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
    expect(b).toEqual(a);
    expect(wrong.headers.getSetCookie().some((l) => l.startsWith('SiteUserSession='))).toBe(false);
  });

  it('stores only the SHA-256 of the session token and a salted PBKDF2 hash of the password', async () => {
    const email = 'hashed@shopper.test';
    const id = await createSiteUser(worker, { email, password: PASSWORD });
    const res = await login(email, PASSWORD);
    const token = responseCookies(res).get('SiteUserSession')!;
    const rows = await worker.db.prepare('SELECT token_hash FROM site_sessions WHERE site_user_id = ?').bind(id).all<{ token_hash: string }>();
    expect(rows.results).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const user = await worker.db.prepare('SELECT password_hash FROM site_users WHERE id = ?').bind(id).first<{ password_hash: string }>();
    expect(user!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(user!.password_hash).not.toContain(PASSWORD);
  });

  it('refuses an account whose email is not verified yet (403) but only after the password matched', async () => {
    const email = 'unverified@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD, verified: false });
    expect((await login(email, 'wrong-password')).status).toBe(401);
    const res = await login(email, PASSWORD);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error).toBe('email_unverified');
  });

  it('rejects a malformed body with 400 and fields', async () => {
    const res = await post('/api/site-users/account/session', { email: 'x', rememberMe: 'yes' });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as Json).fields).sort()).toEqual(['email', 'password', 'rememberMe']);
  });

  it('needs the crumb like every write', async () => {
    const res = await login(owner.email, owner.password, {}, { 'X-CSRF-Token': 'wrong-crumb-wrong-crumb-1' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).crumbFail).toBe(true);
  });
});

describe('throttling', () => {
  it('answers 429 after five attempts on one account from one address, even with the right password; another address still gets in', async () => {
    const email = 'throttled@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const ip = { 'CF-Connecting-IP': testAddress() };
    const { granted } = await spendBudget(5, (i) => login(email, `guess-${i}`, {}, ip));
    expect(granted.length).toBeGreaterThanOrEqual(5);
    expect(granted.every((res) => res.status === 401)).toBe(true);
    const res = await login(email, PASSWORD, {}, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(await res.json()).toEqual({ error: 'rate_limited', message: 'Please try again in a few seconds.' });
    // The budget is per account AND source: the owner elsewhere is not locked out.
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('guessing from rotating addresses does not lock the real owner out (issue 33, finding 1)', async () => {
    const email = 'rotated@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    // Fifteen wrong passwords within a minute, each from a new address (the attack's pattern).
    for (let i = 0; i < 15; i++) expect((await login(email, `guess-${i}`)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('mails the owner a notice on a burst of failures, once within the cool-down', async () => {
    const email = 'noticed@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    for (let i = 0; i < 25; i++) await login(email, `guess-${i}`);
    const mails = await worker.db
      .prepare("SELECT kind, subject, text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'sign-in-failures'")
      .bind(email)
      .all<{ kind: string; subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.text).toContain('/account/reset');
    // An address without an account gets no mail.
    for (let i = 0; i < 12; i++) await login('no-account-here@shopper.test', `guess-${i}`);
    const none = await worker.db.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ?').bind('no-account-here@shopper.test').first<{ n: number }>();
    expect(none!.n).toBe(0);
  });

  it('past the account-wide ceiling only a browser that signed in before gets in with the right password', async () => {
    const email = 'besieged@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const first = await login(email, PASSWORD);
    expect(first.status).toBe(200);
    const device = responseCookies(first).get('SignInDevice');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.headers.getSetCookie().find((l) => l.startsWith('SignInDevice='))).toContain('HttpOnly');
    // Guesses from many addresses until the account-wide ceiling answers 429 at a fresh address;
    // then a new browser with the right password is held off. (Budgets count per wall-clock
    // minute: when the minute turned in between, the siege is laid again.)
    const besiege = async (who: string) => {
      for (let round = 0; round < 3; round++) {
        const { refused } = await spendBudget(50, (i) => login(who, `guess-${i}`));
        expect(refused?.status).toBe(429);
        const fresh = await login(who, PASSWORD);
        if (fresh.status === 429) return;
        expect(fresh.status).toBe(200);
      }
      throw new Error('the ceiling never held');
    };
    await besiege(email);
    const known = await login(email, PASSWORD, {}, { Cookie: `crumb=${CRUMB}; SignInDevice=${device}` });
    expect(known.status).toBe(200);
    // Each sign-in gives the browser a new token; the new one is bound to its account: it opens no other account under siege.
    const rotated = responseCookies(known).get('SignInDevice');
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(device);
    const other = 'besieged-too@shopper.test';
    await createSiteUser(worker, { email: other, password: PASSWORD });
    await besiege(other);
    expect((await login(other, PASSWORD, {}, { Cookie: `crumb=${CRUMB}; SignInDevice=${rotated}` })).status).toBe(429);
  });

  it('answers 429 after twenty attempts from one address over many accounts', async () => {
    const ip = { 'CF-Connecting-IP': '203.0.113.9' };
    const { granted, refused } = await spendBudget(20, (i) => login(`spray-${i}@shopper.test`, 'guess', {}, ip));
    expect(granted.length).toBeGreaterThanOrEqual(20);
    expect(granted.length).toBeLessThanOrEqual(40);
    expect(granted.every((res) => res.status === 401)).toBe(true);
    expect(refused?.status).toBe(429);
    // Another address is unaffected.
    expect((await login('spray-x@shopper.test', 'guess', {}, { 'CF-Connecting-IP': '203.0.113.10' })).status).toBe(401);
  });
});

describe('signed-in writes, expiry, revocation', () => {
  it('requires the xsrfToken (or crumb) on writes of a signed-in visitor', async () => {
    const email = 'writer@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const me = await signIn(worker, email, PASSWORD);
    const session = me.cookie.split('; ').find((c) => c.startsWith('SiteUserSession='))!;
    const locale = (headers: Record<string, string>) =>
      worker.fetch('/api/site-users/account/locale', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ language: 'de-de' }),
      });
    const missing = await locale({ Cookie: session });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as Json).crumbFail).toBe(true);
    const tampered = me.xsrfToken.slice(0, -1) + (me.xsrfToken.endsWith('0') ? '1' : '0');
    expect((await locale({ Cookie: session, 'X-CSRF-Token': tampered })).status).toBe(401);
    const ok = await locale({ Cookie: session, 'X-CSRF-Token': me.xsrfToken });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ language: 'de-DE' });
    const bad = await locale({ Cookie: session, 'X-CSRF-Token': me.xsrfToken, 'Content-Type': 'application/json' }).then(() =>
      worker.fetch('/api/site-users/account/locale', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...me.headers },
        body: JSON.stringify({ language: 'not a language!' }),
      }),
    );
    expect(bad.status).toBe(400);
  });

  it('the locale endpoint needs a signed-in visitor', async () => {
    const res = await post('/api/site-users/account/locale', { language: 'en-US' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).error).toBe('sign_in_required');
  });

  it('signs out: the session row is gone, the cookies are cleared, the old cookie is worthless', async () => {
    const email = 'leaver@shopper.test';
    const id = await createSiteUser(worker, { email, password: PASSWORD });
    const me = await signIn(worker, email, PASSWORD);
    const out = await worker.fetch('/api/site-users/account/session?cloneCart=false', { method: 'DELETE', headers: me.headers });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared.some((l) => /^SiteUserSession=; Max-Age=0/.test(l))).toBe(true);
    expect(cleared.some((l) => /^SiteUserInfo=; Max-Age=0/.test(l))).toBe(true);
    const left = await worker.db.prepare('SELECT COUNT(*) AS n FROM site_sessions WHERE site_user_id = ?').bind(id).first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect(await whoAmI(me.cookie)).toEqual({ authenticated: false });
  });

  it("sign-out detaches the CART token from the account's cart (issue 33, finding 10)", async () => {
    const email = 'cart-leaver@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const me = await signIn(worker, email, PASSWORD);
    const cartToken = me.cookie.split('; ').find((c) => c.startsWith('CART='))!.slice('CART='.length);
    expect(cartToken).toBeTruthy();
    const mug = await worker.db.prepare("SELECT product_id AS itemId, sku FROM variants WHERE sku = 'FK-MUG-08-OAT'").first<{ itemId: string; sku: string }>();
    const added = await worker.fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      headers: { ...me.headers, 'Content-Type': 'application/json', 'CF-Connecting-IP': testAddress() },
      body: JSON.stringify({ itemId: mug!.itemId, sku: mug!.sku, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const entries = async (cookie: string) => {
      const res = await worker.fetch('/api/commerce/shopping-cart', { headers: { Cookie: cookie } });
      return ((((await res.json()) as Json).shoppingCart?.entries ?? []) as unknown[]).length;
    };
    expect(await entries(`CART=${cartToken}`)).toBe(1);
    const out = await worker.fetch('/api/site-users/account/session?cloneCart=false', { method: 'DELETE', headers: me.headers });
    expect(out.status).toBe(200);
    // The token the browser held (or anyone who copied it) no longer opens the account's cart.
    expect(await entries(`CART=${cartToken}`)).toBe(0);
    // Signing in again brings the account's cart back.
    const again = await signIn(worker, email, PASSWORD);
    expect(await entries(again.cookie)).toBe(1);
  });

  it('sign-out without the xsrfToken or crumb is a crumbFail and keeps the session', async () => {
    const email = 'stayer@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const me = await signIn(worker, email, PASSWORD);
    const res = await worker.fetch('/api/site-users/account/session', { method: 'DELETE', headers: { Cookie: me.cookie } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Json).crumbFail).toBe(true);
    expect((await whoAmI(me.cookie)).authenticated).toBe(true);
  });

  it('rotates the session on sign-in: the previous token stops working', async () => {
    const email = 'rotator@shopper.test';
    await createSiteUser(worker, { email, password: PASSWORD });
    const first = await signIn(worker, email, PASSWORD);
    const again = await login(email, PASSWORD, {}, first.headers);
    expect(again.status).toBe(200);
    const second = responseCookies(again).get('SiteUserSession')!;
    expect(first.cookie).not.toContain(second);
    expect((await whoAmI(first.cookie)).authenticated).toBe(false);
    expect((await whoAmI(`SiteUserSession=${second}`)).authenticated).toBe(true);
  });

  it('ends an expired session and clears its cookies', async () => {
    const email = 'expired@shopper.test';
    const id = await createSiteUser(worker, { email, password: PASSWORD });
    const me = await signIn(worker, email, PASSWORD);
    expect((await whoAmI(me.cookie)).authenticated).toBe(true);
    await worker.db.prepare('UPDATE site_sessions SET expires_on = ? WHERE site_user_id = ?').bind(Date.now() - 1, id).run();
    const res = await worker.fetch('/api/site-users/account', { headers: { Cookie: me.cookie } });
    expect(await res.json()).toEqual({ authenticated: false });
    expect(res.headers.getSetCookie().some((l) => /^SiteUserSession=; Max-Age=0/.test(l))).toBe(true);
    // The next sign-in drops the user's expired rows.
    await signIn(worker, email, PASSWORD);
    const rows = await worker.db.prepare('SELECT COUNT(*) AS n FROM site_sessions WHERE site_user_id = ?').bind(id).first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('honours a session only on the site that issued it', async () => {
    await createSiteUser(worker, { email: 'one-site@shopper.test', password: PASSWORD });
    const me = await signIn(worker, 'one-site@shopper.test', PASSWORD);
    await worker.db
      .prepare(
        `INSERT INTO websites (id, identifier, primary_host, title, site_settings, store_settings, localized_strings, created_on, updated_on)
         VALUES ('other-site', 'other', 'other.example', 'Other', '{}', '{}', '{}', 0, 0)`,
      )
      .run();
    const other = await worker.fetch('/api/site-users/account', { headers: { Cookie: me.cookie }, host: 'other.example' });
    expect(await other.json()).toEqual({ authenticated: false });
    expect((await whoAmI(me.cookie)).authenticated).toBe(true);
  });
});

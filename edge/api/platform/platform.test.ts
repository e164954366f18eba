import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCookies, spendBudget, startWorker, testAddress, type RunningWorker } from '../../test-support.js';

/**
 * The platform host over HTTP (issue 34): owner sign-up through the outbox, verification,
 * sign-in and out, reset, creating sites from starters (one D1 batch: a failing statement
 * leaves nothing), the site list and the hand-over to a site's own host.
 */
let worker: RunningWorker;
const HOST = 'app.localhost';
const CRUMB = 'crumb-for-platform-tests-0123';
const PASSWORD = 'platform-Pass-1';
type Json = Record<string, any>;

beforeAll(async () => {
  worker = await startWorker();
});
afterAll(async () => worker?.dispose());

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, host = HOST) {
  return worker.fetch(path, {
    host,
    method,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': testAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function lastMail(to: string): Promise<{ kind: string; text: string; websiteId: string; token?: string }> {
  const row = await worker.db
    .prepare('SELECT kind, text_body AS text, website_id AS websiteId FROM mail_outbox WHERE to_address = ? ORDER BY created_on DESC, rowid DESC LIMIT 1')
    .bind(to)
    .first<{ kind: string; text: string; websiteId: string }>();
  if (!row) throw new Error(`no mail to ${to}`);
  return { ...row, token: /token=([A-Za-z0-9_-]+)/.exec(row.text)?.[1] };
}

/** Signs up and verifies a new owner; returns the headers of their signed-in session. */
async function newOwner(email: string): Promise<Record<string, string>> {
  expect((await send('POST', '/api/platform/owners', { email, password: PASSWORD })).status).toBe(202);
  const verified = await send('POST', '/api/platform/owners/verify', { token: (await lastMail(email)).token });
  expect(verified.status).toBe(200);
  const session = responseCookies(verified).get('PlatformSession');
  return { Cookie: `crumb=${CRUMB}; PlatformSession=${session}` };
}

const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
/** The shard holding a site's rows, as the directory (shard 0's websites row) names it. */
const siteShard = async (websiteId: string) => worker.shards[(await worker.db.prepare('SELECT shard FROM websites WHERE id = ?').bind(websiteId).first<{ shard: number }>())!.shard]!;
const countOn = async (websiteId: string, sql: string, ...params: unknown[]) => (await (await siteShard(websiteId)).prepare(sql).bind(...params).first<{ n: number }>())!.n;
/** The sum of a count over every shard. */
const countAll = async (sql: string) => {
  let n = 0;
  for (const shard of worker.shards) n += (await shard.prepare(sql).first<{ n: number }>())!.n;
  return n;
};

describe('platform owner accounts', () => {
  it('signs up through the outbox, verifies once, signs in and out', async () => {
    const email = 'new.owner@example.test';
    const res = await send('POST', '/api/platform/owners', { email: ' New.Owner@Example.test ', password: PASSWORD });
    expect(res.status).toBe(202);
    expect(((await res.json()) as Json).message).toBe('Check your email: we sent you a link to confirm your account.');
    const mail = await lastMail(email);
    expect(mail.kind).toBe('platform-verify-email');
    expect(mail.text).toContain('http://app.localhost/verify?token=');
    // The platform's outbox rows are the platform row's, never the demo site's.
    expect(await count('SELECT COUNT(*) AS n FROM websites WHERE id = ? AND identifier = ?', mail.websiteId, 'platform')).toBe(1);
    const unverified = await send('POST', '/api/platform/session', { email, password: PASSWORD });
    expect(unverified.status).toBe(403);
    expect(((await unverified.json()) as Json).error).toBe('email_unverified');
    const verified = await send('POST', '/api/platform/owners/verify', { token: mail.token });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('PlatformSession='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await send('POST', '/api/platform/owners/verify', { token: mail.token })).status).toBe(400);

    const signedIn = await send('POST', '/api/platform/session', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const headers = { Cookie: `crumb=${CRUMB}; PlatformSession=${responseCookies(signedIn).get('PlatformSession')}` };
    const me = await send('GET', '/api/platform/session', undefined, headers);
    expect(((await me.json()) as Json).owner.email).toBe(email);
    expect((await send('DELETE', '/api/platform/session', undefined, headers)).status).toBe(200);
    expect((await send('GET', '/api/platform/session', undefined, headers)).status).toBe(401);
  });

  it('refuses bad input, wrong passwords, a missing crumb, and an existing address answers like a new one', async () => {
    const bad = await send('POST', '/api/platform/owners', { email: 'not-an-address', password: 'short' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).fields).toBeTruthy();
    const wrong = await send('POST', '/api/platform/session', { email: 'nobody@example.test', password: 'whatever-1' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
    const noCrumb = await worker.fetch('/api/platform/owners', { host: HOST, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(noCrumb.status).toBe(401);
    await newOwner('twice@example.test');
    const again = await send('POST', '/api/platform/owners', { email: 'twice@example.test', password: PASSWORD });
    expect(again.status).toBe(202);
    expect((await lastMail('twice@example.test')).kind).toBe('platform-sign-up-existing');
    expect(await count('SELECT COUNT(*) AS n FROM platform_owners WHERE email = ?', 'twice@example.test')).toBe(1);
  });

  it('resets a password by the mailed link, ending the old sessions', async () => {
    const email = 'forgetful@example.test';
    const old = await newOwner(email);
    expect((await send('POST', '/api/platform/password-reset', { email })).status).toBe(202);
    let mail = await lastMail(email);
    for (let i = 0; i < 20 && mail.kind !== 'platform-password-reset'; i++) mail = await lastMail(email);
    expect(mail.kind).toBe('platform-password-reset');
    expect((await send('POST', '/api/platform/password-reset/confirm', { token: mail.token, password: 'x' })).status).toBe(400);
    const done = await send('POST', '/api/platform/password-reset/confirm', { token: mail.token, password: 'new-Password-2' });
    expect(done.status).toBe(200);
    expect((await send('GET', '/api/platform/session', undefined, old)).status).toBe(401);
    expect((await send('POST', '/api/platform/session', { email, password: 'new-Password-2' })).status).toBe(200);
  });

  it('throttles sign-in per account and source with the SPEC text', async () => {
    const ip = testAddress();
    const { granted, refused } = await spendBudget(5, () =>
      send('POST', '/api/platform/session', { email: 'target@example.test', password: 'wrong-Pass-1' }, { 'CF-Connecting-IP': ip }),
    );
    expect(granted.length).toBeGreaterThanOrEqual(5);
    expect(refused?.status).toBe(429);
    expect(((await refused!.json()) as Json).error).toBe('rate_limited');
  });
});

describe('creating a site', () => {
  let owner: Record<string, string>;
  beforeAll(async () => {
    owner = await newOwner('maker@example.test');
  });

  it('creates a store site from the starter that renders at once on its own host, listed for its owner', async () => {
    const res = await send('POST', '/api/platform/sites', { title: 'Clay Corner', slug: 'clay-corner', starter: 'store' }, owner);
    expect(res.status).toBe(201);
    const { site } = (await res.json()) as Json;
    expect(site).toMatchObject({ title: 'Clay Corner', host: 'clay-corner.localhost', url: 'http://clay-corner.localhost/', roles: [1] });
    const home = await worker.fetch('/', { host: 'clay-corner.localhost' });
    expect(home.status).toBe(200);
    const text = await home.text();
    expect(text).toContain('Clay Corner');
    expect(text).toContain('Made slowly, fired hot.');
    const shop = await worker.fetch('/shop', { host: 'clay-corner.localhost' });
    expect(shop.status).toBe(200);
    // Its own theme version 1 (live), navigation and files.
    expect(await countOn(site.id, "SELECT COUNT(*) AS n FROM theme_versions WHERE website_id = ? AND number = 1 AND state = 'live'", site.id)).toBe(1);
    expect(await countOn(site.id, 'SELECT COUNT(*) AS n FROM navigation_items WHERE website_id = ?', site.id)).toBeGreaterThan(0);
    const image = await (await siteShard(site.id)).prepare("SELECT r2_key AS key FROM assets WHERE website_id = ? AND kind = 'image' LIMIT 1").bind(site.id).first<{ key: string }>();
    expect(await worker.files.head(image!.key)).not.toBeNull();
    // It starts a 14-day trial (SPEC §4), ending at a local midnight 14 or 15 days out.
    const trial = await (await siteShard(site.id)).prepare('SELECT subscription_state AS state, trial_ends_on AS ends FROM websites WHERE id = ?').bind(site.id).first<{ state: number; ends: number }>();
    expect(trial!.state).toBe(3);
    expect(trial!.ends - Date.now()).toBeGreaterThan(13 * 86_400_000);
    expect(trial!.ends - Date.now()).toBeLessThanOrEqual(15 * 86_400_000);
    // The demo site is untouched on localhost.
    expect(await (await worker.fetch('/')).text()).toContain('Fern &amp; Kiln');
    const list = await send('GET', '/api/platform/sites', undefined, owner);
    expect(((await list.json()) as Json).sites.map((s: Json) => s.host)).toContain('clay-corner.localhost');
  });

  it('creates portfolio, blog and blank sites, a slug made from the title when none is given', async () => {
    for (const [starter, title, words] of [['portfolio', 'Ink Works', 'Selected work'], ['blog', 'Field Notes', 'Hello, world'], ['blank', 'Blank Slate', 'This page is yours']] as const) {
      const res = await send('POST', '/api/platform/sites', { title, starter }, owner);
      expect(res.status).toBe(201);
      const { site } = (await res.json()) as Json;
      const path = starter === 'blog' ? '/blog' : '/';
      const page = await worker.fetch(path, { host: site.host });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(words);
    }
    const list = ((await (await send('GET', '/api/platform/sites', undefined, owner)).json()) as Json).sites;
    expect(list.map((s: Json) => s.host)).toEqual(expect.arrayContaining(['ink-works.localhost', 'field-notes.localhost', 'blank-slate.localhost']));
  });

  it('refuses bad, reserved and taken slugs with a clear message, and anonymous callers', async () => {
    const owner = await newOwner('slugs@example.test');
    const reserved = await send('POST', '/api/platform/sites', { title: 'X', slug: 'admin', starter: 'blank' }, owner);
    expect(reserved.status).toBe(400);
    expect(((await reserved.json()) as Json).fields.slug).toBe('"admin" is reserved. Choose another site address.');
    const bad = await send('POST', '/api/platform/sites', { title: 'X', slug: 'Not_OK', starter: 'blank' }, owner);
    expect(((await bad.json()) as Json).fields.slug).toBe('Use only lower-case letters, digits and hyphens.');
    const taken = await send('POST', '/api/platform/sites', { title: 'Demo', slug: 'fern-and-kiln', starter: 'blank' }, owner);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Json).message).toBe('That site address is taken. Choose another.');
    expect((await send('POST', '/api/platform/sites', { title: 'X', starter: 'shop' }, owner)).status).toBe(400);
    expect((await send('POST', '/api/platform/sites', { title: 'Y', starter: 'blank' })).status).toBe(401);
    expect((await send('GET', '/api/platform/sites')).status).toBe(401);
  });

  it('leaves nothing when one statement of the batch fails midway', async () => {
    const owner = await newOwner('half@example.test');
    // On every shard: the site goes to the one with the fewest sites.
    for (const shard of worker.shards) {
      await shard.prepare("CREATE TRIGGER fail_nav BEFORE INSERT ON navigation_items WHEN NEW.title = 'Work' BEGIN SELECT RAISE(ABORT, 'test failure'); END").run();
    }
    try {
      const before = await countAll('SELECT COUNT(*) AS n FROM pages');
      const res = await send('POST', '/api/platform/sites', { title: 'Half Made', slug: 'half-made', starter: 'portfolio' }, owner);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await countAll("SELECT COUNT(*) AS n FROM websites WHERE identifier = 'half-made'")).toBe(0);
      expect(await countAll('SELECT COUNT(*) AS n FROM pages')).toBe(before);
      // *.localhost falls back to the demo site: nothing of the half-made site is served.
      expect(await (await worker.fetch('/', { host: 'half-made.localhost' })).text()).not.toContain('Half Made');
    } finally {
      for (const shard of worker.shards) await shard.prepare('DROP TRIGGER fail_nav').run();
    }
    expect((await send('POST', '/api/platform/sites', { title: 'Half Made', slug: 'half-made', starter: 'portfolio' }, owner)).status).toBe(201);
  });
});

describe('opening a site on its host', () => {
  it('hands the owner session over once, as the site admin, and refuses other owners', async () => {
    const owner = await newOwner('opener@example.test');
    const { site } = (await (await send('POST', '/api/platform/sites', { title: 'Open Me', starter: 'blank' }, owner)).json()) as Json;
    const second = ((await (await send('POST', '/api/platform/sites', { title: 'Second One', starter: 'blog' }, owner)).json()) as Json).site;
    const other = await newOwner('intruder@example.test');
    expect((await send('POST', `/api/platform/sites/${site.id}/handoff`, undefined, other)).status).toBe(404);
    const res = await send('POST', `/api/platform/sites/${site.id}/handoff`, undefined, owner);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as Json;
    expect(url).toMatch(/^http:\/\/open-me\.localhost\/config\/handoff\?token=/);
    const path = new URL(url).pathname + new URL(url).search;
    // Another site's host refuses the token without using it up.
    expect((await worker.fetch(path, { host: 'localhost' })).status).toBe(400);
    const opened = await worker.fetch(path, { host: 'open-me.localhost', redirect: 'manual' } as never);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toBe('/config/');
    const session = responseCookies(opened).get('SiteUserSession');
    expect(session).toBeTruthy();
    const area = await worker.fetch('/config/', { host: 'open-me.localhost', headers: { Cookie: `SiteUserSession=${session}` } });
    expect(area.status).toBe(200);
    const areaHtml = await area.text();
    expect(areaHtml).not.toContain('Sign in</h1>');
    // The site switcher lists the owner's other site, opened through the platform host.
    expect(areaHtml).toContain(`<a href="http://app.localhost/sites/${second.id}/open">Second One</a>`);
    expect(areaHtml).not.toContain(`/sites/${site.id}/open`);
    // The same site's owner API accepts the session; the demo site's does not.
    expect((await worker.fetch('/api/owner/products', { host: 'open-me.localhost', headers: { Cookie: `SiteUserSession=${session}` } })).status).toBe(200);
    expect((await worker.fetch('/api/owner/products', { host: 'localhost', headers: { Cookie: `SiteUserSession=${session}` } })).status).toBe(401);
    // Single use.
    expect((await worker.fetch(path, { host: 'open-me.localhost' })).status).toBe(400);
  });
});

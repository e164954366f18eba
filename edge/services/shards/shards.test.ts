import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, responseCookies, signIn, startWorker, testAddress, type RunningWorker } from '../../test-support.js';
import { moveSite, siteChecksums } from './move.js';
import { isFtsShadowTable, platformTableNames, siteTables } from './tables.js';
import { localDnsKey } from '../domains/txt-resolver.js';

/**
 * Shards (issue 34 part F, docs/platform.md "Shards") on the real worker with its two local
 * databases: sites created on both, the directory naming each site's shard, a move between
 * them under a stream of visitor reads (none may fail) with every row and file verified,
 * the read-only answers while a site moves, the abort path of a failed verify, a failed
 * directory write at creation leaving nothing, and the Cron jobs running on every shard.
 */
let worker: RunningWorker;
const PLATFORM = 'app.localhost';
const CRUMB = 'crumb-for-shard-tests-0123456';
const PASSWORD = 'shards-Pass-1';
type Json = Record<string, any>;
let owner: Record<string, string>;

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, host = PLATFORM) {
  return worker.fetch(path, {
    host,
    method,
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, 'CF-Connecting-IP': testAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newOwner(email: string): Promise<Record<string, string>> {
  expect((await send('POST', '/api/platform/owners', { email, password: PASSWORD })).status).toBe(202);
  const mail = await worker.db
    .prepare('SELECT text_body AS text FROM mail_outbox WHERE to_address = ? ORDER BY created_on DESC, rowid DESC LIMIT 1')
    .bind(email)
    .first<{ text: string }>();
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
  const verified = await send('POST', '/api/platform/owners/verify', { token });
  expect(verified.status).toBe(200);
  return { Cookie: `crumb=${CRUMB}; PlatformSession=${responseCookies(verified).get('PlatformSession')}` };
}

async function createSite(title: string, slug: string, starter = 'blank'): Promise<{ id: string; host: string }> {
  const res = await send('POST', '/api/platform/sites', { title, slug, starter }, owner);
  expect(res.status).toBe(201);
  return ((await res.json()) as Json).site;
}

const directory = (id: string) =>
  worker.db.prepare('SELECT shard, read_only AS readOnly FROM websites WHERE id = ?').bind(id).first<{ shard: number; readOnly: number }>();

/** Rows of the site on one shard, over every site table (the directory's rows left out on shard 0). */
async function siteRows(shard: number, websiteId: string): Promise<number> {
  const checks = await siteChecksums(worker.shards[shard]!, websiteId);
  return checks.filter((c) => shard !== 0 || (c.table !== 'websites' && c.table !== 'website_hosts')).reduce((n, c) => n + c.rows, 0);
}

beforeAll(async () => {
  // Every visitor read reaches D1 (no page cache), so the reads during a move really use the shards.
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off', PAGE_CACHE_SITE_TTL_MS: '0' } });
  owner = await newOwner('shards@example.test');
});
afterAll(async () => worker?.dispose());

describe('the table list of a move', () => {
  it('covers every table of the migrated database that has a website_id, and every other table but the platform\u2019s', async () => {
    const tables = (await worker.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'").all<{ name: string }>()).results.map((r) => r.name);
    const moved = new Set(siteTables().map((t) => t.name));
    const platform = platformTableNames();
    const withWebsiteId: string[] = [];
    for (const name of tables) {
      const columns = (await worker.db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>()).results.map((r) => r.name);
      if (columns.includes('website_id') && !platform.has(name)) withWebsiteId.push(name);
    }
    expect(withWebsiteId.length).toBeGreaterThan(40);
    expect(withWebsiteId.filter((name) => !moved.has(name))).toEqual([]);
    expect(tables.filter((name) => !moved.has(name) && !platform.has(name) && !isFtsShadowTable(name))).toEqual([]);
    expect(moved.has('search_index')).toBe(true);
    // Tables without website_id move through their parent rows (theme files of the site's theme versions).
    expect(siteTables().find((t) => t.name === 'theme_files')?.where).toContain('theme_versions');
    // Parents come before children.
    const order = siteTables().map((t) => t.name);
    expect(order.indexOf('websites')).toBeLessThan(order.indexOf('pages'));
    expect(order.indexOf('pages')).toBeLessThan(order.indexOf('page_revisions'));
  });
});

describe('sites on several shards', () => {
  it('creates sites on both local databases, each served from its shard, the directory naming it', async () => {
    const made = [await createSite('Shard One', 'shard-one'), await createSite('Shard Two', 'shard-two'), await createSite('Shard Three', 'shard-three')];
    const shards = await Promise.all(made.map(async (site) => (await directory(site.id))!.shard));
    expect(new Set(shards)).toEqual(new Set([0, 1]));
    for (const [i, site] of made.entries()) {
      const home = await worker.fetch('/', { host: site.host });
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(['Shard One', 'Shard Two', 'Shard Three'][i]);
      const other = 1 - shards[i]!;
      expect(await siteRows(shards[i]!, site.id)).toBeGreaterThan(0);
      expect(await siteRows(other, site.id)).toBe(0);
    }
  });

  it('leaves nothing on any shard when the directory write fails after the site\u2019s batch', async () => {
    // The next site goes to shard 1 (fewest sites); the owner row of the directory batch fails.
    const counts = (await worker.db.prepare("SELECT shard, COUNT(*) AS n FROM websites WHERE identifier <> 'platform' GROUP BY shard").all<{ shard: number; n: number }>()).results;
    const on = (s: number) => counts.find((c) => c.shard === s)?.n ?? 0;
    if (on(0) <= on(1)) await createSite('Filler', 'filler-site');
    await worker.db.prepare("CREATE TRIGGER fail_owner BEFORE INSERT ON site_owners BEGIN SELECT RAISE(ABORT, 'test failure'); END").run();
    try {
      const res = await send('POST', '/api/platform/sites', { title: 'Lost Entry', slug: 'lost-entry', starter: 'portfolio' }, owner);
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await worker.db.prepare('DROP TRIGGER fail_owner').run();
    }
    for (const shard of worker.shards) {
      expect((await shard.prepare("SELECT COUNT(*) AS n FROM websites WHERE identifier = 'lost-entry'").first<{ n: number }>())!.n).toBe(0);
      expect((await shard.prepare("SELECT COUNT(*) AS n FROM pages WHERE website_id NOT IN (SELECT id FROM websites)").first<{ n: number }>())!.n).toBe(0);
    }
    expect((await send('POST', '/api/platform/sites', { title: 'Lost Entry', slug: 'lost-entry', starter: 'portfolio' }, owner)).status).toBe(201);
  });

  it('runs the Cron jobs on every shard (a trial that ended on shard 1 expires)', async () => {
    const site = await createSite('Cron Shard', 'cron-shard');
    const { shard } = (await directory(site.id))!;
    await worker.shards[shard]!.prepare('UPDATE websites SET trial_ends_on = ?1 WHERE id = ?2').bind(Date.now() - 1000, site.id).run();
    const other = await createSite('Cron Other', 'cron-other');
    const otherShard = (await directory(other.id))!.shard;
    await worker.shards[otherShard]!.prepare('UPDATE websites SET trial_ends_on = ?1 WHERE id = ?2').bind(Date.now() - 1000, other.id).run();
    expect(new Set([shard, otherShard])).toEqual(new Set([0, 1]));
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    for (const [id, s] of [[site.id, shard], [other.id, otherShard]] as const) {
      expect((await worker.shards[s]!.prepare('SELECT subscription_state AS state FROM websites WHERE id = ?').bind(id).first<{ state: number }>())!.state).toBe(1);
      expect((await worker.fetch('/', { host: `${id === site.id ? 'cron-shard' : 'cron-other'}.localhost` })).status).toBe(503);
    }
  });
});

describe('moving a site between shards', () => {
  // Site creation is budgeted per owner (ten a minute): this block's sites are another owner's.
  beforeAll(async () => {
    owner = await newOwner('mover@example.test');
  });

  it('moves a store site under a stream of visitor reads: none fails, every row and file verified', async () => {
    const site = await createSite('Moving Store', 'moving-store', 'store');
    const from = (await directory(site.id))!.shard;
    const to = 1 - from;
    const before = await siteChecksums(worker.shards[from]!, site.id);
    const paths = ['/', '/shop', '/about', '/journal'];
    const statuses = new Map<string, number>();
    for (const path of paths) statuses.set(path, (await worker.fetch(path, { host: site.host })).status);
    let moving = true;
    let reads = 0;
    const failures: string[] = [];
    const reader = async (offset: number) => {
      for (let i = offset; moving; i++) {
        const path = paths[i % paths.length]!;
        const res = await worker.fetch(path, { host: site.host });
        await res.arrayBuffer();
        reads++;
        if (res.status !== statuses.get(path)) failures.push(`${path} ${res.status}`);
      }
    };
    const readers = [reader(0), reader(1), reader(2)];
    const lines: string[] = [];
    const result = await moveSite(worker.shards, worker.files, 'moving-store', to, { graceMs: 50, log: (line) => lines.push(line) }).finally(() => {
      moving = false;
    });
    await Promise.all(readers);
    expect(result).toMatchObject({ ok: true, websiteId: site.id, from, to });
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    // The directory names the new shard, writable; every table's rows and checksums equal the old ones.
    expect(await directory(site.id)).toEqual({ shard: to, readOnly: 0 });
    expect((await worker.db.prepare('SELECT moving_to AS m FROM websites WHERE id = ?').bind(site.id).first<{ m: number | null }>())!.m).toBeNull();
    expect(await siteChecksums(worker.shards[to]!, site.id)).toEqual(before);
    expect(result.ok && result.tables).toEqual(before);
    expect(before.find((c) => c.table === 'products')!.rows).toBeGreaterThan(0);
    expect(before.find((c) => c.table === 'theme_files')!.rows).toBeGreaterThan(0);
    // The old rows are gone (on shard 0 the directory's own rows stay).
    expect(await siteRows(from, site.id)).toBe(0);
    // The files: shared by the shards, every asset's object still there.
    expect(result.ok && result.files).toBe(before.find((c) => c.table === 'assets')!.rows);
    const keys = (await worker.shards[to]!.prepare('SELECT r2_key AS key FROM assets WHERE website_id = ?').bind(site.id).all<{ key: string }>()).results;
    for (const { key } of keys) expect(await worker.files.head(key)).not.toBeNull();
    expect((await worker.fetch('/shop', { host: site.host })).status).toBe(200);
    expect(before.find((c) => c.table === 'search_index')!.rows).toBeGreaterThan(0);
    // And back again.
    expect(await moveSite(worker.shards, worker.files, site.id, from, { graceMs: 0 })).toMatchObject({ ok: true, from: to, to: from });
    expect(await siteChecksums(worker.shards[from]!, site.id)).toEqual(before);
    expect(await siteRows(to, site.id)).toBe(0);
  }, 180_000);

  it('refuses what a move cannot do', async () => {
    const site = await createSite('Stay Put', 'stay-put');
    const { shard } = (await directory(site.id))!;
    expect(await moveSite(worker.shards, worker.files, 'no-such-site', 1)).toMatchObject({ ok: false, reason: 'not_found' });
    expect(await moveSite(worker.shards, worker.files, site.id, shard)).toMatchObject({ ok: false, reason: 'same_shard' });
    expect(await moveSite(worker.shards, worker.files, site.id, 7)).toMatchObject({ ok: false, reason: 'no_such_shard' });
    const demo = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    expect(await moveSite(worker.shards, worker.files, demo, 1)).toMatchObject({ ok: false, reason: 'default_site' });
    await worker.db.prepare('UPDATE websites SET read_only = 1 WHERE id = ?').bind(site.id).run();
    expect(await moveSite(worker.shards, worker.files, site.id, 1 - shard)).toMatchObject({ ok: false, reason: 'already_moving' });
    await worker.db.prepare('UPDATE websites SET read_only = 0 WHERE id = ?').bind(site.id).run();
  });

  it('aborts on a checksum mismatch: the partial copy deleted, the site where it was and writable', async () => {
    const site = await createSite('Abort Me', 'abort-me', 'portfolio');
    const from = (await directory(site.id))!.shard;
    const to = 1 - from;
    const before = await siteChecksums(worker.shards[from]!, site.id);
    let readOnlyDuringCopy: number | undefined;
    const result = await moveSite(worker.shards, worker.files, site.id, to, {
      graceMs: 0,
      afterCopy: async () => {
        readOnlyDuringCopy = (await directory(site.id))!.readOnly;
        // While read-only, an owner or shopper write answers 503 on the site's host.
        const write = await send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1 }, {}, site.host);
        expect(write.status).toBe(503);
        await worker.shards[to]!.prepare("UPDATE pages SET title = 'tampered' WHERE website_id = ?").bind(site.id).run();
      },
    });
    expect(readOnlyDuringCopy).toBe(1);
    expect(result).toMatchObject({ ok: false, reason: 'verify_failed' });
    expect(!result.ok && result.message).toMatch(/^table pages: /);
    expect(await directory(site.id)).toEqual({ shard: from, readOnly: 0 });
    expect(await siteRows(to, site.id)).toBe(0);
    expect(await siteChecksums(worker.shards[from]!, site.id)).toEqual(before);
    // Served and writable where it was: a shopper write is no longer refused as read-only.
    expect((await worker.fetch('/', { host: site.host })).status).toBe(200);
    const write = await send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1 }, {}, site.host);
    expect(write.status).not.toBe(503);
  });
});

describe('Cron jobs during a move', () => {
  beforeAll(async () => {
    owner = await newOwner('cron-move@example.test');
  });

  it('wait on the two shards of a site being moved, and run again once it is over', async () => {
    const site = await createSite('Waits For Move', 'waits-for-move');
    const { shard } = (await directory(site.id))!;
    await worker.shards[shard]!.prepare('UPDATE websites SET trial_ends_on = ?1 WHERE id = ?2').bind(Date.now() - 1000, site.id).run();
    const state = async () => (await worker.shards[shard]!.prepare('SELECT subscription_state AS s FROM websites WHERE id = ?').bind(site.id).first<{ s: number }>())!.s;
    await worker.db.prepare('UPDATE websites SET moving_to = ?1 WHERE id = ?2').bind(1 - shard, site.id).run();
    try {
      expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
      expect(await state()).toBe(3);
      expect(worker.logs.some((l) => l.message === `shard ${shard}: Cron jobs wait while a site moves between shards`)).toBe(true);
    } finally {
      await worker.db.prepare('UPDATE websites SET moving_to = NULL WHERE id = ?1').bind(site.id).run();
    }
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect(await state()).toBe(1);
  });
});

describe('the subscription of a site on shard 1 (one source of truth: its home row)', () => {
  beforeAll(async () => {
    owner = await newOwner('trial-home@example.test');
  });

  it('expires its trial through the Cron exactly once, leaves the directory copy alone, and a renewal brings it back', async () => {
    let site = await createSite('Trial Home', 'trial-home');
    if ((await directory(site.id))!.shard !== 1) site = await createSite('Trial Home Two', 'trial-home-two');
    expect((await directory(site.id))!.shard).toBe(1);
    const columns = 'SELECT subscription_state AS state, plan, trial_ends_on AS trialEndsOn FROM websites WHERE id = ?';
    const home = () => worker.shards[1]!.prepare(columns).bind(site.id).first<{ state: number; plan: string; trialEndsOn: number | null }>();
    const copy = () => worker.db.prepare(columns).bind(site.id).first<{ state: number; plan: string; trialEndsOn: number | null }>();
    // The trial ended: on the site's shard and, as the old code read it, in the directory copy too.
    const ended = Date.now() - 1000;
    await worker.shards[1]!.prepare('UPDATE websites SET trial_ends_on = ?1 WHERE id = ?2').bind(ended, site.id).run();
    await worker.db.prepare('UPDATE websites SET trial_ends_on = ?1 WHERE id = ?2').bind(ended, site.id).run();
    const copyBefore = await copy();
    const expiryLines = () => worker.logs.filter((l) => /^trial expiry( \(shard \d\))?: expired/.test(l.message)).map((l) => l.message);
    const linesBefore = expiryLines().length;

    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    // Once, by shard 1's own run; shard 0's run does not touch the directory's copy of a site living elsewhere.
    expect(expiryLines().slice(linesBefore)).toEqual(['trial expiry (shard 1): expired 1 sites']);
    expect((await home())!.state).toBe(1);
    expect(await copy()).toEqual(copyBefore);
    expect((await worker.fetch('/', { host: site.host })).status).toBe(503);

    // The copy is unused: whatever it says, the site answers by its home row.
    await worker.db.prepare("UPDATE websites SET subscription_state = 8, plan = 'commerce', trial_ends_on = NULL WHERE id = ?").bind(site.id).run();
    expect((await worker.fetch('/', { host: site.host })).status).toBe(503);
    const session = await openSite(site);
    const billing = await send('GET', '/api/owner/billing', undefined, session, site.host);
    expect(((await billing.json()) as Json)).toMatchObject({ state: 1, expired: true });

    // Renewal writes the home row: the site is back at once.
    await worker.db.prepare('UPDATE websites SET subscription_state = 1, plan = ?2 WHERE id = ?1').bind(site.id, 'personal').run();
    const renewed = await send('POST', '/api/owner/billing/subscribe', { plan: 'business', card: '4242 4242 4242 4242' }, session, site.host);
    expect(renewed.status).toBe(200);
    expect(await home()).toMatchObject({ state: 8, plan: 'business', trialEndsOn: null });
    expect((await worker.fetch('/', { host: site.host })).status).toBe(200);
    expect(((await (await send('GET', '/api/owner/billing', undefined, session, site.host)).json()) as Json)).toMatchObject({ state: 8, plan: 'business' });
    // The directory copy still says what it was set to: nothing reads or writes it.
    expect(await copy()).toMatchObject({ state: 1, plan: 'personal' });
  });
});

describe('custom domains of a site on shard 1', () => {
  beforeAll(async () => {
    owner = await newOwner('domains@example.test');
  });

  it('reach the directory: a verified domain selects the site, a removed one no longer does', async () => {
    let site = await createSite('Domain Shard', 'domain-shard');
    if ((await directory(site.id))!.shard !== 1) site = await createSite('Domain Shard Two', 'domain-shard-two');
    expect((await directory(site.id))!.shard).toBe(1);
    const handoff = await send('POST', `/api/platform/sites/${site.id}/handoff`, undefined, owner);
    const url = new URL(((await handoff.json()) as Json).url);
    const opened = await worker.fetch(url.pathname + url.search, { host: site.host, redirect: 'manual' } as never);
    expect(opened.status).toBe(303);
    const session = { Cookie: `crumb=${CRUMB}; SiteUserSession=${responseCookies(opened).get('SiteUserSession')}` };
    const domain = 'shop.shard-one.example.com';
    const attached = await send('POST', '/api/owner/domains', { host: domain }, session, site.host);
    expect(attached.status).toBe(201);
    const { txt } = ((await attached.json()) as Json).domain;
    await worker.files.put(localDnsKey(txt.name), new TextEncoder().encode(`${txt.value}\n`).buffer as never);
    expect((await send('POST', `/api/owner/domains/${domain}/verify`, undefined, session, site.host)).status).toBe(200);
    const page = await worker.fetch('/', { host: domain });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(site.host === 'domain-shard.localhost' ? 'Domain Shard' : 'Domain Shard Two');
    // Again, now from the shard alone: the hot path finds the domain in the shard's
    // website_hosts (shown by taking the directory's host row away for the request).
    expect((await worker.db.prepare('DELETE FROM website_hosts WHERE host = ?').bind(domain).run()).meta.changes).toBe(1);
    expect((await worker.db.prepare('SELECT count(*) AS n FROM websites WHERE primary_host = ?').bind(domain).first<{ n: number }>())!.n).toBe(0);
    const again = await worker.fetch('/', { host: domain });
    await worker.db.prepare('INSERT INTO website_hosts (host, website_id) VALUES (?1, ?2)').bind(domain, site.id).run();
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(site.host === 'domain-shard.localhost' ? 'Domain Shard' : 'Domain Shard Two');
    expect((await send('DELETE', `/api/owner/domains/${domain}`, undefined, session, site.host)).status).toBeLessThan(300);
    expect((await worker.fetch('/', { host: domain })).status).toBe(404);
  });
});

/** An owner session on the site's own host, through the platform's hand-over. */
async function openSite(site: { id: string; host: string }): Promise<Record<string, string>> {
  const handoff = await send('POST', `/api/platform/sites/${site.id}/handoff`, undefined, owner);
  const url = new URL(((await handoff.json()) as Json).url);
  const opened = await worker.fetch(url.pathname + url.search, { host: site.host, redirect: 'manual' } as never);
  expect(opened.status).toBe(303);
  return { Cookie: `crumb=${CRUMB}; SiteUserSession=${responseCookies(opened).get('SiteUserSession')}` };
}

/** Two new sites of the current owner, one on each shard: [shard 0's, shard 1's]. */
async function sitePair(slug: string): Promise<{ id: string; host: string }[]> {
  const made: Record<number, { id: string; host: string }> = {};
  for (let i = 0; i < 4 && !(made[0] && made[1]); i++) {
    const site = await createSite(`Pair ${slug} ${i}`, `${slug}-${i}`);
    made[(await directory(site.id))!.shard] ??= site;
  }
  return [made[0]!, made[1]!];
}

describe('a custom domain claimed across shards', () => {
  beforeAll(async () => {
    owner = await newOwner('domain-race@example.test');
  });

  it('goes to exactly one of two sites on different shards racing for it; the other answers 409, and the name is free again once removed', async () => {
    const [zero, one] = await sitePair('race');
    const sessions = [await openSite(zero!), await openSite(one!)];
    for (const [round, host] of ['race.example.com', 'race-two.example.com', 'race-three.example.com'].entries()) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const sites = [zero!, one!];
      const answers = await Promise.all(order.map((i) => send('POST', '/api/owner/domains', { host }, sessions[i], sites[i]!.host)));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(((await loser.json()) as Json).error).toBe('domain_taken');
      const rows = await Promise.all(worker.shards.map((db) => db.prepare('SELECT website_id AS id FROM website_domains WHERE host = ?').bind(host).all<{ id: string }>()));
      const winner = order[answers.findIndex((r) => r.status === 201)]!;
      // The directory names the winner; shard 1 has the domain only if the winner lives there.
      expect(rows[0]!.results).toEqual([{ id: sites[winner]!.id }]);
      expect(rows[1]!.results).toEqual(winner === 1 ? [{ id: one!.id }] : []);
    }
    // Sequentially: a host taken by the shard-0 site is refused to the shard-1 site and the other way round.
    expect((await send('POST', '/api/owner/domains', { host: 'zero-first.example.com' }, sessions[0], zero!.host)).status).toBe(201);
    expect((await send('POST', '/api/owner/domains', { host: 'zero-first.example.com' }, sessions[1], one!.host)).status).toBe(409);
    expect((await send('POST', '/api/owner/domains', { host: 'one-first.example.com' }, sessions[1], one!.host)).status).toBe(201);
    expect((await send('POST', '/api/owner/domains', { host: 'one-first.example.com' }, sessions[0], zero!.host)).status).toBe(409);
    // Removing the shard-1 site's domain frees the name in the directory too.
    expect((await send('DELETE', '/api/owner/domains/one-first.example.com', undefined, sessions[1], one!.host)).status).toBe(200);
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM website_domains WHERE host = ?').bind('one-first.example.com').first<{ n: number }>())!.n).toBe(0);
    expect((await send('POST', '/api/owner/domains', { host: 'one-first.example.com' }, sessions[0], zero!.host)).status).toBe(201);
  });

  it('takes the directory\u2019s claim back when the site\u2019s shard refuses the domain', async () => {
    const [, one] = await sitePair('undo');
    const session = await openSite(one!);
    await worker.shards[1]!.prepare("CREATE TRIGGER fail_domain BEFORE INSERT ON website_domains BEGIN SELECT RAISE(ABORT, 'test failure'); END").run();
    try {
      expect((await send('POST', '/api/owner/domains', { host: 'undone.example.com' }, session, one!.host)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await worker.shards[1]!.prepare('DROP TRIGGER fail_domain').run();
    }
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM website_domains WHERE host = ?').bind('undone.example.com').first<{ n: number }>())!.n).toBe(0);
    expect((await send('POST', '/api/owner/domains', { host: 'undone.example.com' }, session, one!.host)).status).toBe(201);
  });
});

describe('the platform\u2019s site list', () => {
  it('shows a shard-1 site\u2019s title and primary host as its shard has them (its directory row is not refreshed), sorted by them', async () => {
    owner = await newOwner('renamer@example.test');
    const [zero, one] = await sitePair('renamed');
    await worker.shards[1]!.prepare("UPDATE websites SET title = 'Aardvark Renamed', primary_host = 'aardvark.example.com' WHERE id = ?").bind(one!.id).run();
    expect((await worker.db.prepare('SELECT title FROM websites WHERE id = ?').bind(one!.id).first<{ title: string }>())!.title).not.toBe('Aardvark Renamed');
    const list = ((await (await send('GET', '/api/platform/sites', undefined, owner)).json()) as Json).sites as Json[];
    const ours = list.filter((s) => s.id === zero!.id || s.id === one!.id);
    expect(ours.map((s) => [s.id, s.title])).toEqual([
      [one!.id, 'Aardvark Renamed'],
      [zero!.id, expect.stringMatching(/^Pair renamed/)],
    ]);
    expect(JSON.stringify(ours[0])).toContain('aardvark.example.com');
    const page = await (await send('GET', '/', undefined, owner)).text();
    expect(page).toContain('Aardvark Renamed');
  });
});

describe('a site marked read-only (while it moves)', () => {
  it('serves visitors, answers owner and shopper writes 503 site_read_only, and takes writes again once cleared', async () => {
    const { email, password } = await demoOwner();
    const signedIn = await signIn(worker, email, password);
    const ownerWrite = () =>
      worker.fetch('/api/owner/views', {
        method: 'POST',
        headers: { ...signedIn.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ screen: 'orders', name: 'While moving', state: { columns: [] } }),
      });
    const shopperWrite = () => send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1 }, {}, 'localhost');
    await worker.db.prepare('UPDATE websites SET read_only = 1 WHERE is_default = 1').run();
    try {
      expect((await worker.fetch('/')).status).toBe(200);
      expect((await worker.fetch('/shop')).status).toBe(200);
      for (const res of [await ownerWrite(), await shopperWrite()]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(await res.json()).toEqual({
          error: 'site_read_only',
          message: 'This site is being moved and is read-only for a moment. Nothing was saved: try again in a minute.',
        });
      }
      // A form post outside the APIs gets the same refusal as a page.
      const page = await worker.fetch('/config/handoff?token=x');
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('read-only for a moment');
    } finally {
      await worker.db.prepare('UPDATE websites SET read_only = 0 WHERE is_default = 1').run();
    }
    expect((await ownerWrite()).status).not.toBe(503);
    expect((await shopperWrite()).status).not.toBe(503);
  });
});

describe('a site on shard 1 deleted, restored and purged (issue 34 part G across shards)', () => {
  beforeAll(async () => {
    owner = await newOwner('lifecycle@example.test');
  });

  it('shows under Deleted sites, comes back from the platform, and is purged from both databases 31 days on', async () => {
    let site = await createSite('Gone Shard', 'gone-shard', 'store');
    if ((await directory(site.id))!.shard !== 1) site = await createSite('Gone Shard Two', 'gone-shard-two', 'store');
    expect((await directory(site.id))!.shard).toBe(1);
    const handoff = await send('POST', `/api/platform/sites/${site.id}/handoff`, undefined, owner);
    const url = new URL(((await handoff.json()) as Json).url);
    const opened = await worker.fetch(url.pathname + url.search, { host: site.host, redirect: 'manual' } as never);
    const session = { Cookie: `crumb=${CRUMB}; SiteUserSession=${responseCookies(opened).get('SiteUserSession')}` };
    const title = site.host === 'gone-shard.localhost' ? 'Gone Shard' : 'Gone Shard Two';
    const listed = async () => (((await (await send('GET', '/api/platform/sites', undefined, owner)).json()) as Json).sites as Json[]).find((s) => s.id === site.id)!;

    const deleted = await send('POST', '/api/owner/site/delete', { confirm: title }, session, site.host);
    expect(deleted.status).toBe(200);
    const { deletedOn } = (await deleted.json()) as Json;
    expect((await worker.fetch('/', { host: site.host })).status).toBe(410);
    expect((await listed()).deletedOn).toBe(deletedOn);

    expect((await send('POST', `/api/platform/sites/${site.id}/restore`, undefined, owner)).status).toBe(200);
    expect((await worker.fetch('/', { host: site.host })).status).toBe(200);
    expect((await listed()).deletedOn).toBeNull();

    const again = (await (await send('POST', '/api/owner/site/delete', { confirm: title }, session, site.host)).json()) as Json;
    const rowsBefore = await siteRows(1, site.id);
    expect(rowsBefore).toBeGreaterThan(0);
    expect((await worker.scheduled('17 3 * * *', again.deletedOn + 31 * 86_400_000)).outcome).toBe('ok');
    expect(await siteRows(1, site.id)).toBe(0);
    expect(await directory(site.id)).toBeNull();
    expect(await worker.db.prepare('SELECT count(*) AS n FROM site_owners WHERE website_id = ?').bind(site.id).first<{ n: number }>()).toEqual({ n: 0 });
    // Nothing of the site is left to serve: its host is now an unknown loopback name, which local
    // runs give the default site.
    const gone = await (await worker.fetch('/', { host: site.host })).text();
    expect(gone).toContain('<title>Fern &amp; Kiln</title>');
    expect(gone).not.toContain(title);
  });
});

describe("the request's site on shard 1: one read on the hot path", () => {
  beforeAll(async () => {
    owner = await newOwner('hot-path@example.test');
  });

  it('reads only the shard for a host it has seen there, and still sees at once a title change, a deletion and read-only during a move', async () => {
    const [, site] = await sitePair('hot-path');
    const title = async () => /<title>([^<]*)<\/title>/.exec(await (await worker.fetch('/', { host: site!.host })).text())?.[1] ?? '';
    const shardRow = (sql: string, ...params: unknown[]) => worker.shards[1]!.prepare(sql).bind(...params, site!.id).run();
    expect(await title()).toContain('Pair hot-path');

    // The directory is not asked again: with its entry pointed elsewhere the host still serves
    // the site from its shard (asked, a *.localhost host it no longer names would be the demo's).
    const { host } = (await worker.db.prepare('SELECT primary_host AS host FROM websites WHERE id = ?').bind(site!.id).first<{ host: string }>())!;
    await worker.db.prepare("UPDATE websites SET primary_host = 'elsewhere.hot-path.test' WHERE id = ?").bind(site!.id).run();
    try {
      expect(await title()).toContain('Pair hot-path');
    } finally {
      await worker.db.prepare('UPDATE websites SET primary_host = ?1 WHERE id = ?2').bind(host, site!.id).run();
    }

    // A change of the row (a new title with its content version bump) shows on the next request.
    await shardRow("UPDATE websites SET title = 'Renamed Hot Path', content_version = content_version + 1 WHERE id = ?");
    expect(await title()).toContain('Renamed Hot Path');
    await shardRow('UPDATE websites SET deleted_on = ?1, content_version = content_version + 1 WHERE id = ?2', Date.now());
    expect((await worker.fetch('/', { host: site!.host })).status).toBe(410);
    await shardRow('UPDATE websites SET deleted_on = NULL, content_version = content_version + 1 WHERE id = ?');
    expect((await worker.fetch('/', { host: site!.host })).status).toBe(200);

    // Moved to shard 0: read-only from the first step on (the shard's row is marked too), and
    // served from shard 0 after the switch, writable.
    const cartWrite = () => send('POST', '/api/commerce/shopping-cart/entries', { itemId: 'x', quantity: 1 }, {}, site!.host);
    expect((await cartWrite()).status).not.toBe(503);
    let during: number[] = [];
    const result = await moveSite(worker.shards, worker.files, site!.id, 0, {
      graceMs: 0,
      afterCopy: async () => {
        during = [(await cartWrite()).status, (await worker.fetch('/', { host: site!.host })).status];
      },
    });
    expect(result).toMatchObject({ ok: true, from: 1, to: 0 });
    expect(during).toEqual([503, 200]);
    expect(await title()).toContain('Renamed Hot Path');
    expect((await cartWrite()).status).not.toBe(503);
    expect(await siteRows(1, site!.id)).toBe(0);
  }, 120_000);
});

describe('the verify reads', () => {
  it('reads one side of a move in ONE D1 batch: a SELECT per table, no query of its own per table', async () => {
    const calls = { batches: 0, statementsInBatches: 0, single: 0 };
    const statement = { bind: () => statement, all: async () => (calls.single++, { results: [] }), first: async () => (calls.single++, null), run: async () => (calls.single++, {}) };
    const d1 = {
      prepare: () => statement,
      batch: async (statements: unknown[]) => {
        calls.batches++;
        calls.statementsInBatches += statements.length;
        return statements.map(() => ({ results: [] }));
      },
    };
    const checks = await siteChecksums(d1 as never, 'site-id');
    expect(checks.length).toBe(siteTables().length);
    expect(calls).toEqual({ batches: 1, statementsInBatches: siteTables().length, single: 0 });
    expect(checks.every((c) => c.rows === 0)).toBe(true);
  });
});

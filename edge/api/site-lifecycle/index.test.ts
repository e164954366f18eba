import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { DAILY_CRON, MAIL_CRON } from '../../scheduled.js';
import { schemaTableNames, sitePurgePlan } from '../../services/site-lifecycle/site-tables.js';
import { createSiteUser, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { addOwnerRows, HOST_A, seedSiteB, signInOn, siteA, siteChecksum, type Site } from '../../../tests/security/isolation-sites.js';

/**
 * Issue 34 part G over HTTP: export a site (zip checked entry by entry), delete it (offline
 * at once), restore it (same rows), and the daily Cron job's purge 30 days on.
 */
let worker: RunningWorker;
let a: Site;
let b: Site;
let ownerA: SignedIn;
let ownerB: SignedIn;
let editorA: SignedIn;

beforeAll(async () => {
  worker = await startWorker({ bindings: { PAGE_CACHE: 'off' } });
  a = await siteA(worker);
  b = await seedSiteB(worker);
  // Orders, a gift card, a subscription, members ... on both sites, so the export and the purge meet them.
  await addOwnerRows(worker, a);
  await addOwnerRows(worker, b);
  ownerA = await signInOn(worker, HOST_A);
  ownerB = await signInOn(worker, b.host);
  await createSiteUser(worker, { email: 'editor@lifecycle.test', password: 'lifecycle-Password-1', roles: [4] });
  editorA = await signIn(worker, 'editor@lifecycle.test', 'lifecycle-Password-1');
}, 120_000);
afterAll(() => worker?.dispose());

async function call(who: SignedIn | undefined, host: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = who ? { ...who.headers } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await worker.fetch(path, { host, method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function csvRecords(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\n') row.push(cell.replace(/\r$/, '')), rows.push(row), (row = []), (cell = '');
    else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const count = async (sql: string, ...params: unknown[]) => (await worker.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;

describe('site export', () => {
  it('exports the demo site as a zip: counts of products, orders, customers, pages and the files bytes as in R2', async () => {
    const queued = await call(ownerA, HOST_A, 'POST', '/api/owner/site/exports', {});
    expect(queued.status).toBe(202);
    expect(queued.json.export).toMatchObject({ state: 'queued' });
    const id = queued.json.export.id as string;
    await expect.poll(async () => (await call(ownerA, HOST_A, 'GET', '/api/owner/site/exports')).json.exports.find((e: { id: string }) => e.id === id)?.state, { timeout: 60_000 }).toBe('ready');

    const download = await worker.fetch(`/api/owner/site/exports/${id}/download`, { host: HOST_A, headers: ownerA.headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));

    const manifest = JSON.parse(strFromU8(zip['manifest.json']!));
    const products = await count('SELECT count(*) AS n FROM products WHERE website_id = ?1', a.id);
    const orders = await count('SELECT count(*) AS n FROM orders WHERE website_id = ?1', a.id);
    const pages = await count('SELECT count(*) AS n FROM pages WHERE website_id = ?1', a.id);
    expect(products).toBeGreaterThan(3);
    expect(pages).toBeGreaterThan(1);
    expect(orders).toBeGreaterThan(0);
    expect(manifest.counts.customers).toBeGreaterThan(0);
    expect(manifest.counts).toMatchObject({ products, orders, pages });

    const productRows = csvRecords(strFromU8(zip['products.csv']!).replace(/^\uFEFF/, ''));
    expect(new Set(productRows.slice(1).map((r) => r[0])).size).toBe(products);
    expect(csvRecords(strFromU8(zip['orders.csv']!).replace(/^\uFEFF/, '')).length - 1).toBe(orders);
    expect(csvRecords(strFromU8(zip['customers.csv']!).replace(/^\uFEFF/, '')).length - 1).toBe(manifest.counts.customers);
    expect(JSON.parse(strFromU8(zip['content/pages.json']!))).toHaveLength(pages);
    for (const name of ['content/site.json', 'content/blog-posts.json', 'content/navigation.json', 'content/forms.json', 'content/theme-files.json', 'form-submissions.csv']) {
      expect(zip[name], name).toBeDefined();
    }
    expect(JSON.parse(strFromU8(zip['content/theme-files.json']!)).length).toBeGreaterThan(0);

    // Every file of the site is in files/<its R2 key>, byte for byte.
    const assets = (await worker.db.prepare('SELECT r2_key AS k FROM assets WHERE website_id = ?1 ORDER BY id').bind(a.id).all<{ k: string }>()).results;
    expect(assets.length).toBeGreaterThan(0);
    expect(Object.keys(zip).filter((n) => n.startsWith('files/'))).toHaveLength(assets.length);
    const key = assets[0]!.k;
    const stored = new Uint8Array(await (await worker.files.get(key))!.arrayBuffer());
    expect(Buffer.from(zip[`files/${key}`]!).equals(Buffer.from(stored))).toBe(true);

    // Another site's owner: its own host has no such export, and A's host refuses them.
    expect((await call(ownerB, b.host, 'GET', `/api/owner/site/exports/${id}/download`)).status).toBe(404);
    expect([401, 403]).toContain((await call(ownerB, HOST_A, 'GET', `/api/owner/site/exports/${id}/download`)).status);
    expect((await call(ownerB, b.host, 'GET', '/api/owner/site/exports')).json.exports).toEqual([]);
    // The zip is not public: no signed-in owner, no zip.
    expect((await call(undefined, HOST_A, 'GET', `/api/owner/site/exports/${id}/download`)).status).toBe(401);
  }, 120_000);

  it('the minute Cron job builds an export whose run died, and removes it with its zip after 7 days', async () => {
    const createdOn = Date.now() - 10 * 60_000;
    const key = `exports/${a.id}/died.zip`;
    await worker.db
      .prepare(`INSERT INTO site_exports (id, website_id, state, r2_key, requested_by, attempts, created_on, expires_on) VALUES ('died', ?1, 'queued', ?2, 'owner', 1, ?3, ?4)`)
      .bind(a.id, key, createdOn, createdOn + 7 * 86_400_000)
      .run();
    // One attempt so far: due again 2 × 5 minutes after it was asked for, not a minute earlier.
    await worker.scheduled(MAIL_CRON, createdOn + 9 * 60_000);
    expect((await worker.db.prepare(`SELECT state FROM site_exports WHERE id = 'died'`).first<{ state: string }>())!.state).toBe('queued');
    await worker.scheduled(MAIL_CRON, createdOn + 10 * 60_000);
    const row = await worker.db.prepare(`SELECT state, attempts, byte_size AS size FROM site_exports WHERE id = 'died'`).first<{ state: string; attempts: number; size: number }>();
    expect(row).toMatchObject({ state: 'ready', attempts: 2 });
    expect((await worker.files.head(key))!.size).toBe(row!.size);
    expect((await call(ownerA, HOST_A, 'GET', '/api/owner/site/exports/died/download')).status).toBe(200);

    await worker.scheduled(MAIL_CRON, createdOn + 7 * 86_400_000);
    expect(await count(`SELECT count(*) AS n FROM site_exports WHERE id = 'died'`)).toBe(0);
    expect(await worker.files.head(key)).toBeNull();
  }, 120_000);

  it('queues one export of ten simultaneous requests (the rest 409 naming it), and past the daily budget answers 429 with Retry-After', async () => {
    const exportsOfB = () => count('SELECT count(*) AS n FROM site_exports WHERE website_id = ?1', b.id);
    const before = await exportsOfB();
    // The queued export's build is held (its claim refused by a trigger), so a fast build cannot
    // end it while the ten are still arriving: only the INSERT's own condition decides.
    await worker.db.prepare(`CREATE TRIGGER hold_export BEFORE UPDATE OF attempts ON site_exports WHEN NEW.website_id = '${b.id}' BEGIN SELECT RAISE(ABORT, 'held'); END`).run();
    let answers: Awaited<ReturnType<typeof call>>[];
    try {
      answers = await Promise.all(Array.from({ length: 10 }, () => call(ownerB, b.host, 'POST', '/api/owner/site/exports', {})));
    } finally {
      await worker.db.prepare('DROP TRIGGER hold_export').run();
    }
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([202, ...Array(9).fill(409)]);
    const queued = answers.find((r) => r.status === 202)!.json.export;
    const asked = new Date(queued.createdOn).toISOString().slice(0, 16).replace('T', ' ');
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(refused.json).toMatchObject({
        error: 'export_in_progress',
        message: `An export of this site is already in progress (asked for at ${asked} UTC). It will be listed here when it is ready; start another after that.`,
        running: { id: queued.id, state: 'queued' },
      });
    }
    expect(await exportsOfB()).toBe(before + 1);
    // Still in progress for a later request; the minute Cron job builds it (its first run "died").
    expect((await call(ownerB, b.host, 'POST', '/api/owner/site/exports', {})).status).toBe(409);
    await worker.scheduled(MAIL_CRON, queued.createdOn + 5 * 60_000);
    expect((await call(ownerB, b.host, 'GET', '/api/owner/site/exports')).json.exports.find((e: { id: string }) => e.id === queued.id)?.state).toBe('ready');

    // Four more today make five: the sixth is refused until the oldest leaves the 24 hours.
    const now = Date.now();
    for (let i = 1; i <= 4; i++) {
      await worker.db
        .prepare(`INSERT INTO site_exports (id, website_id, state, r2_key, requested_by, created_on, finished_on, expires_on) VALUES (?1, ?2, 'ready', ?3, 'owner', ?4, ?4, ?5)`)
        .bind(`budget-${i}`, b.id, `exports/${b.id}/budget-${i}.zip`, now - i * 3_600_000, now + 86_400_000)
        .run();
    }
    const refused = await call(ownerB, b.host, 'POST', '/api/owner/site/exports', {});
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: 'rate_limited', message: 'A site can be exported at most 5 times a day. Please try again later.' });
    // The oldest of the five (4 hours ago) leaves the window in 20 hours.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(19.9 * 3600);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(20 * 3600);
    expect(await exportsOfB()).toBe(before + 5);
    await worker.db.prepare(`UPDATE site_exports SET created_on = ?2 WHERE id = 'budget-4' AND website_id = ?1`).bind(b.id, now - 25 * 3_600_000).run();
    const again = await call(ownerB, b.host, 'POST', '/api/owner/site/exports', {});
    expect(again.status).toBe(202);
    await expect.poll(async () => (await call(ownerB, b.host, 'GET', '/api/owner/site/exports')).json.exports.find((e: { id: string }) => e.id === again.json.export.id)?.state, { timeout: 60_000 }).toBe('ready');
  }, 180_000);

  it('is for the site owner only (an editor gets 403)', async () => {
    expect((await call(editorA, 'localhost', 'POST', '/api/owner/site/exports', {})).status).toBe(403);
    expect((await call(editorA, 'localhost', 'POST', '/api/owner/site/delete', { confirm: 'Fern & Kiln' })).status).toBe(403);
  });
});

describe('delete and restore', () => {
  it('takes the site offline at once with the typed name, and restore brings back the same rows', async () => {
    const before = await siteChecksum(worker, b.id);
    const wrong = await call(ownerB, b.host, 'POST', '/api/owner/site/delete', { confirm: 'Site C' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ error: 'confirmation_mismatch', fields: { confirm: 'Type the site name exactly to confirm.' } });
    expect((await worker.fetch('/', { host: b.host })).status).toBe(200);

    // Two deletes at once: one stamps the site, the other (if it got past the door) answers the same time.
    const version = async () => (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?1').bind(b.id).first<{ v: number }>())!.v;
    const versionBefore = await version();
    const both = await Promise.all([1, 2].map(() => call(ownerB, b.host, 'POST', '/api/owner/site/delete', { confirm: ' site b ' })));
    expect(both.every((r) => r.status === 200 || r.status === 410)).toBe(true);
    const deleted = both.find((r) => r.status === 200)!;
    expect(new Set(both.filter((r) => r.status === 200).map((r) => r.json.deletedOn)).size).toBe(1);
    expect(await version()).toBe(versionBefore + 1);
    expect(deleted.json.purgeOn - deleted.json.deletedOn).toBe(30 * 86_400_000);

    const home = await worker.fetch('/', { host: b.host });
    expect(home.status).toBe(410);
    expect(await home.text()).toContain('This site is not available');
    expect((await worker.fetch('/shop', { host: b.host })).status).toBe(410);
    const api = await call(ownerB, b.host, 'GET', '/api/owner/products');
    expect(api.status).toBe(410);
    expect(api.json).toEqual({ error: 'site_deleted', message: 'This site was deleted. Restore it to use it again.' });
    expect((await call(undefined, b.host, 'GET', '/api/commerce/shopping-cart')).status).toBe(410);
    // The owner area and the status call stay open; the other site is untouched.
    expect((await call(ownerB, b.host, 'GET', '/api/owner/site')).json).toMatchObject({ title: 'Site B', deletedOn: deleted.json.deletedOn });
    expect((await worker.fetch('/config/', { host: b.host, headers: ownerB.headers })).status).toBe(200);
    expect((await worker.fetch('/', { host: HOST_A })).status).toBe(200);
    expect((await call(ownerB, b.host, 'POST', '/api/owner/site/delete', { confirm: 'Site B' })).status).toBe(410);

    const restored = await call(ownerB, b.host, 'POST', '/api/owner/site/restore', {});
    expect(restored.status).toBe(200);
    expect(restored.json.deletedOn).toBeNull();
    expect((await worker.fetch('/', { host: b.host })).status).toBe(200);
    expect((await call(ownerB, b.host, 'POST', '/api/owner/site/restore', {})).status).toBe(409);
    const after = await siteChecksum(worker, b.id);
    // Only the deletion's own bookkeeping moved (websites.deleted_on back to null, the content version).
    const { websites: _w1, ...restBefore } = before;
    const { websites: _w2, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    expect(await count('SELECT count(*) AS n FROM websites WHERE id = ?1 AND deleted_on IS NULL', b.id)).toBe(1);
  }, 60_000);
});

describe('the daily purge', () => {
  it('keeps a site deleted 29 days ago and purges one deleted 31 days ago: no row left in any table, no file in R2', async () => {
    const deletedOn = Date.UTC(2026, 0, 1, 12);
    const day = 86_400_000;
    const beforeA = await siteChecksum(worker, a.id);
    await worker.db.prepare('UPDATE websites SET deleted_on = ?2 WHERE id = ?1').bind(b.id, deletedOn).run();
    const keysB = (await worker.db.prepare('SELECT r2_key AS k FROM assets WHERE website_id = ?1').bind(b.id).all<{ k: string }>()).results.map((r) => r.k);
    const keysA = (await worker.db.prepare('SELECT r2_key AS k FROM assets WHERE website_id = ?1 LIMIT 3').bind(a.id).all<{ k: string }>()).results.map((r) => r.k);
    expect(keysB.length).toBeGreaterThan(0);
    const plan = sitePurgePlan();
    const childRows = async () => {
      const out: Record<string, { total: number; ofB: number }> = {};
      for (const t of plan.filter((t) => !t.where.startsWith('"website_id"'))) {
        out[t.name] = { total: await count(`SELECT count(*) AS n FROM "${t.name}"`), ofB: await count(`SELECT count(*) AS n FROM "${t.name}" WHERE ${t.where}`, b.id) };
      }
      return out;
    };
    const childrenBefore = await childRows();
    expect(childrenBefore.page_revisions!.ofB).toBeGreaterThan(0);

    await worker.scheduled(DAILY_CRON, deletedOn + 29 * day);
    expect(await count('SELECT count(*) AS n FROM websites WHERE id = ?1', b.id)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM items WHERE website_id = ?1', b.id)).toBeGreaterThan(0);

    await worker.scheduled(DAILY_CRON, deletedOn + 31 * day);
    expect(await count('SELECT count(*) AS n FROM websites WHERE id = ?1', b.id)).toBe(0);
    // Every table D1 has (not only those the schema names): none keeps a row of site B.
    const tables = (await worker.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all<{ name: string }>()).results.map((r) => r.name);
    const internal = (name: string) => /^(d1_migrations|sqlite_|_cf_)/.test(name) || /^(search_index|translation_search)_/.test(name);
    const known = new Set([...schemaTableNames(), 'search_index', 'translation_search']);
    expect(tables.filter((t) => !internal(t) && !known.has(t))).toEqual([]);
    const left: string[] = [];
    for (const table of tables.filter((t) => !internal(t))) {
      const columns = (await worker.db.prepare('SELECT name FROM pragma_table_info(?1)').bind(table).all<{ name: string }>()).results.map((r) => r.name);
      const key = columns.includes('website_id') ? 'website_id' : table === 'websites' ? 'id' : undefined;
      if (key && (await count(`SELECT count(*) AS n FROM "${table}" WHERE ${key} = ?1`, b.id)) > 0) left.push(table);
    }
    expect(left).toEqual([]);
    // Tables without website_id lost exactly site B's rows.
    const childrenAfter = await childRows();
    for (const [name, was] of Object.entries(childrenBefore)) expect(childrenAfter[name]!.total, name).toBe(was.total - was.ofB);
    for (const k of keysB) expect(await worker.files.head(k), k).toBeNull();
    for (const k of keysA) expect(await worker.files.head(k), k).not.toBeNull();
    expect(await siteChecksum(worker, a.id)).toEqual(beforeA);
    expect((await worker.fetch('/', { host: b.host })).status).toBe(404);
  }, 120_000);
});

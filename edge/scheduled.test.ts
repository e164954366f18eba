import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorker, type RunningWorker } from './test-support.js';

let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const DAY = 24 * 60 * 60 * 1000;

describe('scheduled handler: census retention', () => {
  it('prunes raw rows older than 90 days and rollups older than 761 days, keeping the rest', async () => {
    const site = (await worker.db.prepare('select id from websites limit 1').first<{ id: string }>())!.id;
    const now = Date.now();
    const day = (ts: number) => new Date(ts).toISOString().slice(0, 10);
    const hit = (ts: number, path: string) =>
      worker.db
        .prepare(`insert into census_hits (website_id, ts, day, visitor_id, visit_no, new_visit, page_path, referrer_host, device, browser, country, is_bot) values (?, ?, ?, 'v', 1, 1, ?, '', 'desktop', 'Chrome', 'US', 0)`)
        .bind(site, ts, day(ts), path);
    const rollup = (ts: number, key: string) => worker.db.prepare(`insert into census_rollups (website_id, day, dimension, key, views) values (?, ?, 'page', ?, 1)`).bind(site, day(ts), key);
    await worker.db.batch([hit(now - 91 * DAY, '/old'), hit(now - 89 * DAY, '/recent'), rollup(now - 800 * DAY, '/ancient'), rollup(now - 400 * DAY, '/kept')]);
    const result = await worker.scheduled('17 3 * * *', now);
    expect(result.outcome).toBe('ok');
    const paths = await worker.db.prepare("select page_path from census_hits where page_path in ('/old', '/recent')").all();
    expect(paths.results).toEqual([{ page_path: '/recent' }]);
    const keys = await worker.db.prepare("select key from census_rollups where key in ('/ancient', '/kept')").all();
    expect(keys.results).toEqual([{ key: '/kept' }]);
    expect(worker.logs.some((l) => /census retention: removed [1-9]/.test(l.message))).toBe(true);
  });
});

describe('scheduled handler: quiet runs', () => {
  it('logs no job line when no job had anything to do', async () => {
    const before = worker.logs.length;
    expect((await worker.scheduled('17 3 * * *')).outcome).toBe('ok');
    expect((await worker.scheduled('* * * * *')).outcome).toBe('ok');
    // The worker's console arrives a moment after the outcome: a marker request logs after both runs.
    await worker.fetch('/healthz');
    expect(worker.logs.slice(before).filter((l) => /^(mail outbox|stripe reconcile|subscription renewals|census retention|cart cleanup):/.test(l.message))).toEqual([]);
  });
});

describe('scheduled handler: cart cleanup', () => {
  it('deletes expired holds and unpurchased expired carts with their entries, keeping live and purchased carts', async () => {
    const site = (await worker.db.prepare('select id from websites limit 1').first<{ id: string }>())!.id;
    const item = (await worker.db.prepare('select id from items where website_id = ? limit 1').bind(site).first<{ id: string }>())!.id;
    const now = Date.now();
    const cart = (id: string, expiresOn: number, purchased: 0 | 1) =>
      worker.db
        .prepare('insert into carts (id, website_id, token_hash, created_on, updated_on, expires_on, is_purchased) values (?, ?, ?, ?, ?, ?, ?)')
        .bind(id, site, `hash-${id}`, now - 30 * DAY, now - 30 * DAY, expiresOn, purchased);
    const entry = (id: string, cartId: string) =>
      worker.db
        .prepare("insert into cart_entries (id, cart_id, website_id, item_id, line_key, quantity, unit_price_cents, currency, added_on, updated_on) values (?, ?, ?, ?, ?, 1, 100, 'USD', ?, ?)")
        .bind(id, cartId, site, item, `line-${id}`, now, now);
    const hold = (entryId: string, cartId: string, expiresOn: number) =>
      worker.db
        .prepare("insert into stock_holds (entry_id, cart_id, website_id, variant_id, quantity, expires_on, request_id) values (?, ?, ?, 'v-test', 1, ?, 'r')")
        .bind(entryId, cartId, site, expiresOn);
    await worker.db.batch([
      cart('cl-expired', now - DAY, 0),
      cart('cl-live', now + DAY, 0),
      cart('cl-purchased', now - DAY, 1),
      entry('cl-e1', 'cl-expired'),
      entry('cl-e2', 'cl-live'),
      entry('cl-e3', 'cl-live'),
      hold('cl-e1', 'cl-expired', now - 60_000),
      hold('cl-e2', 'cl-live', now - 60_000),
      hold('cl-e3', 'cl-live', now + 10 * 60_000),
    ]);
    const result = await worker.scheduled('17 3 * * *', now);
    expect(result.outcome).toBe('ok');
    const ids = async (sql: string) => (await worker.db.prepare(sql).all<Record<string, string>>()).results.map((r) => Object.values(r)[0]);
    expect(await ids("select id from carts where id like 'cl-%' order by id")).toEqual(['cl-live', 'cl-purchased']);
    expect(await ids("select id from cart_entries where id like 'cl-%' order by id")).toEqual(['cl-e2', 'cl-e3']);
    // The live cart's expired hold goes too (it no longer counted); its unexpired one stays.
    expect(await ids("select entry_id from stock_holds where entry_id like 'cl-%'")).toEqual(['cl-e3']);
    // The worker's console reaches the test through workerd's output, a moment after the outcome.
    await vi.waitFor(() => expect(worker.logs.some((l) => /cart cleanup: removed [1-9]\d* expired carts and [2-9]\d* expired stock holds/.test(l.message))).toBe(true));
  });
});

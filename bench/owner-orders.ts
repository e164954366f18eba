/**
 * The owner's orders list (GET /api/commerce/owner/orders) at 100 and at 100,000 orders:
 * first page and next page of each sort and of a payment filter, p50/p99, against /healthz in
 * the same run; the query plan of each is checked to seek an index (no full scan, no sort
 * of the table). Run alone with `npx tsx bench/owner-orders.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { openDb } from '../edge/services/db.js';
import { ownerOrdersSelect, parseOrderCursor, type OrderSort, type OwnerOrderQuery } from '../edge/services/owner-commerce/orders.js';
import { demoOwner, signIn, startWorker, type RunningWorker } from '../edge/test-support.js';

const RUNS = 200;
const CONCURRENCY = 4;
const LARGE = 100_000;
const SMALL = 100;
const PAGE = 25;

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

async function load(url: string, headers: Record<string, string>, total: number) {
  const latencies: number[] = [];
  let issued = 0;
  const lane = async () => {
    while (issued++ < total) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * Orders 1001.. up to `upTo` for the site, one order line each, by INSERT ... SELECT over a
 * recursive counter (one statement per 50,000 rows through the bindings bridge). Totals
 * repeat (ties for the cursor), one in three is refunded, one a minute apart.
 */
async function seedOrders(worker: RunningWorker, site: string, from: number, upTo: number, now: number) {
  for (let start = from; start <= upTo; start += 50_000) {
    const end = Math.min(upTo, start + 49_999);
    const counter = `WITH RECURSIVE n(i) AS (SELECT ?2 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)`;
    await worker.db
      .prepare(
        `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, currency, subtotal_cents, discount_cents, shipping_total_cents, tax_total_cents, grand_total_cents, status, status_token_hash, created_on)
         ${counter} SELECT 'bo' || i, ?1, 1000 + i, 'bc' || i, 1, 'buyer' || (i % 9973) || '@bench.test', 'USD', 0, 0, 0, 0,
           500 + (i * 7919) % 20000, CASE WHEN i % 3 = 0 THEN 'refunded' ELSE 'paid' END, 'x', ?4 - (?3 - i) * 60000 FROM n`,
      )
      .bind(site, start, end, now)
      .run();
    await worker.db
      .prepare(
        `INSERT INTO order_lines (id, order_id, website_id, item_id, product_name, product_type, quantity, unit_price_cents, position)
         ${counter} SELECT 'bl' || i, 'bo' || i, ?1, 'item', 'Bench mug', 1, 1 + i % 3, 500, 0 FROM n`,
      )
      .bind(site, start, end)
      .run();
  }
}

interface Case {
  label: string;
  query: Record<string, string>;
}

const CASES: Case[] = [
  { label: 'newest first (-number)', query: { sort: '-number' } },
  { label: 'oldest first (number)', query: { sort: 'number' } },
  { label: 'total, high to low (-total)', query: { sort: '-total' } },
  { label: 'total, low to high (total)', query: { sort: 'total' } },
  { label: 'refunded only, newest first', query: { sort: '-number', status: 'refunded' } },
  { label: 'refunded only, total high to low', query: { sort: '-total', status: 'refunded' } },
];

/** EXPLAIN QUERY PLAN of the list's own SELECT for a case's next page. */
async function plan(worker: RunningWorker, site: string, c: Case, next: string): Promise<string> {
  const sort = c.query.sort as OrderSort;
  const q: OwnerOrderQuery = { sort, status: c.query.status as OwnerOrderQuery['status'], after: parseOrderCursor(sort, next) };
  const { sql, params } = ownerOrdersSelect(openDb(worker.db), site, q, PAGE + 1).toSQL();
  const rows = (await worker.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results;
  return rows.map((r) => r.detail).join('; ');
}

const fmt = (n: number) => n.toFixed(1);

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const base = worker.url;
    const owner = await demoOwner();
    const signed = await signIn(worker, owner.email, owner.password);
    const site = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const existing = (await worker.db.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>())!.n;
    if (existing !== 0) throw new Error(`expected an empty orders table, found ${existing}`);
    const now = Date.now();
    const url = (q: Record<string, string>) => new URL(`/api/commerce/owner/orders?${new URLSearchParams({ ...q, limit: String(PAGE) })}`, base).href;

    const measureAll = async (size: number) => {
      const out: { label: string; first: { p50: number; p99: number }; next: { p50: number; p99: number }; plan: string }[] = [];
      for (const c of CASES) {
        await load(url(c.query), signed.headers, 20);
        const first = await load(url(c.query), signed.headers, RUNS);
        // The next page: after the first page's cursor.
        const answer = (await (await fetch(url(c.query), { headers: signed.headers })).json()) as { next: string };
        const next = await load(url({ ...c.query, after: answer.next }), signed.headers, RUNS);
        out.push({ label: c.label, first, next, plan: size === LARGE ? await plan(worker, site, c, answer.next) : '' });
      }
      return out;
    };

    await load(new URL('/healthz', base).href, {}, 50);
    const healthz = await load(new URL('/healthz', base).href, {}, RUNS);
    await seedOrders(worker, site, 1, SMALL, now);
    const small = await measureAll(SMALL);
    const t0 = performance.now();
    await seedOrders(worker, site, SMALL + 1, LARGE, now);
    const seconds = (performance.now() - t0) / 1000;
    const count = (await worker.db.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>())!.n;
    const large = await measureAll(LARGE);
    const healthzAfter = await load(new URL('/healthz', base).href, {}, RUNS);

    console.log(`\nowner orders API, ${PAGE} a page, ${CONCURRENCY} concurrent, ${RUNS} requests each (${(count - SMALL).toLocaleString('en-US')} more orders seeded in ${seconds.toFixed(1)} s)`);
    console.log(`  /healthz before: p50 ${fmt(healthz.p50)} ms  p99 ${fmt(healthz.p99)} ms;  after: p50 ${fmt(healthzAfter.p50)} ms  p99 ${fmt(healthzAfter.p99)} ms`);
    console.log(`  ${'list'.padEnd(34)} ${'100: first p50/p99'.padStart(20)} ${'next p50/p99'.padStart(16)}  ${'100,000: first p50/p99'.padStart(24)} ${'next p50/p99'.padStart(16)}`);
    let bad = 0;
    for (const [i, s] of small.entries()) {
      const l = large[i]!;
      const pair = (x: { p50: number; p99: number }) => `${fmt(x.p50)} / ${fmt(x.p99)}`;
      console.log(`  ${s.label.padEnd(34)} ${pair(s.first).padStart(20)} ${pair(s.next).padStart(16)}  ${pair(l.first).padStart(24)} ${pair(l.next).padStart(16)}`);
      // Every page must come from an index in the sort's order: no table scan, no sorting step.
      const ok = /USING (COVERING )?INDEX orders_site_/.test(l.plan) && !/TEMP B-TREE/.test(l.plan) && !/SCAN orders(?! USING)/.test(l.plan);
      if (!ok) bad++;
      console.log(`      plan: ${l.plan}${ok ? '' : '   <-- NOT AN INDEX WALK'}`);
    }
    if (bad) throw new Error(`${bad} order list queries do not walk an index`);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

/**
 * Traffic benchmark: RecordHit throughput and latency against /healthz on the same worker
 * (workerd via Miniflare, loopback), then the owner dashboard's API over 1,000,000 seeded
 * hits (goal: under 500 ms). Run alone with `npx tsx bench/traffic.ts`.
 */
import { pathToFileURL } from 'node:url';
import { signIn, startWorker } from '../edge/test-support.js';
import { seedTraffic } from './traffic-seed.js';

const REQUESTS = 1500;
const CONCURRENCY = 8;
const TIME_LIMIT_MS = 30_000;
const SEEDED_HITS = 1_000_000;
const DASHBOARD_RUNS = 15;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/** Up to `total` requests made by `make(i)`, `concurrency` in flight, within the time limit. */
async function load(make: (i: number) => [string, RequestInit?], total: number, concurrency: number) {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  const lane = async () => {
    while (issued < total && performance.now() < deadline) {
      const [url, init] = make(issued++);
      const t0 = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { requests: sorted.length, rps: sorted.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const base = worker.url;
    const healthz = await load(() => [new URL('/healthz', base).href], REQUESTS, CONCURRENCY);
    // Each request is its own visitor (its own crumb), as a site's many visitors are.
    const hit = (i: number): [string, RequestInit] => {
      const crumb = `benchvisitor${String(i).padStart(12, '0')}`;
      return [
        new URL('/api/census/RecordHit', base).href,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb, 'User-Agent': CHROME },
          body: new URLSearchParams({ event: 'view', data: JSON.stringify({ pagePath: `/shop/product-${i % 40}`, title: 'Bench', clientTime: Date.now(), hitId: `bench-hit-${String(i).padStart(8, '0')}` }) }).toString(),
        },
      ];
    };
    await load(hit, 100, CONCURRENCY);
    const record = await load((i) => hit(i + 100), REQUESTS, CONCURRENCY);
    console.log(`\ncensus (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s)`);
    for (const [name, s] of [['/healthz', healthz], ['POST /api/census/RecordHit', record]] as const) {
      console.log(`  ${name.padEnd(30)} ${fmt(s.rps).padStart(8)} req/s   p50 ${fmt(s.p50, 2).padStart(7)} ms   p99 ${fmt(s.p99, 2).padStart(7)} ms   (${s.requests} requests)`);
    }
    console.log(`  RecordHit / healthz:  throughput ${fmt(record.rps / healthz.rps, 2)}x   p99 ${fmt(record.p99 / healthz.p99, 2)}x`);

    const site = (await worker.db.prepare('select id from websites where is_default = 1').first<{ id: string }>())!.id;
    const now = Date.now();
    const t0 = performance.now();
    await seedTraffic(worker.db, site, SEEDED_HITS, now);
    const seeded = (await worker.db.prepare('select count(*) as n from census_hits').first<{ n: number }>())!.n;
    console.log(`\ndashboard API over ${seeded.toLocaleString('en-US')} seeded hits (seeded in ${fmt((performance.now() - t0) / 1000)} s)`);
    const owner = await signIn(worker, 'owner@fernandkiln.test', process.env.ATELIER_DEMO_OWNER_PASSWORD ?? 'check-Owner-pass-7');
    const day = (offset: number) => new Date(now - offset * 86_400_000).toISOString().slice(0, 10);
    for (const [label, from] of [['last 30 days', day(29)], ['last 90 days', day(89)]] as const) {
      const url = new URL(`/api/census/dashboard?from=${from}&to=${day(0)}`, base).href;
      const s = await load(() => [url, { headers: owner.headers }], DASHBOARD_RUNS, 1);
      console.log(`  GET /api/census/dashboard, ${label.padEnd(13)} p50 ${fmt(s.p50, 1).padStart(7)} ms   p99 ${fmt(s.p99, 1).padStart(7)} ms   (${s.requests} requests, goal < 500 ms)`);
    }
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

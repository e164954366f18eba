/**
 * Page serving benchmark: the worker in Miniflare (workerd) on loopback with the seeded
 * demo site; the product page against a trivial route of the same worker, with the
 * edge page cache on (every measured request is a hit after the warm-up) and off.
 * Run alone with `npx tsx bench/pages.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker } from '../edge/test-support.js';

export const REQUESTS = 1000;
export const CONCURRENCY = 8;
const WARMUP = 100;
export const TIME_LIMIT_MS = 10_000;

export interface RouteStats {
  path: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Request options of one benchmark request (default: a plain GET). */
export type RequestMaker = () => RequestInit;

/** Fires up to `total` requests with `concurrency` in flight, stopping at the time limit. */
async function load(url: string, total: number, concurrency: number, limitMs: number, make?: RequestMaker): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + limitMs;
  const worker = async () => {
    while (issued < total && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      const res = await fetch(url, make?.());
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

export async function measure(base: URL, path: string, make?: RequestMaker): Promise<RouteStats & { latencies: number[] }> {
  const url = new URL(path, base).href;
  await load(url, WARMUP, CONCURRENCY, TIME_LIMIT_MS, make);
  const { latencies, seconds } = await load(url, REQUESTS, CONCURRENCY, TIME_LIMIT_MS, make);
  const sorted = [...latencies].sort((a, b) => a - b);
  return { path, latencies, requests: latencies.length, seconds, rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function printStats(s: RouteStats): void {
  console.log(`  ${s.path.padEnd(30)} ${fmt(s.rps).padStart(8)} req/s   p50 ${fmt(s.p50, 2).padStart(7)} ms   p99 ${fmt(s.p99, 2).padStart(7)} ms   (${s.requests} requests)`);
}

const PRODUCT = '/shop/speckled-stoneware-mug';

export function line(label: string, s: RouteStats): void {
  printStats({ ...s, path: label.padEnd(34) });
}

export function ratio(label: string, page: RouteStats, trivial: RouteStats): void {
  console.log(`  ${label.padEnd(34)} throughput ${fmt(page.rps / trivial.rps, 2)}x   p50 ${fmt(page.p50 / trivial.p50, 2)}x   p99 ${fmt(page.p99 / trivial.p99, 2)}x`);
}

/** Two runs of one route as one: requests and seconds add up, percentiles of both. */
export function combine(a: RouteStats & { latencies: number[] }, b: RouteStats & { latencies: number[] }): RouteStats {
  const sorted = [...a.latencies, ...b.latencies].sort((x, y) => x - y);
  const requests = a.requests + b.requests;
  const seconds = a.seconds + b.seconds;
  return { path: a.path, requests, seconds, rps: requests / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * /healthz and the product page on one worker, alternating (trivial, page, trivial,
 * page) so a busy machine weighs on both alike; the page cache on or off (PAGE_CACHE binding).
 */
async function measurePair(cache: 'on' | 'off'): Promise<{ trivial: RouteStats; product: RouteStats }> {
  const worker = await startWorker({ port: 0, bindings: { PAGE_CACHE: cache } });
  try {
    const t1 = await measure(worker.url, '/healthz');
    const p1 = await measure(worker.url, PRODUCT);
    const t2 = await measure(worker.url, '/healthz');
    const p2 = await measure(worker.url, PRODUCT);
    return { trivial: combine(t1, t2), product: combine(p1, p2) };
  } finally {
    await worker.dispose();
  }
}

export async function run(): Promise<void> {
  const on = await measurePair('on');
  const off = await measurePair('off');
  console.log(`\npage serving (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, two alternating runs of up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s each)`);
  line('/healthz (trivial route)', on.trivial);
  line(`${PRODUCT} page cache on (hit)`, on.product);
  line('/healthz, second worker', off.trivial);
  line(`${PRODUCT} page cache off`, off.product);
  ratio('cache hit / trivial route:', on.product, on.trivial);
  ratio('cache off / trivial route:', off.product, off.trivial);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

/**
 * Page serving benchmark: the worker in Miniflare (workerd) on loopback with the seeded
 * demo site; the product page against a trivial route of the same worker.
 * Run alone with `npx tsx bench/pages.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker } from '../edge/test-support.js';

export const REQUESTS = 2000;
export const CONCURRENCY = 8;
const WARMUP = 100;
export const TIME_LIMIT_MS = 20_000;

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

export async function measure(base: URL, path: string, make?: RequestMaker): Promise<RouteStats> {
  const url = new URL(path, base).href;
  await load(url, WARMUP, CONCURRENCY, TIME_LIMIT_MS, make);
  const { latencies, seconds } = await load(url, REQUESTS, CONCURRENCY, TIME_LIMIT_MS, make);
  const sorted = [...latencies].sort((a, b) => a - b);
  return { path, requests: latencies.length, seconds, rps: latencies.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function printStats(s: RouteStats): void {
  console.log(`  ${s.path.padEnd(30)} ${fmt(s.rps).padStart(8)} req/s   p50 ${fmt(s.p50, 2).padStart(7)} ms   p99 ${fmt(s.p99, 2).padStart(7)} ms   (${s.requests} requests)`);
}

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const trivial = await measure(worker.url, '/healthz');
    const product = await measure(worker.url, '/shop/speckled-stoneware-mug');
    console.log(`\npage serving (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s)`);
    for (const s of [trivial, product]) printStats(s);
    console.log(
      `  product page / trivial route:  throughput ${fmt(product.rps / trivial.rps, 2)}x   p50 ${fmt(product.p50 / trivial.p50, 2)}x   p99 ${fmt(product.p99 / trivial.p99, 2)}x`,
    );
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

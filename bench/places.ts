/**
 * Address autocomplete benchmark: the offline provider behind GET
 * /api/google-maps/places/autocomplete, against the worker in Miniflare (workerd) with the
 * seeded place index. Reports the first call of an isolate (reads and parses the US shard
 * from R2), then N calls (default 2,000, 20 in flight) as requests/s with p50/p99.
 * Bounded: N calls, one pass; 100 visitors on 100 addresses share them, so no budget runs out.
 * Run alone with `npx tsx bench/places.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker, type RunningWorker } from '../edge/test-support.js';

const N = Number(process.env.PLACES_BENCH_N ?? 2000);
const IN_FLIGHT = 20;
const VISITORS = 100;
const INPUTS = ['Portl', 'San Fr', 'New Y', 'Chic', 'Bos', '902', '100', '606', 'Spring', 'Austi', '1 Main St, Seatt', 'Miam'];

async function autocomplete(worker: RunningWorker, input: string, visitor: number): Promise<number> {
  const t0 = performance.now();
  const res = await worker.fetch(`/api/google-maps/places/autocomplete?input=${encodeURIComponent(input)}&country=US`, {
    // Each visitor from its own address, as on the platform (Miniflare gives all 127.0.0.1).
    headers: { cookie: `crumb=bench${visitor}`, 'CF-Connecting-IP': `198.51.100.${visitor}` },
  });
  const body = (await res.json()) as { predictions?: unknown[] };
  if (res.status !== 200 || !body.predictions?.length) throw new Error(`places: ${input} answered ${res.status} with no predictions`);
  return performance.now() - t0;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** N calls of `call`, IN_FLIGHT at once: requests/s and sorted latencies. */
async function flood(call: (i: number) => Promise<number>): Promise<{ perSecond: number; sorted: number[] }> {
  const times: number[] = new Array(N);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < N) {
      const i = next++;
      times[i] = await call(i);
    }
  }));
  return { perSecond: N / ((performance.now() - t0) / 1000), sorted: times.sort((a, b) => a - b) };
}

async function healthz(worker: RunningWorker): Promise<number> {
  const t0 = performance.now();
  await (await worker.fetch('/healthz')).text();
  return performance.now() - t0;
}

export async function run(): Promise<void> {
  const worker = await startWorker();
  try {
    const first = await autocomplete(worker, 'Portl', VISITORS);
    // The trivial route in the same minutes: the shared machine's load moves both alike.
    const base = await flood(() => healthz(worker));
    const places = await flood((i) => autocomplete(worker, INPUTS[i % INPUTS.length]!, i % VISITORS));
    const line = (r: typeof base) => `${Math.round(r.perSecond)} req/s, p50 ${percentile(r.sorted, 50).toFixed(1)} ms, p99 ${percentile(r.sorted, 99).toFixed(1)} ms`;
    console.log(`places: first autocomplete of an isolate (US shard from R2) ${first.toFixed(0)} ms`);
    console.log(`places: ${N} autocompletes (${IN_FLIGHT} in flight): ${line(places)}; /healthz alike: ${line(base)}`);
  } finally {
    await worker.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await run();

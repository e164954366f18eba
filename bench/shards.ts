/**
 * What a site on shard 1 costs against one on shard 0 (docs/platform.md "Shards", the hot
 * path): the demo site (shard 0, the directory) and a copy of it on DB_SHARD_1, both served
 * with the page cache off so every request selects its site. The shard-1 site's host is read
 * from its shard alone once the isolate has seen it (openRememberedShard), so the two should
 * cost about the same. Requests go through Miniflare's dispatch (the Host header picks the
 * site, which a loopback URL cannot), alternating so a busy machine weighs on both alike.
 * Run alone with `npx tsx bench/shards.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker, type RunningWorker } from '../edge/test-support.js';
import { HOST_A, seedSiteC } from '../tests/security/isolation-sites.js';
import { combine, line, ratio, type RouteStats } from './pages.js';

const REQUESTS = 400;
const CONCURRENCY = 8;
const PATH = '/about';

async function measureHost(worker: RunningWorker, host: string): Promise<RouteStats & { latencies: number[] }> {
  const load = async (total: number) => {
    const latencies: number[] = [];
    let issued = 0;
    const started = performance.now();
    const one = async () => {
      while (issued < total) {
        issued++;
        const t0 = performance.now();
        const res = await worker.fetch(PATH, { host });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${host}${PATH} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, one));
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };
  await load(50);
  const { latencies, seconds } = await load(REQUESTS);
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { path: `${host}${PATH}`, latencies, requests: latencies.length, seconds, rps: latencies.length / seconds, p50: at(50), p99: at(99) };
}

export async function run(): Promise<void> {
  const worker = await startWorker({ bindings: { PAGE_CACHE: 'off' } });
  try {
    const c = await seedSiteC(worker);
    const z1 = await measureHost(worker, HOST_A);
    const o1 = await measureHost(worker, c.host);
    const z2 = await measureHost(worker, HOST_A);
    const o2 = await measureHost(worker, c.host);
    const zero = combine(z1, z2);
    const one = combine(o1, o2);
    console.log(`\nshards: GET ${PATH}, page cache off, through Miniflare's dispatch (${CONCURRENCY} in flight)`);
    line('site on shard 0 (the directory)', zero);
    line('site on shard 1 (DB_SHARD_1)', one);
    ratio('shard 1 / shard 0:', one, zero);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

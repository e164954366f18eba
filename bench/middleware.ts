/**
 * What the plan gate and the site lock cost (close12.md: both now run on every request):
 * (a) in the process, the plan gate's route match (`featureOf`, a regex list) per request
 * path; (b) over HTTP on one worker, `/healthz` (answered before any site middleware) against
 * `GET /api/commerce/shopping-cart` without a cart (site lookup, plan gate, session, site
 * lock and an empty cart), alternating so a busy machine weighs on both alike.
 * Run alone with `npx tsx bench/middleware.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { startWorker } from '../edge/test-support.js';
import { featureOf } from '../edge/middleware/plan/index.js';
import { combine, line, measure, ratio } from './pages.js';

const PATHS = ['/', '/shop/speckled-stoneware-mug', '/api/commerce/shopping-cart', '/api/owner/pages', '/cart', '/journal/first-firing', '/members/area', '/theme/assets/site.css'];
const GATED = '/api/commerce/shopping-cart';

function featureMatchNs(): number {
  let sink = 0;
  const rounds = 200_000;
  for (let i = 0; i < 20_000; i++) sink += featureOf(PATHS[i % PATHS.length]!)?.length ?? 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) sink += featureOf(PATHS[i % PATHS.length]!)?.length ?? 0;
  const ns = Number(process.hrtime.bigint() - t0) / rounds;
  if (sink < 0) console.log(sink);
  return ns;
}

export async function run(): Promise<void> {
  const ns = featureMatchNs();
  const worker = await startWorker({ port: 0 });
  try {
    const t1 = await measure(worker.url, '/healthz');
    const g1 = await measure(worker.url, GATED);
    const t2 = await measure(worker.url, '/healthz');
    const g2 = await measure(worker.url, GATED);
    const trivial = combine(t1, t2);
    const gated = combine(g1, g2);
    console.log(`\nplan gate and site lock (the plan gate's route match in Node: ${ns.toFixed(0)} ns per request path, ${PATHS.length} paths in turn)`);
    line('/healthz (before the site middleware)', trivial);
    line(`GET ${GATED} (gate, session, lock)`, gated);
    ratio('gated route / trivial route:', gated, trivial);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

/**
 * The owner's catalogue writes: product create (6 variants), product save with If-Match,
 * stock adjustment, and store creation, p50/p99 over HTTP against the worker in workerd,
 * with /healthz in the same run as the floor. Run alone with `npx tsx bench/catalog.ts`;
 * `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { demoOwner, signIn, startWorker } from '../edge/test-support.js';

const RUNS = 200;

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

async function timed(n: number, call: (i: number) => Promise<Response>) {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`call ${i} answered ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const variants = (i: number, withStock: boolean) =>
  ['S', 'M', 'L'].flatMap((size, s) =>
    ['Ash', 'Moss'].map((glaze, g) => ({ sku: `B-${i}-${size}-${glaze}`, price: `${20 + s}.${g}0`, attributes: { Size: size, Glaze: glaze }, ...(withStock ? { qtyInStock: 10 } : {}) })),
  );

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const owner = await demoOwner();
    const signed = await signIn(worker, owner.email, owner.password);
    const site = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const base = worker.url;
    const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(new URL(path, base), { method, headers: { ...signed.headers, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
    const fmt = (n: number) => n.toFixed(1);

    await timed(50, () => fetch(new URL('/healthz', base)));
    const healthz = await timed(RUNS, () => fetch(new URL('/healthz', base)));
    // Stores hold at most 200 products (SPEC §9): the creates go to two stores.
    const stores: string[] = [];
    const storeCreate = await timed(20, async (i) => {
      const res = await send('POST', `/api/content-service/product/1.1/websites/${site}/products`, { storeTitle: `Bench Store ${i}`, fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All', addToMainNav: i % 2 === 0 });
      stores.push(((await res.clone().json()) as { collection: { id: string } }).collection.id);
      return res;
    });
    const ids: string[] = [];
    const create = await timed(RUNS, async (i) => {
      const res = await send('POST', '/api/owner/products', {
        collectionId: stores[i % 2], productType: 'physical', title: `Bench Bowl ${i}`, status: 'published', tags: ['bench'], categories: ['Bowls'],
        variantOptionOrdering: ['Size', 'Glaze'], variants: variants(i, true),
      });
      ids.push(((await res.clone().json()) as { product: { id: string } }).product.id);
      return res;
    });
    const product = ((await (await fetch(new URL(`/api/owner/products/${ids[0]}`, base), { headers: signed.headers })).json()) as { product: { version: number; variants: { id: string; sku: string; attributes: Record<string, string> }[] } }).product;
    let version = product.version;
    const save = await timed(RUNS, async (i) => {
      const res = await send('PUT', `/api/owner/products/${ids[0]}`, {
        title: `Bench Bowl saved ${i}`, variantOptionOrdering: ['Size', 'Glaze'],
        variants: product.variants.map((v, n) => ({ id: v.id, sku: v.sku, price: 2000 + i + n, attributes: v.attributes })),
      }, { 'If-Match': `"${version}"` });
      version++;
      return res;
    });
    const variantId = product.variants[0]!.id;
    const adjust = await timed(RUNS, (i) => send('POST', `/api/owner/products/${ids[0]}/variants/${variantId}/stock`, { delta: i % 2 ? -1 : 1, reason: 'bench' }));
    const list = await timed(RUNS, () => fetch(new URL('/api/owner/products?tag=bench&sort=-price&limit=50', base), { headers: signed.headers }));
    // The product editor's opening: its two reads, made together (client/editor/screens/product-editor/).
    const open = await timed(RUNS, async () => {
      const [one, facets] = await Promise.all([
        fetch(new URL(`/api/owner/products/${ids[0]}`, base), { headers: signed.headers }),
        fetch(new URL(`/api/owner/products/facets?collectionId=${stores[0]}`, base), { headers: signed.headers }),
      ]);
      await facets.arrayBuffer();
      if (!facets.ok) throw new Error(`facets answered ${facets.status}`);
      return one;
    });

    console.log(`\nowner catalogue writes, one at a time (${RUNS} calls each; 20 store creations)`);
    console.log(`  /healthz                       p50 ${fmt(healthz.p50)} ms  p99 ${fmt(healthz.p99)} ms`);
    console.log(`  store creation                 p50 ${fmt(storeCreate.p50)} ms  p99 ${fmt(storeCreate.p99)} ms`);
    console.log(`  product create, 6 variants     p50 ${fmt(create.p50)} ms  p99 ${fmt(create.p99)} ms`);
    console.log(`  product save (If-Match)        p50 ${fmt(save.p50)} ms  p99 ${fmt(save.p99)} ms`);
    console.log(`  stock adjustment               p50 ${fmt(adjust.p50)} ms  p99 ${fmt(adjust.p99)} ms`);
    console.log(`  product list, 200 products     p50 ${fmt(list.p50)} ms  p99 ${fmt(list.p99)} ms`);
    console.log(`  editor open (product + facets) p50 ${fmt(open.p50)} ms  p99 ${fmt(open.p99)} ms`);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

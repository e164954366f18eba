/**
 * CSV import of the catalogue: a Shopify-layout file of 1,000 rows (200 products of 5
 * variants, a store's most) through the preview and the all-or-nothing commit, and the
 * store's export, each timed over HTTP against the worker in workerd. Every run imports
 * into a fresh store (skus carry the run's number). Run alone with
 * `npx tsx bench/catalog-csv.ts`; `npm run bench` calls `run()`.
 */
import { pathToFileURL } from 'node:url';
import { demoOwner, signIn, startWorker } from '../edge/test-support.js';

const RUNS = 5;
const HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Alt Text,Status';

/** 200 products × 5 sizes = 1,000 variant rows. */
function shopifyFile(run: number): string {
  const lines = [HEADER];
  for (let p = 0; p < 200; p++) {
    ['XS', 'S', 'M', 'L', 'XL'].forEach((size, i) => {
      const first = i === 0;
      lines.push([`bench-${run}-${p}`, first ? `Bench Vase ${run}-${p}` : '', first ? '"<p>Thrown <b>by hand</b>, fired twice.</p><ul><li>Stoneware</li></ul>"' : '', first ? 'Fern' : '', first ? 'Vases' : '',
        first ? '"bench, vases"' : '', first ? 'TRUE' : '', first ? 'Size' : '', size, `BV-${run}-${p}-${size}`, '700', 'shopify', '3', `${40 + i}.50`, i === 4 ? '60.00' : '',
        first ? `https://cdn.example.test/bv-${p}.jpg` : '', '', first ? 'active' : ''].join(','));
    });
  }
  return lines.join('\r\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    const owner = await demoOwner();
    const signed = await signIn(worker, owner.email, owner.password);
    const site = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
    const post = async (path: string, body: unknown) => {
      const t0 = performance.now();
      const res = await fetch(new URL(path, worker.url), { method: 'POST', headers: { ...signed.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as any;
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return { ms: performance.now() - t0, json };
    };
    const previews: number[] = [];
    const commits: number[] = [];
    const exports: number[] = [];
    let bytes = 0;
    for (let r = 0; r < RUNS; r++) {
      const store = (await post(`/api/content-service/product/1.1/websites/${site}/products`, { storeTitle: `CSV Bench ${r}`, fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' })).json.collection.id as string;
      const csv = shopifyFile(r);
      bytes = csv.length;
      const preview = await post('/api/owner/products/import/preview', { csv, collectionId: store });
      if (preview.json.errorCount !== 0) throw new Error(JSON.stringify(preview.json.errors.slice(0, 3)));
      previews.push(preview.ms);
      const commit = await post('/api/owner/products/import', { csv, mapping: preview.json.columns.map((c: { field: string | null }) => c.field), collectionId: store });
      if (commit.json.variantCount !== 1000) throw new Error(`imported ${commit.json.variantCount} variants`);
      commits.push(commit.ms);
      const t0 = performance.now();
      const res = await fetch(new URL(`/api/owner/products/export.csv?layout=shopify&collectionId=${store}`, worker.url), { headers: signed.headers });
      await res.text();
      exports.push(performance.now() - t0);
    }
    const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
    console.log(`\nCSV import of 1,000 rows (200 products × 5 variants, ${(bytes / 1024).toFixed(0)} KB, Shopify layout; ${RUNS} runs, a fresh store each)`);
    console.log(`  preview (parse, map, check)     ${fmt(previews)}`);
    console.log(`  import commit (one D1 batch)    ${fmt(commits)}`);
    console.log(`  export of the store (Shopify)   ${fmt(exports)}`);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

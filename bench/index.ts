/**
 * `npm run bench`. The engine and theme benchmarks run from an esbuild bundle
 * without `keepNames` — the function-renaming shim tsx adds costs more than the
 * engine itself and production bundles leave it out (wrangler.toml keep_names) —
 * then page serving runs against the worker in workerd.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CORPUS_DIR } from '../tests/conformance/fixtures.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist/bench-cpu.mjs');

await build({
  entryPoints: [join(root, 'bench/cpu.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  keepNames: false,
  outfile,
  logLevel: 'warning',
});
// The same bundle settings for the comparison entry (engine and workloads only).
await build({
  entryPoints: [join(root, 'bench/engine-bundle.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  keepNames: false,
  outfile: join(root, 'dist/engine-bench.mjs'),
  logLevel: 'warning',
});
const cpu = spawnSync(process.execPath, [outfile], {
  stdio: 'inherit',
  env: { ...process.env, ATELIER_CONFORMANCE: CORPUS_DIR },
});
if (cpu.status !== 0) process.exit(cpu.status ?? 1);

const pages = (await import('./pages.js')) as { run: () => Promise<void> };
await pages.run();

const middleware = (await import('./middleware.js')) as { run: () => Promise<void> };
await middleware.run();

const shards = (await import('./shards.js')) as { run: () => Promise<void> };
await shards.run();

const blockPages = (await import('./block-pages.js')) as { run: () => Promise<void> };
await blockPages.run();

const members = (await import('./members.js')) as { run: () => Promise<void> };
await members.run();

const cart = (await import('./cart.js')) as { run: () => Promise<void> };
await cart.run();

const checkout = (await import('./checkout.js')) as { run: () => Promise<void> };
await checkout.run();

const browser = (await import('./browser.js')) as { run: () => Promise<void> };
await browser.run();

const forms = (await import('./forms.js')) as { run: () => Promise<void> };
await forms.run();

const traffic = (await import('./traffic.js')) as { run: () => Promise<void> };
await traffic.run();

const places = (await import('./places.js')) as { run: () => Promise<void> };
await places.run();

const ownerOrders = (await import('./owner-orders.js')) as { run: () => Promise<void> };
await ownerOrders.run();

const pageEditor = (await import('./page-editor.js')) as { run: () => Promise<void> };
await pageEditor.run();
const catalog = (await import('./catalog.js')) as { run: () => Promise<void> };
await catalog.run();

const catalogCsv = (await import('./catalog-csv.js')) as { run: () => Promise<void> };
await catalogCsv.run();
const phone = (await import('./phone.js')) as { run: (options?: { baseline?: string }) => Promise<void> };
await phone.run(process.env.PHONE_BASELINE ? { baseline: process.env.PHONE_BASELINE } : {});

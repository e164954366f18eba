/**
 * Add-to-cart benchmark (docs/cart-holds.md): POST /api/commerce/shopping-cart/entries against the
 * worker in Miniflare on loopback, in the same run as the trivial /healthz route.
 * Every request is a new visitor's first add of a finite-stock variant, so it takes the
 * whole path: crumb check, both rate-limit budgets, catalogue read, new cart, the
 * conditional hold, the entry, and the cart JSON. Run alone with `npx tsx bench/cart.ts`.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startWorker } from '../edge/test-support.js';
import { CONCURRENCY, REQUESTS, TIME_LIMIT_MS, combine, line, measure, ratio } from './pages.js';

const SKU = 'FK-MUG-08-OAT';

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    // Enough stock that no add of the run is refused.
    await worker.db.prepare('UPDATE variants SET qty_in_stock = 1000000 WHERE sku = ?').bind(SKU).run();
    const row = await worker.db.prepare('SELECT product_id AS itemId FROM variants WHERE sku = ?').bind(SKU).first<{ itemId: string }>();
    const body = JSON.stringify({ itemId: row!.itemId, sku: SKU, quantity: 1, additionalFields: null });
    let n = 0;
    // A fresh visitor per request: its own crumb and address, so budgets are not what is measured.
    const addToCart = (): RequestInit => {
      const crumb = randomBytes(16).toString('base64url');
      n++;
      return {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          Cookie: `crumb=${crumb}`,
          'X-CSRF-Token': crumb,
          'CF-Connecting-IP': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      };
    };
    // Alternating (trivial, add, trivial, add) so a busy machine weighs on both alike.
    const entries = '/api/commerce/shopping-cart/entries';
    const t1 = await measure(worker.url, '/healthz');
    const a1 = await measure(worker.url, entries, addToCart);
    const t2 = await measure(worker.url, '/healthz');
    const a2 = await measure(worker.url, entries, addToCart);
    const trivial = combine(t1, t2);
    const add = combine(a1, a2);
    console.log(`\nadd to cart (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, two alternating runs of up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s each)`);
    line('/healthz (trivial route)', trivial);
    line('POST add-to-cart (new visitor)', add);
    ratio('add-to-cart / trivial route:', add, trivial);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

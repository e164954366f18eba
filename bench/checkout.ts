/**
 * Checkout benchmark: POST /api/commerce/orders against the worker in Miniflare
 * on loopback, in the same run as the trivial /healthz route. Each request places the
 * order of its own one-item cart (made before timing, see prepareCarts) with the local
 * test card, so it takes the whole path: crumb, rate limits, the
 * Idempotency-Key claim, server-side pricing (shipping, tax), the stock batch, the
 * payment, the order batch and the queued confirmation mail. Run alone with
 * `npx tsx bench/checkout.ts`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { D1Database } from '@cloudflare/workers-types';
import { pathToFileURL } from 'node:url';
import { startWorker, type RunningWorker } from '../edge/test-support.js';
import { CONCURRENCY, REQUESTS, TIME_LIMIT_MS, fmt, measure, printStats } from './pages.js';

const SKU = 'FK-MUG-08-OAT';
/** measure() warms up with 100 requests before the timed ones: one cart for each. */
const CARTS = REQUESTS + 100;
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

interface ReadyCart {
  crumb: string;
  cookie: string;
  ip: string;
}

type Row = Record<string, unknown>;
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const columnsOf = async (db: D1Database, table: string) => ((await db.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results).map((c) => c.name);

/**
 * One statement copying a row of `table` with some columns replaced: INSERT ... SELECT
 * over the table's own column list, so columns added by later migrations come along.
 */
function copyRow(db: D1Database, table: string, columns: string[], replace: Row, whereColumn: string, whereValue: unknown) {
  const values: unknown[] = [];
  const select = columns.map((c) => (c in replace ? (values.push(replace[c]), `?${values.length}`) : c));
  values.push(whereValue);
  return db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select.join(', ')} FROM ${table} WHERE ${whereColumn} = ?${values.length}`).bind(...values);
}

/**
 * The carts the timed requests check out: one made through the add-to-cart API, then
 * copied row by row in D1 (cart, entry, stock hold) with new ids and tokens. Making
 * 1,100 carts over HTTP took longer than the benchmark itself on a loaded machine.
 */
async function prepareCarts(worker: RunningWorker, itemId: string): Promise<ReadyCart[]> {
  const crumb = randomBytes(16).toString('base64url');
  const res = await worker.fetch('/api/commerce/shopping-cart/entries', {
    method: 'POST',
    body: JSON.stringify({ itemId, sku: SKU, quantity: 1, additionalFields: null }),
    headers: { 'Content-Type': 'application/json', Cookie: `crumb=${crumb}`, 'X-CSRF-Token': crumb },
  });
  await res.arrayBuffer();
  const token = res.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('CART='))?.slice(5);
  if (!res.ok || !token) throw new Error(`add to cart answered ${res.status}`);
  const db = worker.db;
  const template = (await db.prepare('SELECT id FROM carts WHERE token_hash = ?').bind(await sha256Hex(token)).first<{ id: string }>())!.id;
  const entry = (await db.prepare('SELECT id FROM cart_entries WHERE cart_id = ?').bind(template).first<{ id: string }>())!.id;
  const [cartCols, entryCols, holdCols] = await Promise.all(['carts', 'cart_entries', 'stock_holds'].map((t) => columnsOf(db, t)));
  const carts: ReadyCart[] = [];
  for (let start = 0; start < CARTS; start += 50) {
    const statements = [];
    for (let n = start; n < Math.min(CARTS, start + 50); n++) {
      const cartToken = randomBytes(24).toString('base64url');
      const cartId = randomUUID();
      const entryId = randomUUID();
      statements.push(
        copyRow(db, 'carts', cartCols!, { id: cartId, token_hash: await sha256Hex(cartToken) }, 'id', template),
        copyRow(db, 'cart_entries', entryCols!, { id: entryId, cart_id: cartId }, 'id', entry),
        copyRow(db, 'stock_holds', holdCols!, { entry_id: entryId, cart_id: cartId }, 'entry_id', entry),
      );
      const visitorCrumb = randomBytes(16).toString('base64url');
      carts.push({ crumb: visitorCrumb, cookie: `crumb=${visitorCrumb}; CART=${cartToken}`, ip: ipOf(n + 1) });
    }
    await db.batch(statements);
  }
  return carts;
}

const sha256Hex = async (text: string) => createHash('sha256').update(text).digest('hex');

export async function run(): Promise<void> {
  const worker = await startWorker({ port: 0 });
  try {
    // Enough stock that no order of the run is refused.
    await worker.db.prepare('UPDATE variants SET qty_in_stock = 1000000 WHERE sku = ?').bind(SKU).run();
    const row = await worker.db.prepare('SELECT product_id AS itemId FROM variants WHERE sku = ?').bind(SKU).first<{ itemId: string }>();
    const carts = await prepareCarts(worker, row!.itemId);
    const order = JSON.stringify({
      email: 'bench@example.com', shippingAddress: ADDRESS, shippingOptionId: 'us-standard',
      payment: { provider: 'test', card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    });
    const placeOrder = (): RequestInit => {
      const cart = carts.pop();
      if (!cart) throw new Error('checkout bench ran out of prepared carts');
      return {
        method: 'POST',
        body: order,
        headers: { 'Content-Type': 'application/json', Cookie: cart.cookie, 'X-CSRF-Token': cart.crumb, 'CF-Connecting-IP': cart.ip, 'Idempotency-Key': randomUUID() },
      };
    };
    const trivial = await measure(worker.url, '/healthz');
    const checkout = await measure(worker.url, '/api/commerce/orders', placeOrder);
    const orders = await worker.db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE email = 'bench@example.com'`).first<{ n: number }>();
    console.log(`\ncheckout: place order (workerd via Miniflare, loopback, ${CONCURRENCY} concurrent, up to ${REQUESTS} requests or ${TIME_LIMIT_MS / 1000} s; ${orders!.n} orders written)`);
    printStats(trivial);
    printStats({ ...checkout, path: 'POST place-order' });
    console.log(`  place-order / trivial route:   throughput ${fmt(checkout.rps / trivial.rps, 2)}x   p50 ${fmt(checkout.p50 / trivial.p50, 2)}x   p99 ${fmt(checkout.p99 / trivial.p99, 2)}x`);
  } finally {
    await worker.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}

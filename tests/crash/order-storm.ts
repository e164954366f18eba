/**
 * The order storm of the crash tests (docs/crash-safety.md): shoppers each fill a cart and
 * place it at once with their own Idempotency-Key and the test card; the store is killed
 * (SIGKILL, whole process group) as soon as the database shows the step a scenario aims at;
 * it starts again on the same state, and once one lease has passed since the kill every
 * shopper retries with the same key. What must hold then is returned for the scenario's assertions.
 */
import { randomUUID } from 'node:crypto';
import { Client, CrashStore, TEST_LEASE_SECONDS, type Answer } from './crash-store.js';

export const SKU = 'FK-MUG-08-OAT';
const SHOPPERS = 40;
const STOCK = 100;
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

/** Where a scenario kills the store: a count query on the D1 file and the value that triggers it. */
export interface KillPoint {
  query: string;
  /** Tried when `query` fails (a column the code before the fix does not have). */
  fallback?: string;
  atLeast: number;
}

export const KILL_POINTS = {
  /** Keys claimed whose order is not recorded yet. */
  afterKeyClaim: { query: 'SELECT count(*) AS n FROM idempotency_keys WHERE order_id IS NULL', atLeast: 8 },
  /** Stock taken out for attempts that have no order yet. */
  afterStockSecured: { query: 'SELECT count(DISTINCT attempt_id) AS n FROM stock_reservations', atLeast: 4 },
  /** Payment captured, order not recorded (the key row's step; before the fix nothing records it). */
  afterPayment: {
    query: 'SELECT count(*) AS n FROM idempotency_keys WHERE paid_on IS NOT NULL AND order_id IS NULL',
    fallback: 'SELECT count(DISTINCT attempt_id) AS n FROM stock_reservations',
    atLeast: 2,
  },
  /** Orders recorded (the mail and the answer still to come). */
  afterOrder: { query: 'SELECT count(*) AS n FROM orders', atLeast: 12 },
} satisfies Record<string, KillPoint>;

export interface StormOutcome {
  shoppers: number;
  /** Units each shopper asked for. */
  units: number[];
  stockBefore: number;
  stockAfter: number;
  /** Units of the SKU in recorded orders (the storm's only orders). */
  unitsOrdered: number;
  /** Units still reserved by attempts without an order. */
  unitsReserved: number;
  /** Answers received before the kill (undefined: the connection died). */
  before: (Answer | undefined)[];
  /** The retry of each shopper with the same key, after the restart and one lease. */
  retries: Answer[];
  /** A second retry, replaying whatever the first retry placed. */
  replays: Answer[];
  /** Keys with no order after the retries. */
  stuckKeys: number;
  orders: { id: string; order_number: number; email: string }[];
  /** Orders with no order-confirmation row in the outbox. */
  ordersWithoutMail: number;
  killedAt: number;
}

async function shopper(store: CrashStore, itemId: string, units: number): Promise<Client> {
  const c = new Client(store);
  await c.send('GET', '/api/commerce/shopping-cart');
  const added = await c.send('POST', '/api/commerce/shopping-cart/entries', { itemId, sku: SKU, quantity: units, additionalFields: null });
  if (added.status !== 200) throw new Error(`add to cart answered ${added.status} ${JSON.stringify(added.json)}`);
  return c;
}

function order(c: Client, key: string, email: string): Promise<Answer> {
  return c.send('POST', '/api/commerce/orders', { email, shippingAddress: ADDRESS, payment: { provider: 'test', card: CARD } }, { 'Idempotency-Key': key });
}

/** Optional steps of a scenario around the restart (the Cron scenario waits for the reconciler there). */
export interface StormHooks {
  /** With the store down, right after the kill. */
  afterKill?: () => Promise<void>;
  /** After the restart, instead of waiting one lease before the retries. */
  afterRestart?: () => Promise<void>;
}

export async function orderStorm(store: CrashStore, kill: KillPoint, hooks: StormHooks = {}): Promise<StormOutcome> {
  await store.sql(`UPDATE variants SET qty_in_stock = ${STOCK} WHERE sku = '${SKU}'`);
  await store.start();
  const [variant] = await store.sql<{ product_id: string }>(`SELECT product_id FROM variants WHERE sku = '${SKU}'`);
  const ordersBefore = await store.count('SELECT count(*) AS n FROM orders');
  const units = Array.from({ length: SHOPPERS }, (_, i) => 1 + (i % 2));
  const clients = await Promise.all(units.map((u) => shopper(store, variant!.product_id, u)));
  const stockBefore = await store.count(`SELECT qty_in_stock AS n FROM variants WHERE sku = '${SKU}'`);
  const keys = clients.map(() => `crash-${randomUUID()}`);
  const emails = clients.map((_, i) => `shopper${i}@example.com`);

  let settled = 0;
  const before: (Answer | undefined)[] = new Array(SHOPPERS).fill(undefined);
  const storm = clients.map((c, i) =>
    order(c, keys[i]!, emails[i]!).then(
      (a) => ((before[i] = a), settled++),
      () => settled++,
    ),
  );
  const probe = await store.count(kill.query).then(() => kill.query, () => kill.fallback ?? kill.query);
  const offset = probe.includes('FROM orders') ? ordersBefore : 0;
  const killedAt = (await store.waitFor(probe, kill.atLeast + offset, () => settled === SHOPPERS)) - offset;
  await store.kill();
  await Promise.all(storm);
  await hooks.afterKill?.();

  await store.start();
  // One lease after the kill: every key left in flight has expired (every lease was taken
  // before the kill, so the restart's own seconds count towards it).
  if (hooks.afterRestart) await hooks.afterRestart();
  else {
    const leaseOver = store.killedOn + TEST_LEASE_SECONDS * 1000 + 500 - Date.now();
    if (leaseOver > 0) await new Promise((resolve) => setTimeout(resolve, leaseOver));
  }
  const retries = await Promise.all(clients.map((c, i) => order(c, keys[i]!, emails[i]!)));
  const replays = await Promise.all(clients.map((c, i) => order(c, keys[i]!, emails[i]!)));

  const stockAfter = await store.count(`SELECT qty_in_stock AS n FROM variants WHERE sku = '${SKU}'`);
  const unitsOrdered = await store.count(`SELECT COALESCE(SUM(l.quantity), 0) AS n FROM order_lines l JOIN variants v ON v.id = l.variant_id WHERE v.sku = '${SKU}'`);
  const unitsReserved = await store.count(`SELECT COALESCE(SUM(r.quantity), 0) AS n FROM stock_reservations r JOIN variants v ON v.id = r.variant_id WHERE v.sku = '${SKU}'`);
  const stuckKeys = await store.count(`SELECT count(*) AS n FROM idempotency_keys WHERE order_id IS NULL AND key LIKE 'crash-%'`);
  const orders = await store.sql<{ id: string; order_number: number; email: string }>(`SELECT id, order_number, email FROM orders WHERE email LIKE 'shopper%@example.com'`);
  const ordersWithoutMail = await store.count(
    `SELECT count(*) AS n FROM orders o WHERE o.email LIKE 'shopper%@example.com' AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.kind = 'order-confirmation' AND m.to_address = o.email AND m.subject LIKE '%order #' || o.order_number || ' confirmed')`,
  );
  return { shoppers: SHOPPERS, units, stockBefore, stockAfter, unitsOrdered, unitsReserved, before, retries, replays, stuckKeys, orders, ordersWithoutMail, killedAt };
}

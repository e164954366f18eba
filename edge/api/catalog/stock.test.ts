import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { heldNow, setStock as setDemoStock, variantOf, type DemoVariant } from '../commerce/test-catalog.js';
import type { OwnerSession } from '../commerce/test-owner.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { catalogSessions, countRows } from './test-catalog-owner.js';

/** Owner stock changes over HTTP: guarded deltas with history, absolute sets with the expected count, races with carts. */
let worker: RunningWorker;
let admin: OwnerSession;
let manager: OwnerSession;
let editor: OwnerSession;
let anonymous: OwnerSession;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, manager, editor, anonymous } = await catalogSessions(worker, 'stock'));
}, 60_000);
afterAll(() => worker?.dispose());

const stockPath = (v: DemoVariant) => `/api/owner/products/${v.itemId}/variants/${v.variantId}/stock`;
const qty = async (sku: string) => (await variantOf(worker.db, sku)).qtyInStock;

async function visitors(n: number): Promise<TestVisitor[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const v = new TestVisitor(worker, '203.0.113.20');
      await v.send('GET', '/api/commerce/shopping-cart');
      return v;
    }),
  );
}

describe('POST .../stock (adjust by a delta)', () => {
  it('adds and removes units, writing one history row per change with the reason and the result', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    await setDemoStock(worker.db, v.sku, 5);
    const up = await manager.send('POST', stockPath(v), { delta: 7, reason: 'Kiln batch 14' });
    expect(up.status).toBe(200);
    expect(up.json.stock).toMatchObject({ qtyInStock: 12, delta: 7 });
    const down = await admin.send('POST', stockPath(v), { delta: -2, reason: 'Chipped in the studio' });
    expect(down.json.stock).toMatchObject({ qtyInStock: 10, delta: -2 });
    const history = await admin.get(`${stockPath(v)}-history`);
    expect(history.status).toBe(200);
    expect(history.json.rows.slice(0, 2)).toEqual([
      expect.objectContaining({ delta: -2, qtyAfter: 10, kind: 'adjust', reason: 'Chipped in the studio', author: 'owner@fernandkiln.test' }),
      expect.objectContaining({ delta: 7, qtyAfter: 12, kind: 'adjust', reason: 'Kiln batch 14', author: 'manager@stock.test' }),
    ]);
  });

  it('refuses a result below 0 (409) and writes nothing', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    await setDemoStock(worker.db, v.sku, 3);
    const rows = await countRows(worker, 'stock_history', 'variant_id = ?', v.variantId);
    const res = await admin.send('POST', stockPath(v), { delta: -4 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: 'stock_negative', message: 'Stock cannot go below 0.', current: 3 });
    expect(await qty(v.sku)).toBe(3);
    expect(await countRows(worker, 'stock_history', 'variant_id = ?', v.variantId)).toBe(rows);
  });

  it('refuses to go below the units held in shoppers\u2019 carts, and leaves the holds alone', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    await setDemoStock(worker.db, v.sku, 4);
    const shopper = (await visitors(1))[0]!;
    expect((await shopper.send('POST', '/api/commerce/shopping-cart/entries', { itemId: v.itemId, sku: v.sku, quantity: 3, additionalFields: null })).status).toBe(200);
    const res = await admin.send('POST', stockPath(v), { delta: -2 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: 'stock_held', message: 'Stock cannot go below the 3 units held in shoppers\u2019 carts.', held: 3 });
    expect((await admin.send('POST', stockPath(v), { delta: -1 })).status).toBe(200);
    expect(await qty(v.sku)).toBe(3);
    expect(await heldNow(worker.db, v.sku)).toBe(3);
    // Adding stock is always allowed.
    expect((await admin.send('POST', stockPath(v), { delta: 1 })).json.stock.qtyInStock).toBe(4);
  });

  it('applies to the next add at once: a sold-out variant restocked by one unit sells that unit', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    await worker.db.prepare('DELETE FROM stock_holds WHERE variant_id = ?').bind(v.variantId).run();
    await setDemoStock(worker.db, v.sku, 0);
    const [first, second] = await visitors(2);
    const add = (who: TestVisitor) => who.send('POST', '/api/commerce/shopping-cart/entries', { itemId: v.itemId, sku: v.sku, quantity: 1, additionalFields: null });
    expect((await add(first!)).status).toBe(409);
    expect((await admin.send('POST', stockPath(v), { delta: 1, reason: 'Found one' })).status).toBe(200);
    expect((await add(first!)).status).toBe(200);
    expect((await add(second!)).status).toBe(409);
  });

  it('validates the body and answers 404 for a variant of another product', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    const other = await variantOf(worker.db, 'FK-TUM-ASH');
    expect((await admin.send('POST', stockPath(v), { delta: 1.5 })).json.fields.delta).toBe('Enter the change as a whole number.');
    expect((await admin.send('POST', stockPath(v), { delta: 0 })).json.fields.delta).toBe('Enter a change other than 0.');
    expect((await admin.send('POST', stockPath(v), { delta: '3' })).status).toBe(400);
    expect((await admin.send('POST', `/api/owner/products/${other.itemId}/variants/${v.variantId}/stock`, { delta: 1 })).status).toBe(404);
  });

  it('refuses an unlimited variant', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    await worker.db.prepare('UPDATE variants SET unlimited = 1 WHERE id = ?').bind(v.variantId).run();
    try {
      const res = await admin.send('POST', stockPath(v), { delta: 1 });
      expect(res.status).toBe(409);
      expect(res.json.error).toBe('stock_unlimited');
    } finally {
      await worker.db.prepare('UPDATE variants SET unlimited = 0 WHERE id = ?').bind(v.variantId).run();
    }
  });

  it('is for admins and store managers only, with the crumb', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-CEL');
    const before = await qty(v.sku);
    expect((await editor.send('POST', stockPath(v), { delta: 5 })).status).toBe(403);
    expect((await anonymous.send('POST', stockPath(v), { delta: 5 })).status).toBe(401);
    expect((await admin.send('POST', stockPath(v), { delta: 5 }, null)).status).toBe(401);
    expect((await editor.get(`${stockPath(v)}-history`)).status).toBe(403);
    expect(await qty(v.sku)).toBe(before);
  });
});

describe('PUT .../stock (set with the expected count)', () => {
  it('sets the count while it is still the expected one, else 409 with the current count', async () => {
    const v = await variantOf(worker.db, 'FK-TUM-ASH');
    await setDemoStock(worker.db, v.sku, 8);
    const set = await admin.send('PUT', stockPath(v), { expected: 8, qtyInStock: 20, reason: 'Stock take' });
    expect(set.status).toBe(200);
    expect(set.json.stock).toMatchObject({ qtyInStock: 20, delta: 12 });
    const stale = await admin.send('PUT', stockPath(v), { expected: 8, qtyInStock: 5 });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ error: 'stock_changed', current: 20, message: 'The stock changed since you read it. Reload to see the current count, then set it again.' });
    expect(await qty(v.sku)).toBe(20);
    expect((await admin.send('PUT', stockPath(v), { expected: 20, qtyInStock: -1 })).json.fields.qtyInStock).toBe('Stock cannot go below 0.');
    const history = await admin.get(`${stockPath(v)}-history`);
    expect(history.json.rows[0]).toMatchObject({ kind: 'set', delta: 12, qtyAfter: 20, reason: 'Stock take' });
  });
});

describe('concurrency', () => {
  it('100 concurrent +1/-1 adjustments end at the exact sum, each with its history row', async () => {
    const v = await variantOf(worker.db, 'FK-TUM-ASH');
    await setDemoStock(worker.db, v.sku, 100);
    const rows = await countRows(worker, 'stock_history', 'variant_id = ?', v.variantId);
    const deltas = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? -1 : 1));
    const answers = await Promise.all(deltas.map((delta, i) => (i % 2 ? admin : manager).send('POST', stockPath(v), { delta, reason: `race ${i}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const sum = deltas.reduce((a, b) => a + b, 0);
    expect(await qty(v.sku)).toBe(100 + sum);
    expect(await countRows(worker, 'stock_history', 'variant_id = ?', v.variantId)).toBe(rows + 100);
    // Each answer's result is a distinct step of one serial order.
    expect(new Set(answers.map((a) => a.json.stock.historyId)).size).toBe(100);
  });

  it('near zero, concurrent removals never take the stock below 0: accepted deltas sum to the change exactly', async () => {
    const v = await variantOf(worker.db, 'FK-TUM-ASH');
    await setDemoStock(worker.db, v.sku, 10);
    const deltas = Array.from({ length: 100 }, (_, i) => (i % 5 < 3 ? -1 : 1));
    const answers = await Promise.all(deltas.map((delta) => admin.send('POST', stockPath(v), { delta })));
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.json.error === "stock_negative")).map((a) => [a.status, a.json])).toEqual([]);
    const accepted = answers.reduce((sum, a, i) => sum + (a.status === 200 ? deltas[i]! : 0), 0);
    const final = await qty(v.sku);
    expect(final).toBe(10 + accepted);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(Math.min(...answers.filter((a) => a.status === 200).map((a) => a.json.stock.qtyInStock))).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['an owner delta of -30', (v: DemoVariant) => admin.send('POST', stockPath(v), { delta: -30, reason: 'recount' })],
    ['an owner set from 50 to 15', (v: DemoVariant) => admin.send('PUT', stockPath(v), { expected: 50, qtyInStock: 15 })],
  ])('stock changed by %s racing 50 add-to-carts never oversells', async (_label, change) => {
    const v = await variantOf(worker.db, 'FK-MUG-08-OAT');
    await worker.db.prepare('DELETE FROM stock_holds WHERE variant_id = ?').bind(v.variantId).run();
    await setDemoStock(worker.db, v.sku, 50);
    const crowd = await visitors(50);
    const adds = crowd.map((c) => c.send('POST', '/api/commerce/shopping-cart/entries', { itemId: v.itemId, sku: v.sku, quantity: 1, additionalFields: null }));
    const [owner, ...answers] = await Promise.all([change(v), ...adds]);
    const won = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const stock = await qty(v.sku);
    const held = await heldNow(worker.db, v.sku);
    expect(held).toBe(won);
    // Never more units held in carts than the stock has, whichever came first.
    expect(held).toBeLessThanOrEqual(stock);
    if (owner!.status === 200) {
      expect(owner!.json.stock.qtyInStock).toBe(stock);
      expect(stock).toBeLessThan(50);
    } else {
      expect(owner!.status).toBe(409);
      expect(['stock_held', 'stock_changed']).toContain(owner!.json.error);
      expect(stock).toBe(50);
    }
    // Whatever is left is what the stock API shows a new shopper.
    const res = await worker.fetch(`/api/commerce/inventory/stock/?itemId=${v.itemId}`);
    const row = ((await res.json()) as { results: { sku: string; qtyInStock: number }[] }).results.find((r) => r.sku === v.sku)!;
    expect(row.qtyInStock).toBe(stock - held);
  });
});

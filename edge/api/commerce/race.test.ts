import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { heldNow, setStock, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';

// Stock holds (docs/cart-holds.md): 200 carts race for 50 units; the check-and-hold must let exactly the stock through.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const VISITORS = 200;
const STOCK = 50;
const STOCK_TEXT = 'Sorry, we do not have enough of that item available.';

/** `n` fresh visitors, each with its own crumb (no cart yet), all on one address. */
async function visitors(n: number): Promise<TestVisitor[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const v = new TestVisitor(worker, '203.0.113.9');
      await v.send('GET', '/api/commerce/shopping-cart');
      return v;
    }),
  );
}

async function available(itemId: string, sku: string): Promise<number> {
  const res = await worker.fetch(`/api/commerce/inventory/stock/?itemId=${itemId}`);
  const body = (await res.json()) as { results: { sku: string; qtyInStock: number }[] };
  return body.results.find((r) => r.sku === sku)!.qtyInStock;
}

describe(`${VISITORS} concurrent adds for ${STOCK} units`, () => {
  it('holds exactly the stock, one unit per winning cart, and refuses the rest with 409', async () => {
    const v = await variantOf(worker.db, 'FK-MUG-08-OAT');
    await setStock(worker.db, v.sku, STOCK);
    const crowd = await visitors(VISITORS);
    const answers = await Promise.all(crowd.map((c) => c.send('POST', '/api/commerce/shopping-cart/entries', { itemId: v.itemId, sku: v.sku, quantity: 1, additionalFields: null })));
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(STOCK);
    expect(refused).toHaveLength(VISITORS - STOCK);
    for (const r of refused) expect(r.json).toEqual({ error: 'insufficient_stock', message: STOCK_TEXT });
    expect(new Set(won.map((a) => a.json.shoppingCart.id)).size).toBe(STOCK);
    expect(await heldNow(worker.db, v.sku)).toBe(STOCK);
    expect(await available(v.itemId, v.sku)).toBe(0);
    const row = await worker.db.prepare('SELECT qty_in_stock AS q FROM variants WHERE sku = ?').bind(v.sku).first<{ q: number }>();
    expect(row!.q).toBe(STOCK); // holds never touch the stock itself, so it cannot go negative
  });

  it('with mixed quantities (1-3) never holds more than the stock, and refuses only what no longer fits', async () => {
    const v = await variantOf(worker.db, 'FK-TUM-ASH');
    await setStock(worker.db, v.sku, STOCK);
    const crowd = await visitors(VISITORS);
    const wanted = crowd.map((_, i) => 1 + ((i * 7) % 3));
    const answers = await Promise.all(
      crowd.map((c, i) => c.send('POST', '/api/commerce/shopping-cart/entries', { itemId: v.itemId, sku: v.sku, quantity: wanted[i], additionalFields: null })),
    );
    const heldByAnswers = answers.reduce((sum, a, i) => sum + (a.status === 200 ? wanted[i]! : 0), 0);
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.json.message === STOCK_TEXT))).toBe(true);
    expect(heldByAnswers).toBeLessThanOrEqual(STOCK);
    expect(await heldNow(worker.db, v.sku)).toBe(heldByAnswers);
    const left = await available(v.itemId, v.sku);
    expect(left).toBe(STOCK - heldByAnswers);
    // Each refusal asked for more than was left when it ran, which is at least what is left now.
    const refusedAsks = answers.flatMap((a, i) => (a.status === 409 ? [wanted[i]!] : []));
    expect(refusedAsks.length).toBeGreaterThan(0);
    expect(Math.min(...refusedAsks)).toBeGreaterThan(left);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { ownerSessions } from '../commerce/test-owner.js';
import { setStock, variantOf } from '../commerce/test-catalog.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';

// Issue 27: 200 concurrent checkouts with a coupon limited to 50 uses -> exactly 50 orders used it.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
}, 60_000);
afterAll(() => worker?.dispose());

const SHOPPERS = 200;
const LIMIT = 50;

/** `n` shoppers, each from its own address, each with one tumbler in the cart. */
async function shoppers(n: number, sku: string, itemId: string): Promise<TestVisitor[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const v = new TestVisitor(worker, `10.27.${i >> 8}.${i & 255}`);
      await v.visit('/api/commerce/shopping-cart');
      expect((await addOne(v, itemId, sku)).status).toBe(200);
      return v;
    }),
  );
}

/**
 * Places an order, retrying with the same Idempotency-Key when Miniflare's loopback resets the
 * connection under this load or the key's first request is still running (what a shopper's retry does).
 */
async function placeWithRetry(v: TestVisitor, i: number) {
  const key = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const answer = await placeOrder(v, { key, extra: { email: `racer${i}@example.com`, coupons: ['RACE50'] } }).catch((err: unknown) => (attempt < 5 ? undefined : Promise.reject(err)));
    if (answer && answer.json?.error !== 'order_in_progress') return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`${SHOPPERS} concurrent checkouts with a coupon limited to ${LIMIT} uses`, () => {
  it('exactly the limit of orders carry the coupon; the rest are refused 409 and nothing of theirs is kept', async () => {
    const { admin } = await ownerSessions(worker, 'couponrace');
    const made = await admin.send('POST', '/api/owner/checkout-settings/coupons', { code: 'RACE50', effect: { kind: 'fixed', amountCents: 500 }, usageLimit: LIMIT });
    expect(made.status).toBe(201);
    const v = await variantOf(worker.db, 'FK-TUM-ASH');
    await setStock(worker.db, v.sku, SHOPPERS + 10);
    const crowd = await shoppers(SHOPPERS, v.sku, v.itemId);
    const answers = await Promise.all(crowd.map((s, i) => placeWithRetry(s, i)));

    const won = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(LIMIT);
    expect(refused).toHaveLength(SHOPPERS - LIMIT);
    for (const r of refused) expect(r.json).toMatchObject({ error: 'coupon_used_up', message: 'This coupon has reached its usage limit.' });
    expect(await worker.db.prepare('SELECT COUNT(*) AS n FROM orders').first<{ n: number }>()).toEqual({ n: LIMIT });
    for (const w of won) expect(w.json.order).toMatchObject({ coupons: ['RACE50'], discountTotal: 500 });

    const used = await worker.db.prepare("SELECT COUNT(*) AS n FROM orders WHERE EXISTS (SELECT 1 FROM json_each(orders.coupons) WHERE value = 'RACE50')").first<{ n: number }>();
    expect(used!.n).toBe(LIMIT);
    const coupon = (await admin.get(`/api/owner/checkout-settings/coupons/${made.json.coupon.id}`)).json.coupon;
    expect(coupon.timesUsed).toBe(LIMIT);
    const redemptions = await worker.db.prepare('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE coupon_id = ?').bind(made.json.coupon.id).first<{ n: number }>();
    expect(redemptions!.n).toBe(LIMIT);
    // Refused checkouts put their stock back: only the winners' units left the shelf.
    const stock = await worker.db.prepare('SELECT qty_in_stock AS q FROM variants WHERE sku = ?').bind(v.sku).first<{ q: number }>();
    expect(stock!.q).toBe(SHOPPERS + 10 - LIMIT);
  }, 240_000);
});

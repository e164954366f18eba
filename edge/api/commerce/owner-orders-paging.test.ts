import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn, startWorker, type RunningWorker, type SignedIn } from '../../test-support.js';
import { variantOf } from './test-catalog.js';
import { addOne, placeOrder } from './test-checkout.js';
import { TestVisitor } from './test-visitor.js';

/** GET /api/commerce/owner/orders: the owner app's data table sorts and pages on the server. */
let worker: RunningWorker;
let admin: SignedIn;
const placed: { orderNumber: number; grandTotal: number }[] = [];

beforeAll(async () => {
  worker = await startWorker();
  const owner = await demoOwner();
  admin = await signIn(worker, owner.email, owner.password);
  const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
  // Quantities 3, 1, 2, 1: two orders share a total, so the cursor's tie-break is exercised.
  for (const [i, quantity] of [3, 1, 2, 1].entries()) {
    const v = new TestVisitor(worker, `198.51.100.${40 + i}`);
    await v.visit('/api/commerce/shopping-cart');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', quantity);
    const res = await placeOrder(v, { extra: { email: `paging${i}@example.com` } });
    expect(res.status).toBe(201);
    placed.push({ orderNumber: res.json.order.orderNumber, grandTotal: res.json.order.grandTotal });
  }
}, 90_000);
afterAll(() => worker?.dispose());

async function walk(sort: string, limit: number) {
  const seen: { orderNumber: number; grandTotalCents: number }[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const qs = new URLSearchParams({ sort, limit: String(limit), q: 'paging', ...(after ? { after } : {}) });
    const res = await worker.fetch(`/api/commerce/owner/orders?${qs}`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orders: { orderNumber: number; grandTotalCents: number }[]; next: string | null };
    expect(body.orders.length).toBeLessThanOrEqual(limit);
    seen.push(...body.orders);
    after = body.next;
    pages++;
  } while (after && pages < 10);
  return { seen, pages };
}

describe('owner orders: sort and cursor pages', () => {
  it('pages newest first by default and oldest first on request, every order once', async () => {
    const numbers = placed.map((p) => p.orderNumber);
    const newest = await walk('-number', 3);
    expect(newest.pages).toBe(2);
    expect(newest.seen.map((o) => o.orderNumber)).toEqual([...numbers].sort((a, b) => b - a));
    const oldest = await walk('number', 1);
    expect(oldest.seen.map((o) => o.orderNumber)).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('sorts by total either way across pages, ties broken by order number', async () => {
    const byTotal = [...placed].sort((a, b) => a.grandTotal - b.grandTotal || a.orderNumber - b.orderNumber).map((p) => p.orderNumber);
    const up = await walk('total', 1);
    expect(up.seen.map((o) => o.orderNumber)).toEqual(byTotal);
    const down = await walk('-total', 2);
    expect(down.seen.map((o) => o.orderNumber)).toEqual([...byTotal].reverse());
  });

  it('refuses a cursor of another sort and an unknown sort (400)', async () => {
    const bad = await worker.fetch('/api/commerce/owner/orders?sort=total&after=1001', { headers: admin.headers });
    expect(bad.status).toBe(400);
    expect((await worker.fetch('/api/commerce/owner/orders?sort=email', { headers: admin.headers })).status).toBe(400);
    expect((await worker.fetch('/api/commerce/owner/orders?limit=0', { headers: admin.headers })).status).toBe(400);
  });
});

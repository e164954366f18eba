import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, startWorker, type RunningWorker } from '../../test-support.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';
import { TestVisitor } from '../commerce/test-visitor.js';

/**
 * The verified-buyer badge from real orders (SPEC §1 reviews): a signed-in shopper whose
 * account has a paid order with the product gets it, decided on the server; a typed
 * address never does. HTTP against the real worker, checkout and local D1.
 */
let worker: RunningWorker;
let mugId: string;
let otherId: string;
const BUYER = { email: 'verified-buyer@example.com', password: 'buyer-pass-1234' };
const OWNER = { email: 'owner@fernandkiln.test', password: process.env.ATELIER_DEMO_OWNER_PASSWORD ?? 'check-Owner-pass-7' };

const itemOf = async (path: string) => ((await (await worker.fetch(`${path}?format=json`)).json()) as { item: { id: string } }).item.id;

beforeAll(async () => {
  worker = await startWorker();
  mugId = await itemOf('/shop/speckled-stoneware-mug');
  otherId = await itemOf('/shop/moon-jar');
  // The buyer checks out a mug as a guest, with the address of the account made afterwards.
  const guest = new TestVisitor(worker, '198.51.100.61');
  await guest.visit('/shop');
  expect((await addOne(guest, mugId, 'FK-MUG-08-OAT')).status).toBe(200);
  expect((await placeOrder(guest, { extra: { email: BUYER.email.toUpperCase() } })).status).toBe(201);
  await createSiteUser(worker, BUYER);
  await createSiteUser(worker, { email: 'not-a-buyer@example.com', password: 'other-pass-1234' });
});
afterAll(() => worker?.dispose());

const review = (itemId: string, extra: Record<string, unknown> = {}) => ({ itemId, rating: 5, body: 'Lovely to hold.', name: 'Vera', ...extra });

async function postAs(headers: Record<string, string>, body: unknown) {
  const res = await worker.fetch('/api/reviews', { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { review: { id: string; verifiedBuyer: boolean } } };
}

describe('verified-buyer badge from orders', () => {
  it('goes to a signed-in shopper whose paid order has the product, and shows on the page once published', async () => {
    const buyer = await signIn(worker, BUYER.email, BUYER.password);
    // The account is the author: a different typed address changes nothing.
    const res = await postAs(buyer.headers, review(mugId, { email: 'someone-else@example.com', body: 'Verified via order.' }));
    expect(res.status).toBe(201);
    expect(res.json.review.verifiedBuyer).toBe(true);
    const row = await worker.db.prepare('SELECT email, verified_buyer FROM reviews WHERE id = ?').bind(res.json.review.id).first();
    expect(row).toEqual({ email: BUYER.email, verified_buyer: 1 });

    const owner = await signIn(worker, OWNER.email, OWNER.password);
    const published = await worker.fetch(`/api/reviews/${res.json.review.id}/status`, { method: 'PUT', headers: { ...owner.headers, 'Content-Type': 'application/json' }, body: '{"status":"published"}' });
    expect(published.status).toBe(200);
    const html = await (await worker.fetch('/shop/speckled-stoneware-mug')).text();
    expect(html).toMatch(/<p class="review-meta">Vera <span class="verified-badge">Verified buyer<\/span><\/p>/);
  });

  it('is not given for a product the account did not buy, an account without orders, or a typed address', async () => {
    const buyer = await signIn(worker, BUYER.email, BUYER.password);
    expect((await postAs(buyer.headers, review(otherId))).json.review.verifiedBuyer).toBe(false);
    const other = await signIn(worker, 'not-a-buyer@example.com', 'other-pass-1234');
    expect((await postAs(other.headers, review(mugId))).json.review.verifiedBuyer).toBe(false);
    const anonymous = new TestVisitor(worker, '198.51.100.62');
    await anonymous.visit('/about');
    const typed = await anonymous.send('POST', '/api/reviews', review(mugId, { email: BUYER.email }));
    expect(typed.status).toBe(201);
    expect((typed.json as { review: { verifiedBuyer: boolean } }).review.verifiedBuyer).toBe(false);
  });

  it('is not given once the order is refunded', async () => {
    await worker.db.prepare("UPDATE orders SET status = 'refunded' WHERE lower(email) = ?").bind(BUYER.email).run();
    const buyer = await signIn(worker, BUYER.email, BUYER.password);
    expect((await postAs(buyer.headers, review(mugId, { body: 'After the refund.' }))).json.review.verifiedBuyer).toBe(false);
  });
});

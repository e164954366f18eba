import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOne, placeOrder } from '../../api/commerce/test-checkout.js';
import { variantOf } from '../../api/commerce/test-catalog.js';
import { shopper, subscribe } from '../../api/commerce/test-subscription.js';
import type { TestVisitor } from '../../api/commerce/test-visitor.js';
import { createSiteUser, signIn, startWorker, type RunningWorker } from '../../test-support.js';

// The shopper's orders and subscriptions in /account (docs/accounts.md), and nobody else's.
let worker: RunningWorker;
const PASSWORD = 'history-Password-1';
let alice: TestVisitor;
let bob: TestVisitor;
const placed: Record<string, { number: number; id: string }> = {};
let aliceSub: string;
let bobSub: string;

async function buy(v: TestVisitor, sku: string) {
  const variant = await variantOf(worker.db, sku);
  expect((await addOne(v, variant.itemId, sku)).status).toBe(200);
  const res = await placeOrder(v, { extra: { shippingOptionId: 'us-standard' } });
  expect(res.status).toBe(201);
  return { number: res.json.order.orderNumber as number, id: res.json.order.id as string };
}
const page = async (v: TestVisitor | undefined, path: string) => {
  const res = await worker.fetch(path, { headers: v ? { Cookie: [...v.jar].map(([k, x]) => `${k}=${x}`).join('; ') } : {}, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('Location'), html: await res.text() };
};
const subOf = async (orderId: string) => (await worker.db.prepare('SELECT id FROM subscriptions WHERE first_order_id = ?').bind(orderId).first<{ id: string }>())!.id;

beforeAll(async () => {
  worker = await startWorker();
  await createSiteUser(worker, { email: 'alice@history.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'bob@history.test', password: PASSWORD });
  await createSiteUser(worker, { email: 'carol@history.test', password: PASSWORD });
  alice = await shopper(worker, '198.51.100.81', await signIn(worker, 'alice@history.test', PASSWORD));
  bob = await shopper(worker, '198.51.100.82', await signIn(worker, 'bob@history.test', PASSWORD));
  placed.alice = await buy(alice, 'FK-TUM-SEA');
  placed.bob = await buy(bob, 'FK-TUM-SEA');
  placed.guest = await buy(await shopper(worker, '198.51.100.83'), 'FK-TUM-SEA');
  const aliceSubscribed = await subscribe(alice, worker.db, { email: 'alice@history.test' });
  const bobSubscribed = await subscribe(bob, worker.db, { email: 'bob@history.test' });
  placed.aliceSub = { number: aliceSubscribed.json.order.orderNumber, id: aliceSubscribed.json.order.id };
  aliceSub = await subOf(aliceSubscribed.json.order.id);
  bobSub = await subOf(bobSubscribed.json.order.id);
}, 120_000);
afterAll(() => worker?.dispose());

describe('the account page', () => {
  it("lists the shopper's own orders (number, date, total, status, link) and subscriptions (product, wording, next date, status)", async () => {
    const { html, status } = await page(alice, '/account');
    expect(status).toBe(200);
    expect(html).toContain(`<a href="/account/orders/${placed.alice!.number}">#${placed.alice!.number}</a>`);
    expect(html).toContain(`<a href="/account/orders/${placed.aliceSub!.number}">#${placed.aliceSub!.number}</a>`);
    expect(html).not.toContain(`#${placed.bob!.number}<`);
    expect(html).not.toContain(`#${placed.guest!.number}<`);
    expect(html).toMatch(new RegExp(`data-order="${placed.alice!.number}"><td>.*</td><td>[A-Z][a-z]{2} \\d{1,2}, \\d{4}</td><td>\\$\\d+\\.\\d{2}</td><td>Paid</td>`));
    expect(html).toContain(`<a href="/account/subscriptions/${aliceSub}">Monthly Clay Club</a></td><td>$65.00 every month</td>`);
    expect(html).toMatch(/<td>\$65\.00 every month<\/td><td>[A-Z][a-z]{2} \d{1,2}, \d{4}<\/td><td>Active<\/td>/);
    expect(html).not.toContain(bobSub);
    expect(html).not.toContain('data-orders-empty');
  });

  it('shows the empty states to a shopper with no orders or subscriptions', async () => {
    const carol = await shopper(worker, '198.51.100.84', await signIn(worker, 'carol@history.test', PASSWORD));
    const { html } = await page(carol, '/account');
    expect(html).toContain('You have not placed any orders yet.');
    expect(html).toContain('You have no subscriptions.');
  });

  it('opens the detail of their own order and subscription', async () => {
    const order = await page(alice, `/account/orders/${placed.alice!.number}`);
    expect(order.status).toBe(200);
    expect(order.html).toContain(`Order #${placed.alice!.number}`);
    expect(order.html).toContain('1 × ');
    expect(order.html).toMatch(/data-order-total>\$\d+\.\d{2}</);
    expect(order.html).toContain('Back to your account');
    const sub = await page(alice, `/account/subscriptions/${aliceSub}`);
    expect(sub.status).toBe(200);
    expect(sub.html).toContain('$65.00 every month');
    expect(sub.html).toContain('Status: Active');
  });
});

describe('IDOR: other shoppers’ orders and subscriptions are not found', () => {
  it('answers 404 (not 403) for another shopper’s, a guest’s, sequential and malformed order numbers', async () => {
    const mine = new Set([placed.alice!.number, placed.aliceSub!.number]);
    const guesses = [placed.bob!.number, placed.guest!.number, placed.alice!.number - 1, placed.alice!.number + 1, 1001, 999999].filter((n) => !mine.has(n));
    for (const n of guesses) {
      const res = await page(alice, `/account/orders/${n}`);
      expect(res.status, `order ${n}`).toBe(404);
      expect(res.html).toContain('We could not find that in your account.');
    }
    for (const bad of ['abc', '1001.0', '-1', placed.alice!.id]) expect((await page(alice, `/account/orders/${bad}`)).status).toBe(404);
    // Bob's own order opens for Bob: the 404 above is about who asks.
    expect((await page(bob, `/account/orders/${placed.bob!.number}`)).status).toBe(200);
  });

  it("answers 404 for another shopper's subscription and guessed ids", async () => {
    for (const id of [bobSub, aliceSub.slice(0, -1) + (aliceSub.endsWith('0') ? '1' : '0'), 'x', '../admin']) {
      expect((await page(alice, `/account/subscriptions/${encodeURIComponent(id)}`)).status, id).toBe(404);
    }
    expect((await page(bob, `/account/subscriptions/${bobSub}`)).status).toBe(200);
  });

  it('sends an anonymous visitor to sign in', async () => {
    for (const path of [`/account/orders/${placed.alice!.number}`, `/account/subscriptions/${aliceSub}`]) {
      const res = await page(undefined, path);
      expect(res.status).toBe(401);
      expect(res.html).toContain('action="/account/sign-in"');
      expect(res.html).not.toContain('Monthly Clay Club');
    }
    expect((await page(undefined, '/account')).html).toContain('Sign in');
  });
});

describe('cancelling a subscription', () => {
  const post = (v: TestVisitor, id: string, crumb = true) =>
    worker.fetch(`/account/subscriptions/${id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: [...v.jar].map(([k, x]) => `${k}=${x}`).join('; '), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: crumb ? `crumb=${encodeURIComponent(v.cookie('crumb')!)}` : '',
    });
  const statusOf = async (id: string) => (await worker.db.prepare('SELECT status, next_billing_at FROM subscriptions WHERE id = ?').bind(id).first<Record<string, unknown>>())!;

  it("refuses another shopper's subscription with 404 and a post without the crumb with 401, changing nothing", async () => {
    expect((await post(alice, bobSub)).status).toBe(404);
    expect((await post(alice, aliceSub, false)).status).toBe(401);
    expect(await statusOf(bobSub)).toMatchObject({ status: 'active' });
    expect(await statusOf(aliceSub)).toMatchObject({ status: 'active' });
  });

  it('cancels their own: no next payment, shown as canceled, no button any more', async () => {
    const res = await post(alice, aliceSub);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`/account/subscriptions/${aliceSub}?canceled=1`);
    expect(await statusOf(aliceSub)).toEqual({ status: 'canceled', next_billing_at: null });
    const detail = await page(alice, `/account/subscriptions/${aliceSub}?canceled=1`);
    expect(detail.html).toContain('Status: Canceled');
    expect(detail.html).toContain('There will be no further payments.');
    expect(detail.html).not.toContain('Cancel subscription');
    // Again: nothing to cancel, no notice.
    expect((await post(alice, aliceSub)).headers.get('Location')).toBe(`/account/subscriptions/${aliceSub}`);
  });
});

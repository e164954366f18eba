import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDate } from '../../services/subscriptions/billing-dates.js';
import { createSiteUser, signIn, startWorker, type RunningWorker } from '../../test-support.js';
import { addOne, CARDS, placeOrder } from './test-checkout.js';
import { variantOf } from './test-catalog.js';
import { CARD_DECLINES_LATER, clubPlans, shopper, subscribe, subscriptionCart } from './test-subscription.js';

// The checkout of a subscription cart starts a subscription (page 206 confirms it).
let worker: RunningWorker;
let plans: string[];
beforeAll(async () => {
  worker = await startWorker();
  plans = await clubPlans(worker.db);
}, 60_000);
afterAll(() => worker?.dispose());

type SubscriptionRow = Record<string, any>;
const subscriptionOf = (orderId: string) => worker.db.prepare('SELECT * FROM subscriptions WHERE first_order_id = ?').bind(orderId).first<SubscriptionRow>();

describe('subscription checkout', () => {
  it('opens /checkout?cartToken= with the plan wording and leaves the shopping cart alone', async () => {
    const v = await shopper(worker, '198.51.100.61');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, mug.sku)).status).toBe(200);
    const token = await subscriptionCart(v, worker.db, plans[1]);
    const page = await worker.fetch(`/checkout?cartToken=${token}`, { headers: { Cookie: `CART=${v.cookie('CART')}` } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Monthly Clay Club');
    expect(html).not.toContain('Oatmeal');
    expect(html).toContain('$65.00 every month for 6 months');
    expect(html).toContain('data-prop-subscription=');
    const json = (await (await worker.fetch(`/checkout?cartToken=${token}&format=json`)).json()) as Record<string, any>;
    expect(json.subscription).toMatchObject({ cartToken: token, billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 });
    // A forged or unknown token is an empty checkout, never someone's cart.
    expect(await (await worker.fetch('/checkout?cartToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).text()).toContain('You have nothing in your shopping cart.');
  });

  it('records the subscription with the first order: period, cycles, next date, status, reusable payment reference', async () => {
    const v = await shopper(worker, '198.51.100.62');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    await addOne(v, mug.itemId, mug.sku);
    const cartCookie = v.cookie('CART');
    const res = await subscribe(v, worker.db, { email: 'club@example.com' });
    expect(res.status).toBe(201);
    expect(res.json.order).toMatchObject({ grandTotal: 6500, items: [expect.objectContaining({ sku: 'FK-CLUB-MONTH', quantity: 1 })] });
    expect(res.json.confirmationUrl).toMatch(/^\/subscription-confirmed\?order=[^&]+&token=[A-Za-z0-9_-]{32}$/);
    const sub = (await subscriptionOf(res.json.order.id))!;
    expect(sub).toMatchObject({
      billing_period_value: 1, billing_period_unit: 'MONTH', num_billing_cycles: 0, cycles_billed: 1, status: 'active', email: 'club@example.com',
      renewal_total_cents: 6500, payment_provider: 'test', site_user_id: null,
    });
    expect(sub.payment_ref).toMatch(/^pm_test_4242_/);
    expect(sub.next_billing_at).toBe(billingDate(sub.anchor_on, { value: 1, unit: 'MONTH' }, 1));
    // The shopping cart is still the visitor's.
    expect(v.cookie('CART')).toBe(cartCookie);
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.totalQuantity).toBe(1);
    // The subscription cart is spent.
    const again = await v.send('POST', '/api/commerce/orders', { email: 'club@example.com', cartToken: res.cartToken, payment: { provider: 'test', card: { number: CARDS.ok, expMonth: 12, expYear: 2034, cvc: '123' } } }, { headers: { 'Idempotency-Key': 'another-key-123' } });
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('Your cart is empty.');
  });

  it('confirms on page 206 with the SPEC §9 wording and the next date; a wrong token is not found', async () => {
    const v = await shopper(worker, '198.51.100.63');
    const res = await subscribe(v, worker.db, { planId: plans[1] });
    const page = await worker.fetch(res.json.confirmationUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Your subscription is confirmed');
    expect(html).toContain('$65.00 every month for 6 months');
    expect(html).toMatch(/Next payment: \w+ +\d{1,2}, \d{4}/);
    expect(html).toContain(`Order #${res.json.order.orderNumber}`);
    const ctx = (await (await worker.fetch(`${res.json.confirmationUrl}&format=json`)).json()) as Record<string, any>;
    expect(ctx.subscription).toMatchObject({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6, status: 'active', priceWording: '$65.00 every month for 6 months' });
    const wrong = res.json.confirmationUrl.replace(/token=.*/, 'token=' + 'B'.repeat(32));
    expect((await worker.fetch(wrong)).status).toBe(404);
    // A plain order's link does not open page 206.
    const mugBuyer = await shopper(worker, '198.51.100.64');
    const mug = await variantOf(worker.db, 'FK-TUM-SEA');
    await addOne(mugBuyer, mug.itemId, mug.sku);
    const plain = await placeOrder(mugBuyer);
    expect((await worker.fetch(plain.json.confirmationUrl.replace('/order-confirmed', '/subscription-confirmed'))).status).toBe(404);
  });

  it('a declined card starts nothing and leaves the subscription cart to try again', async () => {
    const v = await shopper(worker, '198.51.100.65');
    const token = await subscriptionCart(v, worker.db);
    const before = (await worker.db.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>())!.n;
    const declined = await placeOrder(v, { card: CARDS.declined, address: undefined, extra: { cartToken: token } });
    expect(declined.status).toBe(402);
    expect(declined.json.message).toBe('Your card was declined.');
    expect((await worker.db.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>())!.n).toBe(before);
    const retry = await placeOrder(v, { card: CARD_DECLINES_LATER, address: undefined, extra: { cartToken: token } });
    expect(retry.status).toBe(201);
    expect((await subscriptionOf(retry.json.order.id))!.payment_ref).toMatch(/^pm_test_0341_/);
  });

  it('a D1 failure while recording the subscription writes no order either, refunds, and the same cart can be placed again', async () => {
    const v = await shopper(worker, '198.51.100.68');
    const token = await subscriptionCart(v, worker.db);
    const count = async (sql: string) => (await worker.db.prepare(sql).first<{ n: number }>())!.n;
    const [orders, subs, refunds] = [await count('SELECT COUNT(*) AS n FROM orders'), await count('SELECT COUNT(*) AS n FROM subscriptions'), await count("SELECT COUNT(*) AS n FROM payments WHERE status = 'refunded'")];
    await worker.db.prepare(`CREATE TRIGGER inject_subscription_failure BEFORE INSERT ON subscriptions BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
    let res;
    try {
      res = await placeOrder(v, { address: undefined, extra: { cartToken: token } });
    } finally {
      await worker.db.prepare('DROP TRIGGER inject_subscription_failure').run();
    }
    expect(res.status).toBe(503);
    expect(await count('SELECT COUNT(*) AS n FROM orders')).toBe(orders);
    expect(await count('SELECT COUNT(*) AS n FROM subscriptions')).toBe(subs);
    expect(await count("SELECT COUNT(*) AS n FROM payments WHERE status = 'refunded'")).toBe(refunds + 1);
    const retry = await placeOrder(v, { address: undefined, extra: { cartToken: token } });
    expect(retry.status).toBe(201);
    expect(await subscriptionOf(retry.json.order.id)).toBeTruthy();
  });

  it('refuses a malformed cart token with a field error', async () => {
    const v = await shopper(worker, '198.51.100.66');
    const bad = await placeOrder(v, { address: undefined, extra: { cartToken: '../../etc' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields?.cartToken).toBe('This subscription checkout link is not valid.');
  });

  it("ties a signed-in shopper's subscription and order to their account", async () => {
    await createSiteUser(worker, { email: 'subscriber@example.com', password: 'club-Password-1' });
    const v = await shopper(worker, '198.51.100.67', await signIn(worker, 'subscriber@example.com', 'club-Password-1'));
    const res = await subscribe(v, worker.db, { email: 'subscriber@example.com' });
    expect(res.status).toBe(201);
    const sub = (await subscriptionOf(res.json.order.id))!;
    expect(sub.site_user_id).toMatch(/^[0-9a-f]{32}$/);
    const link = await worker.db.prepare('SELECT site_user_id, subscription_id, cycle FROM account_orders WHERE order_id = ?').bind(res.json.order.id).first();
    expect(link).toEqual({ site_user_id: sub.site_user_id, subscription_id: sub.id, cycle: 1 });
  });
});

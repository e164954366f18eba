import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, placeOrder } from '../api/commerce/test-checkout.js';

// /checkout (201), /order-confirmed (202), /order-status (211).
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

describe('checkout pages', () => {
  it('/checkout is page type 201 with the priced cart and the checkout island, never cached', async () => {
    const v = new TestVisitor(worker, '198.51.100.60');
    await v.visit('/');
    await setStock(worker.db, 'FK-INC-01', 30);
    const variant = await variantOf(worker.db, 'FK-INC-01');
    await addOne(v, variant.itemId, 'FK-INC-01', 2);
    const json = await v.send('GET', '/checkout?format=json');
    expect(json.json.pageType).toBe(201);
    expect(json.json.cart.totalQuantity).toBe(2);
    // Without the deployment's Stripe keys the island keeps the test card and the CSP stays closed.
    expect(json.json.stripe).toBeUndefined();
    const res = await worker.fetch('/checkout', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const html = await res.text();
    expect(html).toContain('data-island="checkout"');
    expect(html).not.toContain('data-prop-stripe');
    expect(res.headers.get('Content-Security-Policy')).not.toContain('stripe.com');
  });

  it('the order links open pages 202 and 211 only with the right token', async () => {
    const v = new TestVisitor(worker, '198.51.100.61');
    await v.visit('/');
    const variant = await variantOf(worker.db, 'FK-INC-01');
    await addOne(v, variant.itemId, 'FK-INC-01');
    const placed = await placeOrder(v);
    expect(placed.status).toBe(201);
    const url: string = placed.json.confirmationUrl;
    expect(url).toMatch(/^\/order-confirmed\?order=/);
    const confirmed = await worker.fetch(url);
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).toContain(`Order #${placed.json.order.orderNumber} is confirmed`);
    expect(((await (await worker.fetch(`${url}&format=json`)).json()) as { pageType: number }).pageType).toBe(202);
    const status = await worker.fetch(url.replace('/order-confirmed', '/order-status'));
    expect(await status.text()).toContain(`Order #${placed.json.order.orderNumber}`);
    const forged = await worker.fetch(url.replace(/token=.{4}/, 'token=AAAA'));
    expect(forged.status).toBe(404);
    // The mail's link is the status page's.
    const mail = await worker.db.prepare(`SELECT text_body AS t FROM mail_outbox WHERE kind = 'order-confirmation' ORDER BY created_on DESC LIMIT 1`).first<{ t: string }>();
    const link = /https?:\/\/[^/\s]+(\/order-status\?\S+)/.exec(mail!.t)![1]!;
    expect((await worker.fetch(link)).status).toBe(200);
  });
});

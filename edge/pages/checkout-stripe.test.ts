import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../test-support.js';
import { variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne } from '../api/commerce/test-checkout.js';
import { shopper, subscriptionCart } from '../api/commerce/test-subscription.js';

// With the deployment's Stripe keys, /checkout hands the island the publishable key
// (never the secret) and its CSP opens Stripe's hosts; other pages' policies stay closed.
const SECRET_KEY = 'sk_test_checkout_page_secret';
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker({ bindings: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_checkout_page', STRIPE_API_BASE: 'http://127.0.0.1:9' } });
});
afterAll(() => worker?.dispose());

describe('/checkout with Stripe set up', () => {
  it('carries the publishable key in the context and the island props, never the secret key', async () => {
    const v = new TestVisitor(worker, '198.51.100.70');
    await v.visit('/');
    const variant = await variantOf(worker.db, 'FK-INC-01');
    await addOne(v, variant.itemId, 'FK-INC-01');
    const json = await v.send('GET', '/checkout?format=json');
    expect(json.json.stripe).toEqual({ publishableKey: 'pk_test_checkout_page', locale: 'en', returnUrl: '/checkout' });
    expect(JSON.stringify(json.json)).not.toContain(SECRET_KEY);
    const res = await worker.fetch('/checkout', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } });
    const html = await res.text();
    const island = /<section class="checkout"[^>]*>/.exec(html)![0];
    expect(island).toContain('data-prop-stripe="{&quot;publishableKey&quot;:&quot;pk_test_checkout_page&quot;,&quot;locale&quot;:&quot;en&quot;,&quot;returnUrl&quot;:&quot;/checkout&quot;}"');
    expect(html).not.toContain(SECRET_KEY);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('hands a subscription’s ?cartToken= checkout the publishable key too, and its CSP opens Stripe', async () => {
    const v = await shopper(worker, '198.51.100.71');
    const token = await subscriptionCart(v, worker.db);
    const json = await v.send('GET', `/checkout?cartToken=${token}&format=json`);
    expect(json.json.subscription).toMatchObject({ cartToken: token });
    expect(json.json.stripe).toEqual({ publishableKey: 'pk_test_checkout_page', locale: 'en', returnUrl: '/checkout' });
    const res = await worker.fetch(`/checkout?cartToken=${token}`);
    expect(await res.text()).not.toContain(SECRET_KEY);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it("keeps the page's language prefix in Stripe's return_url: /fr/checkout returns to /fr/checkout", async () => {
    const v = new TestVisitor(worker, '198.51.100.72');
    await v.visit('/fr/');
    const variant = await variantOf(worker.db, 'FK-INC-01');
    await addOne(v, variant.itemId, 'FK-INC-01');
    const json = await v.send('GET', '/fr/checkout?format=json');
    expect(json.json.stripe).toEqual({ publishableKey: 'pk_test_checkout_page', locale: 'fr', returnUrl: '/fr/checkout' });
    const html = await (await worker.fetch('/fr/checkout', { headers: { Cookie: [...v.jar].map(([k, val]) => `${k}=${val}`).join('; ') } })).text();
    expect(html).toContain('&quot;returnUrl&quot;:&quot;/fr/checkout&quot;');
  });

  it('keeps Stripe out of the other pages and of an empty cart checkout without a key leak', async () => {
    const home = await worker.fetch('/');
    expect(home.headers.get('Content-Security-Policy')).not.toContain('stripe.com');
    expect(await home.text()).not.toContain('pk_test_checkout_page');
    const empty = await worker.fetch('/checkout?format=json');
    expect(JSON.stringify(await empty.json())).not.toContain(SECRET_KEY);
  });
});

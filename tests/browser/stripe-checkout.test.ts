import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../edge/api/commerce/test-stripe-server.js';
import { FAKE_STRIPE_JS } from './fake-stripe-js.js';
import { islandsHydrated, openStorefront, visitorApi, type Storefront, type Visitor } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * In Chromium with Stripe set up: the checkout island loads (a fake of) Stripe.js from
 * js.stripe.com, mounts the Payment Element, gets the intent from the worker, confirms it
 * against the local Stripe server, and places the order naming the intent. The plans are
 * billed through Stripe too (BILLING_PROVIDER=stripe): the billing screen's card form saves a
 * card through a SetupIntent and the worker subscribes the site with it. No network:
 * js.stripe.com and api.stripe.com are answered by routing, anything else off-host is refused.
 */
const PUBLISHABLE_KEY = 'pk_test_browser_checkout';
const SECRET_KEY = 'sk_test_browser_checkout_secret';
const stripe = new FakeStripe();
let store: Storefront;
let visitor: Visitor;
let allowed: RegExp | undefined;
let offHost: string[] = [];

beforeAll(async () => {
  await stripe.start();
  store = await openStorefront({
    bindings: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY, STRIPE_API_BASE: stripe.url, BILLING_PROVIDER: 'stripe', STRIPE_BILLING_PRICES: '{"price_commerce_monthly":"commerce"}' },
  });
});
afterAll(async () => {
  await store?.close();
  await stripe.stop();
});
afterEach(async () => {
  expect(visitor.errors.filter((e) => !allowed?.test(e))).toEqual([]);
  expect(offHost).toEqual([]);
  allowed = undefined;
  offHost = [];
  await visitor.close();
});

/** What Stripe.js's confirm call does at Stripe: the local server confirms the intent with the card. */
async function stripeApi(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const setup = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(url.pathname)?.[1];
  if (setup) return confirmSetup(route, setup);
  const id = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname)?.[1];
  const form = new URLSearchParams(route.request().postData() ?? '');
  const intent = id ? stripe.intents.get(id) : undefined;
  const cors = { 'Access-Control-Allow-Origin': '*' };
  if (!intent || form.get('client_secret') !== intent.client_secret || form.get('key') !== PUBLISHABLE_KEY) {
    return route.fulfill({ status: 400, headers: cors, json: { error: { type: 'invalid_request_error', message: 'Unknown intent or key.' } } });
  }
  // Stripe.js refuses a deferred-intent confirm whose element and intent disagree on saving the card.
  if ((form.get('elements_setup_future_usage') || null) !== intent.setup_future_usage) {
    return route.fulfill({ status: 400, headers: cors, json: { error: { type: 'invalid_request_error', message: 'The setupFutureUsage of the Payment Element does not match the PaymentIntent.' } } });
  }
  const after = stripe.confirm(intent.id, form.get('payment_method_data[card][number]') ?? '');
  if (after.last_payment_error) return route.fulfill({ status: 402, headers: cors, json: { error: after.last_payment_error } });
  return route.fulfill({ status: 200, headers: cors, json: after });
}

/** Stripe.js's confirmSetup at Stripe: the local server saves the card on the SetupIntent (or declines it). */
async function confirmSetup(route: Route, id: string): Promise<void> {
  const form = new URLSearchParams(route.request().postData() ?? '');
  const intent = stripe.setupIntents.get(id);
  const cors = { 'Access-Control-Allow-Origin': '*' };
  if (!intent || form.get('client_secret') !== intent.client_secret || form.get('key') !== PUBLISHABLE_KEY) {
    return route.fulfill({ status: 400, headers: cors, json: { error: { type: 'invalid_request_error', message: 'Unknown intent or key.' } } });
  }
  const after = stripe.confirmSetup(id, form.get('payment_method_data[card][number]') ?? '');
  return after.last_setup_error ? route.fulfill({ status: 402, headers: cors, json: { error: after.last_setup_error } }) : route.fulfill({ status: 200, headers: cors, json: after });
}

/** A new visitor (or the signed-in demo owner) whose browser reaches (fake) Stripe.js and the local Stripe server, nothing else off-host. */
async function stripeVisitor(stripeJs: 'served' | 'unreachable' = 'served', owner = false): Promise<Page> {
  visitor = owner ? await signedInOwner(store) : await store.visitor();
  const { page, context } = visitor;
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
    offHost.push(route.request().url());
    return route.abort();
  });
  await context.route('https://js.stripe.com/**', (route) => (stripeJs === 'served' ? route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }) : route.abort('internetdisconnected')));
  await context.route('https://api.stripe.com/**', stripeApi);
  return page;
}

/** Product page -> add -> /checkout with Stripe's element, the address filled; the card is typed by the caller. */
async function toCheckout(stripeJs: 'served' | 'unreachable' = 'served'): Promise<Page> {
  const page = await stripeVisitor(stripeJs);
  await page.goto(store.url('/shop/incense-holder'));
  await islandsHydrated(page, '[data-island="product-form"], [data-island="cart-pill"]');
  await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
  await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
  await page.goto(store.url('/checkout'));
  await islandsHydrated(page, '[data-island="checkout"]');
  const checkout = page.locator('[data-island="checkout"]');
  await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await checkout.getByLabel('First name', { exact: true }).fill('Ada');
  await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
  await checkout.getByRole('combobox', { name: 'Address' }).fill('1 Main St');
  await page.keyboard.press('Escape');
  await checkout.getByLabel('City', { exact: true }).fill('Portland');
  await checkout.getByLabel('State / region').selectOption('OR');
  await checkout.getByLabel('Postal code').fill('97201');
  await page.keyboard.press('Tab');
  // A controlled radio: checked once the worker has priced the choice.
  await page.getByRole('radio', { name: /Standard/ }).click();
  await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
  await expect.poll(() => page.locator('.order-summary').innerText()).toContain('Shipping: $8.00');
  // The test card's fields are gone: Stripe's element is the card.
  expect(await checkout.getByLabel('Expiry (MM/YY)').count()).toBe(0);
  if (stripeJs === 'served') await checkout.locator('#fake-stripe-card').waitFor();
  return page;
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.locator('#fake-stripe-card').fill('');
  await page.locator('#fake-stripe-card').focus();
  await page.keyboard.type(card);
  await page.keyboard.press('Enter');
}

describe('Stripe checkout in Chromium', () => {
  it('loads Stripe.js only on /checkout, pays through the Payment Element and reaches order confirmed', async () => {
    const page = await toCheckout();
    const shown = await page.evaluate(() => (window as unknown as { __fakeStripe: { elements: { amount: number }[]; amounts: number[] } }).__fakeStripe);
    // The element in the page's language (en-US: Stripe's 'en').
    expect(shown.elements).toEqual([{ mode: 'payment', amount: expect.any(Number), currency: 'usd', captureMethod: 'manual', allowedPaymentMethodTypes: ['card'], locale: 'en' }]);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/order-confirmed\?order=/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Thank you! Order #\d{4,} is confirmed\.$/);
    // The worker captured the intent Stripe.js confirmed, at the total the server priced.
    const created = stripe.callsTo('POST', /^\/v1\/payment_intents$/);
    expect(created).toHaveLength(1);
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent.status).toBe('succeeded');
    // The element showed the amount the server charged (updated as shipping changed the total).
    expect(shown.amounts.at(-1) ?? shown.elements[0]!.amount).toBe(intent.amount);
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${intent.id}/capture$`))).toHaveLength(1);
    const row = await store.worker.db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE provider = 'stripe' AND provider_ref = ? AND status = 'captured' AND amount_cents = ?`).bind(intent.id, intent.amount).first<{ n: number }>();
    expect(row!.n).toBe(1);
    // Other pages never load Stripe.js nor open the CSP to it.
    const home = await page.goto(store.url('/'));
    expect(home!.headers()['content-security-policy']).not.toContain('stripe.com');
    expect(await page.locator('script[src^="https://js.stripe.com"]').count()).toBe(0);
  });

  it("a decline shows Stripe's message inline, keeps the cart, and a second card pays", async () => {
    allowed = /HTTP 402 \/v1\/payment_intents|status of 402/;
    const page = await toCheckout();
    await payWith(page, '4000 0000 0000 0002');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Your card was declined.');
    expect(page.url()).toMatch(/\/checkout$/);
    const { shoppingCart } = await visitorApi(store, visitor, 'GET', '/api/commerce/shopping-cart');
    expect(shoppingCart.totalQuantity).toBe(1);
    // The same cart's checkout under /fr (another tab): Stripe's element is given the page's language (issue 29).
    const fr = await visitor.context.newPage();
    await fr.goto(store.url('/fr/checkout'));
    await fr.locator('[data-island="checkout"] #fake-stripe-card').waitFor();
    const shownFr = await fr.evaluate(() => (window as unknown as { __fakeStripe: { elements: { locale?: string }[] } }).__fakeStripe);
    expect(shownFr.elements.map((e) => e.locale)).toEqual(['fr']);
    await fr.close();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/order-confirmed\?order=/);
  });

  it('subscribes to the clay club through Stripe: the element and the intent save the card, the subscription keeps it', async () => {
    const page = await stripeVisitor();
    await page.goto(store.url('/shop/monthly-clay-club'));
    await islandsHydrated(page, '[data-island="product-form"], [data-island="cart-pill"]');
    await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
    await page.waitForURL(/\/checkout\?cartToken=[A-Za-z0-9_-]{32}$/);
    await islandsHydrated(page, '[data-island="checkout"]');
    const checkout = page.locator('[data-island="checkout"]');
    await checkout.getByLabel('Email', { exact: true }).fill('club@example.com');
    await checkout.locator('#fake-stripe-card').waitFor();
    expect(await checkout.getByLabel('Expiry (MM/YY)').count()).toBe(0);
    const shown = await page.evaluate(() => (window as unknown as { __fakeStripe: { elements: unknown[] } }).__fakeStripe);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/subscription-confirmed\?order=/, { timeout: 30_000 });
    expect(shown.elements).toEqual([{ mode: 'payment', amount: 6500, currency: 'usd', captureMethod: 'manual', allowedPaymentMethodTypes: ['card'], locale: 'en', setupFutureUsage: 'off_session' }]);
    const intent = [...stripe.intents.values()].at(-1)!;
    expect(intent).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    const sub = await store.worker.db.prepare(`SELECT payment_provider AS provider, payment_ref AS ref FROM subscriptions WHERE email = 'club@example.com' ORDER BY created_on DESC`).first<{ provider: string; ref: string }>();
    expect(sub).toEqual({ provider: 'stripe', ref: `${intent.customer}:${intent.payment_method}` });
  });

  it('says so when Stripe.js cannot load, and refuses to pay without it', async () => {
    allowed = /ERR_INTERNET_DISCONNECTED|Failed to load Stripe\.js/;
    const page = await toCheckout('unreachable');
    const intentsBefore = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;
    await expect.poll(() => page.locator('.stripe-payment [role="alert"]').innerText()).toBe('Card payments could not load. Please reload the page and try again.');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.locator('.checkout-error').innerText()).toBe('Card payments could not load. Please reload the page and try again.');
    // Nothing was asked of Stripe and the cart is untouched.
    expect(stripe.callsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(intentsBefore);
    expect((await visitorApi(store, visitor, 'GET', '/api/commerce/shopping-cart')).shoppingCart.totalQuantity).toBe(1);
  });

  it('upgrades a trial site to a paid plan through Stripe\u2019s card form on the billing screen (Stripe.js only there)', async () => {
    allowed = /HTTP 402 \/v1\/setup_intents|status of 402/;
    const set = (sql: string, ...values: unknown[]) => store.worker.db.prepare(`UPDATE websites SET ${sql}, content_version = content_version + 1 WHERE is_default = 1`).bind(...values).run();
    await set("subscription_state = 3, plan = 'business', trial_ends_on = ?", Date.now() + 5 * 86_400_000);
    try {
      const page = await stripeVisitor('served', true);
      await openOwnerApp(page, store.url('/config/'));
      expect(await page.locator('script[src^="https://js.stripe.com"]').count()).toBe(0);
      await page.locator('[data-subscription-banner][data-state="trial"]').getByRole('link', { name: 'Upgrade' }).click();
      await page.getByRole('heading', { name: 'Upgrade your trial', level: 1 }).waitFor();
      // Arrived inside the app, whose page policy has no Stripe: choosing loads the billing page itself, then the card form.
      await page.locator('[data-plan="commerce"]').getByRole('button', { name: 'Choose Commerce' }).click();
      await page.waitForURL((url) => url.pathname === '/config/billing/upgrade' && url.searchParams.get('plan') === 'commerce');
      const form = page.getByRole('region', { name: 'Pay for Commerce' });
      await form.locator('#fake-stripe-card').waitFor();
      const policy = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
      expect(policy).toContain('https://js.stripe.com');
      expect(await page.getByLabel('Card number (test billing)').count()).toBe(0);

      await form.locator('#fake-stripe-card').fill('4000 0000 0000 0002');
      await form.getByRole('button', { name: 'Pay $49.00 a month' }).click();
      await expect.poll(() => form.getByRole('alert').innerText()).toBe('Your card was declined.');
      await form.locator('#fake-stripe-card').fill('4242 4242 4242 4242');
      await form.getByRole('button', { name: 'Pay $49.00 a month' }).click();
      await page.waitForURL((url) => url.pathname === '/config/billing' && url.search === '');
      await expect.poll(() => page.locator('[data-billing-state]').textContent()).toBe('Paid');
      expect(await page.locator('[data-billing-plan]').textContent()).toBe('Commerce');

      // The site's subscription is Stripe's, at the table's price, paid by the customer and card of the confirmed SetupIntent.
      const row = await store.worker.db.prepare('SELECT subscription_state AS state, plan, trial_ends_on AS trialEndsOn, billing_reference AS ref FROM websites WHERE is_default = 1').first<{ state: number; plan: string; trialEndsOn: number | null; ref: string }>();
      expect(row).toMatchObject({ state: 8, plan: 'commerce', trialEndsOn: null, ref: expect.stringMatching(/^sub_/) });
      const setupIntent = [...stripe.setupIntents.values()].at(-1)!;
      expect(setupIntent).toMatchObject({ status: 'succeeded', metadata: { plan: 'commerce' } });
      expect(stripe.subscriptions.get(row!.ref)).toMatchObject({ status: 'active', customer: setupIntent.customer, form: { default_payment_method: setupIntent.payment_method, 'items[0][price]': 'price_commerce_monthly' } });
      // The secret key never reached the page.
      expect(await page.content()).not.toContain(SECRET_KEY);
    } finally {
      await set("subscription_state = 8, plan = 'commerce', trial_ends_on = NULL, billing_reference = NULL");
    }
  });
});

describe('Stripe donations in Chromium (issue 30)', () => {
  it('a donor gives a custom amount monthly on the donate page: limits, an outage and a decline said beside the form, a double click pays once, page 204, the receipt', async () => {
    allowed = /HTTP 402 \/v1\/payment_intents|HTTP (400|503) \/api\/commerce\/donations\/stripe\/intent|status of (400|402|503)/;
    const page = await stripeVisitor();
    const email = 'stripe.monthly.giver@example.com';
    const answer = await page.goto(store.url('/donate'));
    expect(answer!.headers()['content-security-policy']).toContain('https://js.stripe.com');
    await islandsHydrated(page, '[data-island="donate"]');
    const form = page.locator('form.donate-form');
    await form.locator('#fake-stripe-card').waitFor();
    // Stripe's element is the card: the test card's fields are not on a Stripe site.
    expect(await page.getByLabel('Expiry month (MM)').count()).toBe(0);
    await page.getByLabel('Amount (USD)').fill('18.40');
    await page.getByLabel('Monthly (cancel at any time)').check();
    await page.getByLabel('Email (for your receipt)').fill(email);
    await page.getByLabel('Your name', { exact: true }).fill('Stripe Giver');
    await page.getByLabel('Message (optional)').fill('For the glaze lab');
    // Monthly: the element is mounted anew saving the card, as the server's intent will.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __fakeStripe: { elements: { setupFutureUsage?: string; locale?: string }[] } }).__fakeStripe.elements.at(-1)))
      .toMatchObject({ mode: 'payment', currency: 'usd', captureMethod: 'manual', setupFutureUsage: 'off_session', locale: 'en' });
    await form.locator('#fake-stripe-card').waitFor();
    const status = page.locator('.donate-status');
    const intentsBefore = stripe.callsTo('POST', /^\/v1\/payment_intents$/).length;

    // Below the site's smallest gift: the worker refuses it before asking Stripe, said beside the form.
    await page.locator('#fake-stripe-card').fill('4242 4242 4242 4242');
    await page.getByLabel('Amount (USD)').fill('0.50');
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect.poll(() => status.innerText()).toBe('The smallest donation is $1.00.');
    // Stripe unreachable: nothing charged, the donor is told so and may try again.
    await page.getByLabel('Amount (USD)').fill('18.40');
    stripe.down = true;
    try {
      await page.getByRole('button', { name: 'Donate' }).click();
      await expect.poll(() => status.innerText()).toBe('We could not reach the payment service. You have not been charged. Please try again.');
    } finally {
      stripe.down = false;
    }
    expect(stripe.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.form.amount)).toHaveLength(intentsBefore);

    await payWith(page, '4000 0000 0000 0002');
    await expect.poll(() => status.innerText()).toBe('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe('/donate');
    expect(await page.getByRole('button', { name: 'Donate' }).isEnabled()).toBe(true);

    await page.locator('#fake-stripe-card').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Donate' }).dblclick();
    await page.waitForURL(/\/contribution-confirmed\?order=/);
    await page.getByRole('heading', { name: 'Thank you for your donation' }).waitFor();
    expect(await page.locator('.contribution-amount').textContent()).toContain('$18.40');
    await page.locator('[data-monthly="active"]').waitFor();

    const db = store.worker.db;
    const receipt = await db.prepare("SELECT text_body AS text FROM mail_outbox WHERE kind = 'donation-receipt' AND to_address = ?").bind(email).all<{ text: string }>();
    expect(receipt.results).toHaveLength(1);
    expect(receipt.results[0]!.text).toContain('$18.40');
    const orders = await db.prepare("SELECT COUNT(*) AS n FROM orders WHERE email = ? AND purchased_cart_id LIKE 'donation:%'").bind(email).first<{ n: number }>();
    expect(orders!.n).toBe(1);
    // One intent for the donor's Customer, captured once; the monthly gift keeps its saved card.
    const customer = [...stripe.customers.values()].find((c) => c.email === email)!;
    const intents = [...stripe.intents.values()].filter((i) => i.customer === customer.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'succeeded', amount: 1840, setup_future_usage: 'off_session' });
    expect(stripe.callsTo('POST', new RegExp(`^/v1/payment_intents/${intents[0]!.id}/capture$`))).toHaveLength(1);
    const sub = await db.prepare("SELECT payment_provider AS provider, payment_ref AS ref, status FROM subscriptions WHERE email = ? AND item_id = 'donation'").bind(email).first<{ provider: string; ref: string; status: string }>();
    expect(sub).toEqual({ provider: 'stripe', ref: `${customer.id}:${intents[0]!.payment_method}`, status: 'active' });
  });
});

/**
 * Every storefront page type of the demo store, as the page tour opens them (tests/browser/
 * visual/tour.ts): a path, and for pages that need a shopper's state (a cart, an order, a
 * signed-in customer, a newsletter sign-up) the set-up that makes it through the real APIs
 * first; which checks beyond overflow and the screenshot apply (axe, layout shift); and a second
 * state the same load is driven into (the checkout with its errors shown).
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CLUB_SKU } from '../../../edge/api/commerce/test-subscription.js';
import { ageKeys } from '../../../edge/api/forms/test-visitor.js';
import { linkIn, queuedMails } from '../../../edge/api/forms/test-mail-log.js';
import { createSiteUser } from '../../../edge/test-support.js';
import { islandsReached, itemIdOf, trackRequests, visitorApi, type StorefrontSuite, type Visitor } from '../harness.js';

export interface PageType {
  /** File-name-safe name of the page type (baselines are `<name>-<width>.png`). */
  name: string;
  /** Opens the page for `visitor` (after any set-up) and answers its path. */
  path(store: StorefrontSuite, visitor: Visitor): Promise<string>;
  /** Page regions whose content depends on when the test runs (dates of new orders, hold countdowns). */
  mask?: string[];
  /** Styled by issue 31: axe-core finds no serious or critical violation (at 390 and 1280 px). */
  axe?: boolean;
  /** An island takes over the server's markup: layout shift while it does stays under 0.02 (at 390 and 1280 px). */
  cls?: boolean;
  /** A second state the same load is driven into, checked again for overflow and by axe (no screenshot). */
  then?: { name: string; allow?: RegExp; drive(page: Page): Promise<void> };
}

const fixed = (path: string) => async () => path;

/** A cart of two lines (a mug variant and an incense holder, one each: stock lasts for every page of a file), added through the cart API. */
async function fillCart(store: StorefrontSuite, visitor: Visitor): Promise<void> {
  const mug = await itemIdOf(store, '/shop/speckled-stoneware-mug');
  const incense = await itemIdOf(store, '/shop/incense-holder');
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: incense, sku: null, quantity: 1, additionalFields: null });
}

/** Caches one answer per worker (a page type's set-up runs once however many widths use it). */
function oncePerWorker<T>(make: (store: StorefrontSuite, visitor: Visitor) => Promise<T>): (store: StorefrontSuite, visitor: Visitor) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (store, visitor) => {
    const key = store.url('/');
    let answer = made.get(key);
    if (!answer) made.set(key, (answer = make(store, visitor)));
    return answer;
  };
}

/** The worker's order (placed once, paid with the test card; its links carry their token): its confirmation path (`/order-confirmed?order=…&token=…`). */
const orderOf = oncePerWorker((store, visitor) => placeOrder(store, visitor));

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

/** POSTs an order for the visitor's cart (or the subscription cart in `extra`); answers the order and its confirmation path. */
async function postOrder(store: StorefrontSuite, visitor: Visitor, data: Record<string, unknown>): Promise<{ confirmationUrl: string; order: { id: string; orderNumber: number } }> {
  const crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')?.value ?? '';
  const res = await visitor.context.request.post(store.url('/api/commerce/orders'), {
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb, 'Idempotency-Key': randomUUID() },
    data: JSON.stringify({ email: 'ada@example.com', payment: { provider: 'test', card: CARD }, ...data }),
  });
  const body = (await res.json()) as { confirmationUrl?: string; order?: { id: string; orderNumber: number } };
  if (!res.ok() || !body.confirmationUrl || !body.order) throw new Error(`order refused: ${res.status()} ${JSON.stringify(body)}`);
  return { confirmationUrl: body.confirmationUrl, order: body.order };
}

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };

async function placeOrder(store: StorefrontSuite, visitor: Visitor): Promise<string> {
  await fillCart(store, visitor);
  return (await postOrder(store, visitor, { shippingAddress: ADDRESS, shippingOptionId: 'us-standard' })).confirmationUrl;
}

const CUSTOMER = { email: 'ada@customers.test', password: 'tour-Password-31' };
const customer = oncePerWorker((store) => createSiteUser(store.worker, CUSTOMER));

/** Signs the visitor's browser in as the tour's customer (created once per worker): the session cookie lands in its context. */
async function signedIn(store: StorefrontSuite, visitor: Visitor): Promise<void> {
  await customer(store, visitor);
  await visitor.context.request.get(store.url('/api/site-users/account'));
  const crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')?.value ?? '';
  const res = await visitor.context.request.post(store.url('/api/site-users/account/session'), {
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
    data: JSON.stringify({ email: CUSTOMER.email, password: CUSTOMER.password, rememberMe: false }),
  });
  if (!res.ok()) throw new Error(`sign-in refused: ${res.status()} ${await res.text()}`);
}

/** The customer's own order (a mug, shipped): its number. The visitor is signed in first. */
const customerOrder = oncePerWorker(async (store, visitor) => {
  await signedIn(store, visitor);
  const mug = await itemIdOf(store, '/shop/speckled-stoneware-mug');
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
  return (await postOrder(store, visitor, { email: CUSTOMER.email, shippingAddress: ADDRESS, shippingOptionId: 'us-standard' })).order.orderNumber;
});

/** The customer's clay club subscription: its id and the first order's confirmation path. The visitor is signed in first. */
const customerSubscription = oncePerWorker(async (store, visitor) => {
  await signedIn(store, visitor);
  const club = await itemIdOf(store, '/shop/monthly-clay-club');
  const { cartToken } = (await visitorApi(store, visitor, 'POST', '/api/3/commerce/cart/subscription', { itemId: club, sku: CLUB_SKU, qty: 1, additionalFields: null })) as { cartToken: string };
  const placed = await postOrder(store, visitor, { email: CUSTOMER.email, cartToken });
  const row = await store.worker.db.prepare('SELECT id FROM subscriptions WHERE first_order_id = ?').bind(placed.order.id).first<{ id: string }>();
  if (!row) throw new Error('the clay club order started no subscription');
  return { id: row.id, confirmationUrl: placed.confirmationUrl };
});

/** A footer newsletter sign-up (pending, double opt-in) through the form API: the links its confirmation mail carries. */
const newsletterLinks = oncePerWorker(async (store) => {
  const context = (await fetch(store.url('/?format=json')).then((r) => r.json())) as { newsletterForm: { id: string; fields: { id: string }[] } };
  const form = context.newsletterForm;
  const jar = new Map<string, string>();
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(store.url(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), 'X-CSRF-Token': jar.get('crumb') ?? '', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of res.headers.getSetCookie()) jar.set(set.slice(0, set.indexOf('=')), set.slice(set.indexOf('=') + 1, set.indexOf(';') === -1 ? undefined : set.indexOf(';')));
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
    return res.json().catch(() => undefined) as Promise<{ key?: string } | undefined>;
  };
  await call('/api/commerce/shopping-cart');
  const key = (await call('/api/form/FormSubmissionKey', ''))?.key;
  await ageKeys(store.worker);
  await call('/api/form/SaveFormSubmission', { key, formId: form.id, form: JSON.stringify({ [form.fields[0]!.id]: 'reader@example.com' }), pageTitle: 'Home', pagePath: '/' });
  const mail = (await queuedMails(store.worker)).find((m) => m.to === 'reader@example.com' && m.kind === 'newsletter-confirmation');
  if (!mail) throw new Error('no confirmation mail for the newsletter sign-up');
  return { confirm: linkIn(mail, '/newsletter/confirm'), unsubscribe: linkIn(mail, '/newsletter/unsubscribe') };
});

// What changes from run to run on these pages: new orders' numbers and dates, stock-hold countdowns.
const ORDER_MASK = ['.order-number', 'time', '.order-date', '.order-meta'];
// And a subscription's next payment date (a month after the run).
const SUBSCRIPTION_MASK = [...ORDER_MASK, '.subscription-next'];

/** The checkout's empty submit: every error shown beside its field; on a phone the order summary opened too. */
const CHECKOUT_ERRORS: PageType['then'] = {
  name: 'with its errors shown',
  allow: /HTTP 400 \/api\/commerce\/orders|status of 400/,
  async drive(page) {
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.locator('#email-error').waitFor();
    if (page.viewportSize()!.width < 433) {
      await page.getByRole('button', { name: 'Show order summary' }).click();
      await page.locator('.order-summary-body:not(.is-collapsed)').waitFor();
    }
  },
};

export const PAGE_TYPES: PageType[] = [
  { name: 'home', path: fixed('/') },
  { name: 'listing', path: fixed('/shop') },
  { name: 'product', path: fixed('/shop/speckled-stoneware-mug') },
  { name: 'product-sold-out', path: fixed('/shop/moon-jar') },
  { name: 'blog', path: fixed('/journal') },
  { name: 'blog-post', path: fixed('/journal/opening-the-winter-kiln') },
  { name: 'page', path: fixed('/about'), axe: true },
  { name: 'contact', path: fixed('/contact'), axe: true },
  { name: 'search', path: fixed('/search?q=glaze') },
  { name: 'not-found', path: fixed('/no-such-page') },
  { name: 'cart-empty', path: fixed('/cart'), axe: true },
  {
    name: 'cart',
    path: async (store, visitor) => {
      await fillCart(store, visitor);
      return '/cart';
    },
    mask: ['.cart-entry-hold'],
    axe: true,
    cls: true,
  },
  {
    name: 'checkout',
    path: async (store, visitor) => {
      await fillCart(store, visitor);
      return '/checkout';
    },
    mask: ['.cart-entry-hold', '.checkout-hold'],
    axe: true,
    cls: true,
    then: CHECKOUT_ERRORS,
  },
  { name: 'order-confirmed', path: orderOf, mask: ORDER_MASK, axe: true },
  { name: 'order-status', path: async (store, visitor) => (await orderOf(store, visitor)).replace('/order-confirmed', '/order-status'), mask: ORDER_MASK, axe: true },
  { name: 'account-sign-in', path: fixed('/account'), axe: true },
  { name: 'account-sign-up', path: fixed('/account/sign-up'), axe: true },
  { name: 'account-reset', path: fixed('/account/reset'), axe: true },
  {
    name: 'account-order',
    path: async (store, visitor) => {
      const number = await customerOrder(store, visitor);
      await signedIn(store, visitor);
      return `/account/orders/${number}`;
    },
    mask: ORDER_MASK,
    axe: true,
  },
  {
    name: 'account-subscription',
    path: async (store, visitor) => {
      const { id } = await customerSubscription(store, visitor);
      await signedIn(store, visitor);
      return `/account/subscriptions/${id}`;
    },
    mask: SUBSCRIPTION_MASK,
    axe: true,
  },
  { name: 'subscription-confirmed', path: async (store, visitor) => (await customerSubscription(store, visitor)).confirmationUrl, mask: SUBSCRIPTION_MASK, axe: true },
  { name: 'newsletter-confirm', path: async (store, visitor) => (await newsletterLinks(store, visitor)).confirm, axe: true },
  { name: 'newsletter-unsubscribe', path: async (store, visitor) => (await newsletterLinks(store, visitor)).unsubscribe, axe: true },
];

/**
 * Loads `path` and waits until the page stops changing by itself: every picture loaded (lazy
 * ones too), web fonts ready, and every island that starts without the visitor (eager, idle,
 * visible) mounted; interaction islands stay as the server drew them. `loaded` runs first, on
 * the page as a shopper gets it (before lazy pictures are forced and islands scrolled to), with
 * `quiet` (no request of the page's own in flight).
 */
export async function openSettled(page: Page, url: string, loaded?: (quiet: () => Promise<void>) => Promise<void>): Promise<void> {
  const network = trackRequests(page);
  const res = await page.goto(url);
  if (!res) throw new Error(`no answer for ${url}`);
  await loaded?.(() => network.quiet());
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
  await islandsReached(page, '[data-island]:not([data-island-load="interaction"])');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
  });
  // Islands that fetch before drawing are done when their requests are.
  await network.quiet();
  // Then the page's size holds still for ten frames in a row (nothing is still being drawn in).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = '';
        let same = 0;
        const tick = () => {
          const size = `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`;
          same = size === last ? same + 1 : 0;
          last = size;
          if (same >= 10) resolve();
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

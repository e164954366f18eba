/**
 * Every storefront page type of the demo store, as the visual check and the overflow check
 * open them: a path, and for pages that need a shopper's state (a cart, an order) the set-up
 * that makes it through the real APIs first. Shared by tests/browser/visual/visual.test.ts and
 * tests/browser/overflow.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { islandsReached, itemIdOf, visitorApi, type StorefrontSuite, type Visitor } from '../harness.js';

export interface PageType {
  /** File-name-safe name of the page type (baselines are `<name>-<width>.png`). */
  name: string;
  /** Opens the page for `visitor` (after any set-up) and answers its path. */
  path(store: StorefrontSuite, visitor: Visitor): Promise<string>;
  /** Page regions whose content depends on when the test runs (dates of new orders, hold countdowns). */
  mask?: string[];
}

const fixed = (path: string) => async () => path;

/** A cart of two lines (a mug variant and an incense holder, one each: stock lasts for every page of a file), added through the cart API. */
async function fillCart(store: StorefrontSuite, visitor: Visitor): Promise<void> {
  const mug = await itemIdOf(store, '/shop/speckled-stoneware-mug');
  const incense = await itemIdOf(store, '/shop/incense-holder');
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: incense, sku: null, quantity: 1, additionalFields: null });
}

// One order per worker, shared by the order pages of every width (its links carry their token).
const orders = new Map<string, Promise<string>>();

/** The worker's order (placed once, paid with the test card): its confirmation path (`/order-confirmed?order=…&token=…`). */
function orderOf(store: StorefrontSuite, visitor: Visitor): Promise<string> {
  const key = store.url('/');
  let order = orders.get(key);
  if (!order) orders.set(key, (order = placeOrder(store, visitor)));
  return order;
}

async function placeOrder(store: StorefrontSuite, visitor: Visitor): Promise<string> {
  await fillCart(store, visitor);
  const crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')?.value ?? '';
  const res = await visitor.context.request.post(store.url('/api/commerce/orders'), {
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb, 'Idempotency-Key': randomUUID() },
    data: JSON.stringify({
      email: 'ada@example.com',
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' },
      shippingOptionId: 'us-standard',
      payment: { provider: 'test', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } },
    }),
  });
  const body = (await res.json()) as { confirmationUrl?: string };
  if (!res.ok() || !body.confirmationUrl) throw new Error(`order refused: ${res.status()} ${JSON.stringify(body)}`);
  return body.confirmationUrl;
}

// What changes from run to run on these pages: new orders' numbers and dates, stock-hold countdowns.
const ORDER_MASK = ['.order-number', 'time', '.order-date', '.order-meta'];

export const PAGE_TYPES: PageType[] = [
  { name: 'home', path: fixed('/') },
  { name: 'listing', path: fixed('/shop') },
  { name: 'product', path: fixed('/shop/speckled-stoneware-mug') },
  { name: 'product-sold-out', path: fixed('/shop/moon-jar') },
  { name: 'blog', path: fixed('/journal') },
  { name: 'blog-post', path: fixed('/journal/opening-the-winter-kiln') },
  { name: 'page', path: fixed('/about') },
  { name: 'contact', path: fixed('/contact') },
  { name: 'search', path: fixed('/search?q=glaze') },
  { name: 'not-found', path: fixed('/no-such-page') },
  { name: 'cart-empty', path: fixed('/cart') },
  {
    name: 'cart',
    path: async (store, visitor) => {
      await fillCart(store, visitor);
      return '/cart';
    },
    mask: ['.cart-entry-hold'],
  },
  {
    name: 'checkout',
    path: async (store, visitor) => {
      await fillCart(store, visitor);
      return '/checkout';
    },
    mask: ['.cart-entry-hold', '.checkout-hold'],
  },
  { name: 'order-confirmed', path: orderOf, mask: ORDER_MASK },
  { name: 'order-status', path: async (store, visitor) => (await orderOf(store, visitor)).replace('/order-confirmed', '/order-status'), mask: ORDER_MASK },
  { name: 'account-sign-in', path: fixed('/account') },
];

/**
 * Loads `path` and waits until the page stops changing by itself: every picture loaded (lazy
 * ones too), web fonts ready, and every island that starts without the visitor (eager, idle,
 * visible) mounted; interaction islands stay as the server drew them.
 */
export async function openSettled(page: Page, url: string): Promise<void> {
  const res = await page.goto(url);
  if (!res) throw new Error(`no answer for ${url}`);
  await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
  await islandsReached(page, '[data-island]:not([data-island-load="interaction"])');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
  });
  // Islands that fetch before drawing (the checkout prices the cart) are done when the network is.
  await page.waitForLoadState('networkidle');
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

import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { fakeCartApi, type FakeCart } from './cart-contract-mock.js';
import { islandsHydrated, openStorefront, type Storefront, type Visitor } from './harness.js';

/**
 * The product page's purchase island in Chromium with Playwright's clock: variant
 * selects, price and image swap, SPEC §4 button states and timings, the pill.
 */
let store: Storefront;
let visitor: Visitor;
let cart: FakeCart;
const START = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => {
  await store?.close();
});
beforeEach(async () => {
  visitor = await store.visitor();
  cart = await fakeCartApi(visitor.page, { 'FK-MUG-12-OAT': 3800, 'FK-MUG-08-CEL': 3600 });
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'));
  await islandsHydrated(visitor.page, '[data-island="product-form"], [data-island="cart-pill"]');
  // From here on page time moves only when a test runs the clock.
  await visitor.page.clock.pauseAt(START + 60_000);
});
afterEach(async () => {
  expect(visitor.errors).toEqual([]);
  await visitor.close();
});

const button = () => visitor.page.locator('.product-purchase button.sqs-add-to-cart-button');

describe('product page purchase island', () => {
  it('explains unselected options with the SPEC §5 text', async () => {
    await button().click();
    expect(await visitor.page.locator('.product-purchase [role="alert"]').innerText()).toBe('Please select the Size and Glaze options.');
    await visitor.page.getByLabel('Size').selectOption('8 oz');
    await button().click();
    expect(await visitor.page.locator('.product-purchase [role="alert"]').innerText()).toBe('Please select the Glaze option.');
    expect(cart.adds).toEqual([]);
  });

  it('a variant choice updates price, stock state, quantity maximum and the main image', async () => {
    const { page } = visitor;
    expect(await page.locator('.product-purchase .product-price').innerText()).toContain('from $36.00');
    await page.getByLabel('Size').selectOption('12 oz');
    await page.getByLabel('Glaze').selectOption('Celadon');
    expect(await button().innerText()).toBe('Sold Out');
    expect(await button().isDisabled()).toBe(true);
    expect(await page.locator('.gallery-slide.is-active img').getAttribute('src')).toContain('mug-speckled-celadon.svg');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    expect(await button().isDisabled()).toBe(false);
    expect((await page.locator('.product-purchase .product-price').innerText()).trim()).toBe('$38.00');
    expect(await page.getByLabel('Quantity').getAttribute('max')).toBe('3');
    expect(await page.locator('.gallery-slide.is-active img').getAttribute('src')).toContain('mug-speckled-oatmeal.svg');
  });

  it("walks idle -> 'Adding…' -> 'Added!' 1 s after success -> idle 2 s later, ignoring clicks while added; the pill updates", async () => {
    const { page } = visitor;
    await page.getByLabel('Size').selectOption('12 oz');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    await page.getByLabel('Quantity').fill('2');
    await button().click();
    await page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '2');
    expect(await button().innerText()).toBe('Adding…');
    expect(cart.adds).toEqual([{ itemId: expect.any(String), sku: 'FK-MUG-12-OAT', quantity: 2, additionalFields: null }]);
    await page.clock.runFor(999);
    expect(await button().innerText()).toBe('Adding…');
    await page.clock.runFor(1);
    expect(await button().innerText()).toBe('Added!');
    await button().click();
    expect(cart.adds.length).toBe(1);
    await page.clock.runFor(1999);
    expect(await button().innerText()).toBe('Added!');
    await page.clock.runFor(1);
    expect(await button().innerText()).toBe('Add To Cart');
    // The pill: count and subtotal with the zero fraction trimmed, a link to /cart.
    const pill = page.locator('a.cart-pill');
    expect(await pill.isVisible()).toBe(true);
    expect(await pill.locator('.cart-pill-subtotal').innerText()).toBe('$76');
    expect(await pill.getAttribute('href')).toBe('/cart');
    expect(await page.locator('[role="status"][aria-live="polite"]').first().innerText()).toBe('Speckled Stoneware Mug was added to your cart.');
  });

  it('a failure shows the alert titled Unable to Add Item with the server message and returns to idle after 1 s', async () => {
    const { page } = visitor;
    await page.getByLabel('Size').selectOption('8 oz');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    cart.failNext = { status: 409, body: { error: 'conflict', message: 'Sorry, we do not have enough of that item available.' } };
    await button().click();
    const alert = page.locator('.product-purchase [role="alert"]');
    await alert.waitFor();
    expect(await alert.locator('strong').innerText()).toBe('Unable to Add Item');
    expect(await alert.locator('p').innerText()).toBe('Sorry, we do not have enough of that item available.');
    await page.clock.runFor(1000);
    expect(await button().innerText()).toBe('Add To Cart');
    cart.failNext = { status: 429, body: { error: 'rate_limited', message: 'x' } };
    await button().click();
    await page.waitForFunction(() => document.querySelector('.product-purchase [role="alert"] p')?.textContent === 'Please try again in a few seconds.');
    await page.clock.runFor(1000);
    cart.failNext = { status: 401, body: { error: 'crumb_fail', crumbFail: true, message: 'x' } };
    await button().click();
    await page.waitForFunction(() => document.querySelector('.product-purchase [role="alert"] p')?.textContent === 'Your session has expired. Please reload the page and try again.');
    expect(cart.entries).toEqual([]);
    // The browser logs each refused call; nothing else went wrong.
    expect(visitor.errors.filter((e) => !/HTTP (409|429|401) |status of (409|429|401)/.test(e))).toEqual([]);
    visitor.errors.length = 0;
  });

  it('adds to cart with the keyboard only', async () => {
    const { page } = visitor;
    await page.getByLabel('Size').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Quantity').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await button().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '1');
    expect(cart.adds).toEqual([{ itemId: expect.any(String), sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null }]);
  });
});

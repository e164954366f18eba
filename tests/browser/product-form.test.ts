import { beforeEach, describe, expect, it } from 'vitest';
import { islandsHydrated, recordAdds, useStorefront, type Visitor } from './harness.js';

/**
 * The product page's purchase island in Chromium against the worker's real cart API
 * and local D1, with Playwright's clock: variant selects, price and image swap, SPEC §4
 * button states and timings, failures, the pill.
 */
const store = useStorefront();
let visitor: Visitor;
let adds: unknown[];
const START = Date.now();

beforeEach(async () => {
  visitor = await store.visitor();
  adds = recordAdds(visitor.page);
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'));
  await islandsHydrated(visitor.page, '[data-island="product-form"], [data-island="cart-pill"]');
  // From here on page time moves only when a test runs the clock.
  await visitor.page.clock.pauseAt(START + 60_000);
});

const button = () => visitor.page.locator('.product-purchase button.sqs-add-to-cart-button');
const alert = () => visitor.page.locator('.product-purchase [role="alert"]');

describe('product page purchase island', () => {
  it('explains unselected options with the SPEC §5 text', async () => {
    await button().click();
    expect(await alert().innerText()).toBe('Please select the Size and Glaze options.');
    await visitor.page.getByLabel('Size').selectOption('8 oz');
    await button().click();
    expect(await alert().innerText()).toBe('Please select the Glaze option.');
    expect(adds).toEqual([]);
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

  it("walks idle -> 'Adding…' until the answer -> 'Added!' -> idle 1 s + 2 s after success, ignoring clicks while added; the pill updates", async () => {
    const { page } = visitor;
    await page.getByLabel('Size').selectOption('8 oz');
    await page.getByLabel('Glaze').selectOption('Celadon');
    await page.getByLabel('Quantity').fill('2');
    await button().click();
    await page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '2');
    // SPEC §4: the adding state ends with the answer (no page time has passed).
    expect(await button().innerText()).toBe('Added!');
    expect(adds).toEqual([{ itemId: expect.any(String), sku: 'FK-MUG-08-CEL', quantity: 2, additionalFields: null, language: 'en-US' }]);
    await page.clock.runFor(1000);
    expect(await button().innerText()).toBe('Added!');
    await button().click();
    expect(adds.length).toBe(1);
    await page.clock.runFor(1999);
    expect(await button().innerText()).toBe('Added!');
    await page.clock.runFor(1);
    expect(await button().innerText()).toBe('Add To Cart');
    // The pill: count and subtotal with the zero fraction trimmed, a link to /cart.
    const pill = page.locator('a.cart-pill');
    await pill.waitFor();
    expect(await pill.locator('.cart-pill-subtotal').innerText()).toBe('$72');
    expect(await pill.getAttribute('href')).toBe('/cart');
    expect(await page.locator('.cart-pill-root [role="status"]').first().innerText()).toBe('Speckled Stoneware Mug was added to your cart.');
    // The cart is the visitor's: /cart renders it on the server too.
    await page.goto(store.url('/cart'));
    expect(await page.locator('.cart-entry').count()).toBe(1);
  });

  it("a server refusal shows 'Unable to Add Item' with its message and returns to idle after 1 s", async () => {
    const { page } = visitor;
    await page.getByLabel('Size').selectOption('12 oz');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    await page.getByLabel('Quantity').fill('2');
    await button().click();
    await page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '2');
    await page.waitForFunction(() => document.querySelector('.product-purchase button.sqs-add-to-cart-button')?.textContent === 'Added!');
    await page.clock.runFor(3000);
    await page.waitForFunction(() => document.querySelector('.product-purchase button.sqs-add-to-cart-button')?.textContent === 'Add To Cart');
    // 2 held in this cart, 3 in stock: 2 more is too many (the server's 409).
    await button().click();
    await alert().waitFor();
    expect(await alert().locator('strong').innerText()).toBe('Unable to Add Item');
    expect(await alert().locator('p').innerText()).toBe('Sorry, we do not have enough of that item available.');
    // Failed keeps the label and ignores clicks for 1 s, then the button is idle again.
    expect(await button().getAttribute('class')).toContain('is-failed');
    await page.clock.runFor(999);
    expect(await button().getAttribute('class')).toContain('is-failed');
    await page.clock.runFor(1);
    await page.waitForFunction(() => document.querySelector('.product-purchase button.sqs-add-to-cart-button')?.classList.contains('is-idle'));
    expect(await button().innerText()).toBe('Add To Cart');
    expect(visitor.errors.filter((e) => !/409/.test(e))).toEqual([]);
    visitor.errors.length = 0;
  });

  it('crumb failure, rate limit and a lost connection show the SPEC §8 texts', async () => {
    const { page } = visitor;
    await page.getByLabel('Size').selectOption('8 oz');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    const text = () => alert().locator('p').innerText();
    // No crumb to echo: the worker's real 401 crumbFail.
    await visitor.context.clearCookies({ name: 'crumb' });
    await button().click();
    await alert().waitFor();
    await page.waitForFunction(() => document.querySelector('.product-purchase [role="alert"] p')?.textContent !== '');
    expect(await text()).toBe('Your session has expired. Please reload the page and try again.');
    await page.clock.runFor(1000);
    // 429 and a dropped connection are injected at the network layer.
    await page.route('**/api/commerce/shopping-cart/entries', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"rate_limited","message":"x"}' }), { times: 1 });
    await button().click();
    await page.waitForFunction(() => document.querySelector('.product-purchase [role="alert"] p')?.textContent === 'Please try again in a few seconds.');
    await page.clock.runFor(1000);
    await page.route('**/api/commerce/shopping-cart/entries', (route) => route.abort('internetdisconnected'), { times: 1 });
    await button().click();
    await page.waitForFunction(() => document.querySelector('.product-purchase [role="alert"] p')?.textContent === 'Please check your internet connection.');
    expect(visitor.errors.filter((e) => !/401|429|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
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
    expect(adds).toEqual([{ itemId: expect.any(String), sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null, language: 'en-US' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, visitorApi, type Visitor } from './harness.js';

/** In Chromium: product -> add -> cart -> checkout -> test card -> order confirmed. */
const store = useStorefront();
let visitor: Visitor;

/** From the product page to a filled checkout form, keyboard only on the form (but the address suggestion, by `choose`). */
async function toCheckout(card: string, choose: 'keyboard' | 'mouse' = 'keyboard'): Promise<void> {
  visitor = await store.visitor();
  const { page } = visitor;
  await page.goto(store.url('/shop/incense-holder'));
  await islandsHydrated(page, '[data-island="product-form"], [data-island="cart-pill"]');
  await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
  await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
  await page.goto(store.url('/cart'));
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
  await islandsHydrated(page, '[data-island="checkout"]');
  // The footer's newsletter sign-up has an email field too: this is the checkout's.
  const checkout = page.locator('[data-island="checkout"]');
  await checkout.getByLabel('Email', { exact: true }).focus();
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Tab'); // -> country (United States already)
  const typeInto = async (label: string, text: string) => {
    await checkout.getByLabel(label, { exact: true }).focus();
    await page.keyboard.type(text);
  };
  await typeInto('First name', 'Ada');
  await typeInto('Last name', 'Lovelace');
  // Address autocomplete over the offline place index: the street, a comma, the start of the town.
  await typeInto('Address', '1 Main St, Portl');
  const address = checkout.getByRole('combobox', { name: 'Address' });
  const options = checkout.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  await expect.poll(() => address.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => options.allInnerTexts()).toEqual(['Portland OR 97201, United States', 'Portland OR 97202, United States', 'Portland OR 97203, United States', 'Portland OR 97204, United States', 'Portland OR 97205, United States']);
  if (choose === 'keyboard') {
    // ARIA 1.2 combobox: arrows move the active option, Escape closes, ArrowDown reopens, Enter chooses.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await address.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => address.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => address.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
  } else {
    await options.nth(2).click();
  }
  const postcode = choose === 'keyboard' ? '97201' : '97203';
  await expect.poll(() => checkout.getByLabel('Postal code').inputValue()).toBe(postcode);
  expect(await checkout.getByLabel('City', { exact: true }).inputValue()).toBe('Portland');
  expect(await checkout.getByLabel('State / region').inputValue()).toBe('OR');
  expect(await address.inputValue()).toBe('1 Main St');
  expect(await address.getAttribute('aria-expanded')).toBe('false');
  expect(page.url()).toMatch(/\/checkout$/);
  await checkout.getByLabel('Postal code').fill('972');
  await page.keyboard.press('Tab');
  await page.getByText('ZIP Codes need to be 5 digits.').waitFor();
  await page.getByLabel('Postal code').fill('97201');
  await page.keyboard.press('Tab');
  await page.getByText('ZIP Codes need to be 5 digits.').waitFor({ state: 'detached' });
  await page.getByRole('radio', { name: /Standard/ }).waitFor();
  // Arrow keys move through the radio group, as a keyboard user would choose.
  await page.getByRole('radio', { name: /Pick up/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
  await expect.poll(() => page.locator('.order-summary').innerText()).toContain('Shipping: $8.00');
  await typeInto('Card number', card);
  await typeInto('Expiry (MM/YY)', '12/34');
  await typeInto('Security code', '123');
  await page.keyboard.press('Enter');
}

describe('checkout in Chromium', () => {
  it('pays with the test card and lands on the order confirmed page', async () => {
    await toCheckout('4242 4242 4242 4242');
    const { page } = visitor;
    await page.waitForURL(/\/order-confirmed\?order=/);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    expect(heading).toMatch(/^Thank you! Order #\d{4,} is confirmed\.$/);
    expect(await page.locator('.order-lines').innerText()).toContain('Incense Holder');
  });

  it('a declined card shows the provider message and leaves the cart intact', async () => {
    store.allow(/HTTP 402 \/api\/commerce\/orders|status of 402 \(Payment Required\)/);
    await toCheckout('4000 0000 0000 0002', 'mouse');
    const { page } = visitor;
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Your card was declined.');
    expect(page.url()).toMatch(/\/checkout$/);
    const { shoppingCart } = await visitorApi(store, visitor, 'GET', '/api/commerce/shopping-cart');
    expect(shoppingCart.totalQuantity).toBe(1);
  });
});

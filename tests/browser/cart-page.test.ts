import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeCartApi, type FakeCart } from './cart-contract-mock.js';
import { islandsHydrated, openStorefront, type Storefront, type Visitor } from './harness.js';

/** The /cart island: quantity, remove, additional fields, holds; edits survive a reload. */
let store: Storefront;
let visitor: Visitor;
const START = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => {
  await store?.close();
});
afterEach(async () => {
  expect(visitor.errors.filter((e) => !/HTTP 429|status of 429/.test(e))).toEqual([]);
  await visitor.close();
});

async function openCart(setup: (cart: FakeCart) => void): Promise<FakeCart> {
  visitor = await store.visitor();
  const cart = await fakeCartApi(visitor.page);
  setup(cart);
  await visitor.context.addCookies([{ name: 'hasCart', value: 'true', url: store.url('/') }]);
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url('/cart'));
  await islandsHydrated(visitor.page, '[data-island="cart"]');
  await visitor.page.locator('.cart-entries, .empty-state').first().waitFor();
  return cart;
}

const mug = { itemId: 'i-mug', title: 'Speckled Stoneware Mug', chosenVariant: { sku: 'FK-MUG-08-OAT', attributes: { Size: '8 oz', Glaze: 'Oatmeal' } }, purchasePriceCents: 3600, additionalFields: null, fullUrl: '/shop/speckled-stoneware-mug' };

describe('cart page island', () => {
  it('changes a quantity and removes an entry; both persist across a reload', async () => {
    const cart = await openCart((c) => {
      c.entries.push({ id: 'e1', quantity: 1, ...mug }, { id: 'e2', quantity: 2, ...mug, itemId: 'i-bowl', title: 'Ramen Bowl', purchasePriceCents: 4200 });
    });
    const { page } = visitor;
    const first = page.locator('[data-entry-id="e1"]');
    await first.getByLabel('Quantity').fill('3');
    await first.getByLabel('Quantity').press('Enter');
    await page.waitForFunction(() => document.querySelector('.cart-summary strong')?.textContent === '$192.00');
    await page.locator('[data-entry-id="e2"]').getByRole('button', { name: 'Remove' }).click();
    await page.locator('[data-entry-id="e2"]').waitFor({ state: 'detached' });
    expect(cart.entries.map((e) => [e.id, e.quantity])).toEqual([['e1', 3]]);
    await page.reload();
    await page.locator('[data-entry-id="e1"]').waitFor();
    expect(await page.locator('[data-entry-id="e1"]').getByLabel('Quantity').inputValue()).toBe('3');
    expect(await page.locator('[data-entry-id="e2"]').count()).toBe(0);
    await page.locator('[data-entry-id="e1"]').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
  });

  it("shows SPEC §8 editor strings when a change fails", async () => {
    const cart = await openCart((c) => c.entries.push({ id: 'e1', quantity: 1, ...mug }));
    cart.failNext = { status: 429, body: { error: 'rate_limited', message: 'x' } };
    await visitor.page.getByRole('button', { name: 'Remove' }).click();
    const alert = visitor.page.locator('[data-entry-id="e1"] [role="alert"]');
    await alert.waitFor();
    expect(await alert.locator('strong').innerText()).toBe('Unable to remove item');
    expect(await alert.locator('p').innerText()).toBe('Please try again in a few seconds.');
    await visitor.page.route('**/api/commerce/shopping-cart/entries/e1', (route) => route.abort('internetdisconnected'));
    await visitor.page.locator('[data-entry-id="e1"]').getByLabel('Quantity').fill('2');
    await visitor.page.locator('[data-entry-id="e1"]').getByLabel('Quantity').press('Enter');
    await visitor.page.waitForFunction(() => document.querySelector('[data-entry-id="e1"] [role="alert"] strong')?.textContent === 'Unable to update quantity');
    expect(await alert.locator('p').innerText()).toBe('Please check your internet connection.');
    visitor.errors.length = 0;
  });

  it('counts a stock hold down', async () => {
    await openCart((c) => c.entries.push({ id: 'e1', quantity: 1, ...mug, holdExpiresAt: START + 15 * 60_000 }));
    await visitor.page.clock.pauseAt(START + 28_000);
    const hold = visitor.page.locator('.cart-entry-hold');
    await visitor.page.clock.runFor(1000);
    expect(await hold.innerText()).toBe('Held for you for 14:31');
    await visitor.page.clock.runFor(60_000);
    expect(await hold.innerText()).toBe('Held for you for 13:31');
  });

  it("edits an entry's additional fields in the lightbox form", async () => {
    const cart = await openCart((c) =>
      c.entries.push({ id: 'e1', quantity: 1, ...mug, title: 'Intro to the Wheel Workshop', fullUrl: '/shop/intro-wheel-workshop', additionalFields: JSON.stringify({ 'attendee-name': ['Ada', 'L'], experience: 'Never' }) }),
    );
    await visitor.page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = visitor.page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Ada');
    await dialog.getByLabel('Apron size').selectOption('L/XL');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse(cart.entries[0]!.additionalFields!)).toEqual({ 'attendee-name': ['Ada', 'L'], experience: 'Never', 'apron-size': 'L/XL' });
  });
});

import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, visitorApi, type Visitor } from './harness.js';

/** The /cart island against the real cart API and local D1: edits persist across a reload. */
const store = useStorefront();
let visitor: Visitor;
const START = Date.now();

async function product(path: string): Promise<{ id: string; skus: string[] }> {
  const res = await fetch(store.url(`${path}?format=json`));
  const { item } = (await res.json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
  return { id: item.id, skus: item.structuredContent.variants.map((v) => v.sku) };
}

/** A visitor whose cart holds `lines` (added through the API), on /cart. */
async function openCart(lines: { path: string; sku?: number; quantity: number; additionalFields?: string }[]): Promise<string[]> {
  visitor = await store.visitor();
  const ids: string[] = [];
  for (const line of lines) {
    const p = await product(line.path);
    const { newlyAdded } = await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: p.id,
      sku: p.skus[line.sku ?? 0] ?? null,
      quantity: line.quantity,
      additionalFields: line.additionalFields ?? null,
    });
    ids.push(newlyAdded.id);
  }
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url('/cart'));
  await islandsHydrated(visitor.page, '[data-island="cart"]');
  await visitor.page.locator('.cart-entries .cart-entry-controls, .empty-state').first().waitFor();
  return ids;
}

describe('cart page island', () => {
  it('changes a quantity and removes an entry; both persist across a reload', async () => {
    const [mug, bowl] = await openCart([
      { path: '/shop/incense-holder', quantity: 1 },
      { path: '/shop/ramen-bowl', quantity: 2 },
    ]);
    const { page } = visitor;
    const first = page.locator(`[data-entry-id="${mug}"]`);
    const before = await page.locator('.cart-summary strong').innerText();
    await first.getByLabel('Quantity').fill('3');
    await first.getByLabel('Quantity').press('Enter');
    await page.waitForFunction((b) => document.querySelector('.cart-summary strong')?.textContent !== b, before);
    await page.locator(`[data-entry-id="${bowl}"]`).getByRole('button', { name: 'Remove' }).click();
    await page.locator(`[data-entry-id="${bowl}"]`).waitFor({ state: 'detached' });
    await page.reload();
    await page.locator(`[data-entry-id="${mug}"] .cart-entry-controls`).waitFor();
    expect(await page.locator(`[data-entry-id="${mug}"]`).getByLabel('Quantity').inputValue()).toBe('3');
    expect(await page.locator(`[data-entry-id="${bowl}"]`).count()).toBe(0);
    await page.locator(`[data-entry-id="${mug}"]`).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
    await page.reload();
    await page.getByText('You have nothing in your shopping cart.').waitFor();
  });

  it('shows SPEC §8 editor strings when a change fails', async () => {
    const [entry] = await openCart([{ path: '/shop/incense-holder', quantity: 1 }]);
    const row = visitor.page.locator(`[data-entry-id="${entry}"]`);
    // More than the stock: the server refuses with its message under 'Unable to update quantity'.
    await row.getByLabel('Quantity').fill('9000');
    await row.getByLabel('Quantity').press('Enter');
    const alert = row.locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.locator('strong').innerText()).toBe('Unable to update quantity');
    expect(await alert.locator('p').innerText()).toBe('Sorry, we do not have enough of that item available.');
    await visitor.page.route('**/api/commerce/shopping-cart/entries/*', (route) => route.abort('internetdisconnected'), { times: 1 });
    await row.getByRole('button', { name: 'Remove' }).click();
    await visitor.page.waitForFunction(() => document.querySelector('[role="alert"] strong')?.textContent === 'Unable to remove item');
    expect(await alert.locator('p').innerText()).toBe('Please check your internet connection.');
    expect(visitor.errors.filter((e) => !/409|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    visitor.errors.length = 0;
  });

  it('counts a stock hold down', async () => {
    await openCart([{ path: '/shop/incense-holder', quantity: 1 }]);
    const hold = visitor.page.locator('.cart-entry-hold');
    await hold.waitFor();
    await visitor.page.clock.pauseAt(START + 120_000);
    await visitor.page.clock.runFor(1000);
    const [m1] = (await hold.innerText()).match(/\d+:\d\d/)!;
    await visitor.page.clock.runFor(60_000);
    const [m2] = (await hold.innerText()).match(/\d+:\d\d/)!;
    const seconds = (t: string) => Number(t.split(':')[0]) * 60 + Number(t.split(':')[1]);
    expect(seconds(m1!) - seconds(m2!)).toBe(60);
    expect(await hold.innerText()).toMatch(/^Held for you for 1[0-4]:\d\d$/);
  });

  it("edits an entry's additional fields in the lightbox form ('Saving…' while saving)", async () => {
    const answers = JSON.stringify({ 'attendee-name': ['Ada', 'L'], experience: 'Never' });
    const [entry] = await openCart([{ path: '/shop/intro-wheel-workshop', quantity: 1, additionalFields: answers }]);
    await visitor.page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = visitor.page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('First Name').inputValue()).toBe('Ada');
    await dialog.getByLabel('Apron size').selectOption('L/XL');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await visitor.page.route('**/additionalFields', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Saving…' }).waitFor();
    release();
    await dialog.waitFor({ state: 'detached' });
    const { shoppingCart } = await visitorApi(store, visitor, 'GET', '/api/commerce/shopping-cart');
    const saved = shoppingCart.entries.find((e: { id: string }) => e.id === entry);
    expect(typeof saved.additionalFields === 'string' ? JSON.parse(saved.additionalFields) : saved.additionalFields).toEqual({ 'attendee-name': ['Ada', 'L'], experience: 'Never', 'apron-size': 'L/XL' });
  });
});

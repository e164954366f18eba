import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, visitorApi } from './harness.js';
import { DEMO_FRENCH_TEXTS } from '../../edge/api/multilingual/test-french.js';

/**
 * Issue 29 (lang21): on /fr/cart the cart island's failure alert is French, its title from the
 * page's texts and the server's refusal in the language the island sends; the network line too.
 */
const store = useStorefront();
const FRENCH: Record<string, string> = DEMO_FRENCH_TEXTS;

describe('French cart island refusals', () => {
  it("a refused quantity and a removal without a connection are worded in French", async () => {
    const visitor = await store.visitor();
    const { page } = visitor;
    const res = await fetch(store.url('/shop/incense-holder?format=json'));
    const { item } = (await res.json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
    const { newlyAdded } = await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: item.id, sku: item.structuredContent.variants[0]?.sku ?? null, quantity: 1, additionalFields: null });
    await page.goto(store.url('/fr/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    const row = page.locator(`[data-entry-id="${newlyAdded.id as string}"]`);
    await row.locator('.cart-entry-controls').waitFor();
    await row.getByLabel(FRENCH.quantity!).fill('9000');
    await row.getByLabel(FRENCH.quantity!).press('Enter');
    const alert = row.locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.locator('strong').innerText()).toBe(FRENCH.cartQuantityFailed);
    expect(await alert.locator('p').innerText()).toBe(FRENCH.themeNotEnoughStock);
    await page.route('**/api/commerce/shopping-cart/entries/**', (route) => route.abort('internetdisconnected'), { times: 1 });
    await row.getByRole('button', { name: FRENCH.remove! }).click();
    await page.waitForFunction((title) => document.querySelector('[role="alert"] strong')?.textContent === title, FRENCH.cartRemoveFailed);
    expect(await alert.locator('p').innerText()).toBe(FRENCH.themeNetwork);
    visitor.errors.length = 0;
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, type Storefront } from './harness.js';

/** SPEC §4/§9 instalment pill and its info popup on product pages (demo limits $35-$2,000). */
let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => {
  await store?.close();
});

describe('instalment messaging', () => {
  it('offers 4 payments in range, follows the variant price, and the popup closes on Escape, Close and outside click with focus trapped', async () => {
    const visitor = await store.visitor();
    const { page } = visitor;
    await page.goto(store.url('/shop/speckled-stoneware-mug'));
    await islandsHydrated(page, '[data-island="product-form"]');
    const pill = page.locator('.instalment-pill');
    expect(await pill.innerText()).toContain('or 4 interest-free payments of $9.00 with Afterpay');
    await page.getByLabel('Size').selectOption('12 oz');
    await page.getByLabel('Glaze').selectOption('Oatmeal');
    expect(await pill.innerText()).toContain('or 4 interest-free payments of $9.50 with Afterpay');
    const info = pill.getByRole('button', { name: 'Info' });
    const dialog = page.getByRole('dialog', { name: 'Pay in 4 with Afterpay' });
    await info.click();
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await info.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.count()).toBe(0);
    await info.click();
    await page.mouse.click(5, 5);
    expect(await dialog.count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });

  it("below the provider's minimum it says 'available for orders over'; digital products show nothing", async () => {
    const visitor = await store.visitor();
    await visitor.page.goto(store.url('/shop/incense-holder'));
    await islandsHydrated(visitor.page, '[data-island="product-form"]');
    expect(await visitor.page.locator('.instalment-pill').innerText()).toContain('Afterpay available for orders over $35.00');
    await visitor.page.goto(store.url('/shop/cone-6-glaze-recipe-guide'));
    await islandsHydrated(visitor.page, '[data-island="product-form"]');
    expect(await visitor.page.locator('.instalment-pill').count()).toBe(0);
    await visitor.close();
  });
});

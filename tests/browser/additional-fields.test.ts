import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, recordAdds, type Storefront } from './harness.js';

/** SPEC §5: a product with an additional-fields form checks stock, then asks in the lightbox. */
let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => {
  await store?.close();
});

describe('additional-fields form', () => {
  it('checks stock first, opens the form in the lightbox, and sends the answers as additionalFields', async () => {
    const visitor = await store.visitor();
    const { page } = visitor;
    const adds = recordAdds(page);
    const calls: string[] = [];
    page.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.goto(store.url('/shop/intro-wheel-workshop'));
    await islandsHydrated(page, '[data-island="product-form"]');
    const button = page.locator('.product-purchase button.sqs-add-to-cart-button');
    expect(await button.innerText()).toBe('Book a seat');
    await page.getByLabel('Session').selectOption({ index: 1 });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Workshop details' });
    await dialog.waitFor();
    expect(calls.filter((c) => c.startsWith('GET /api/commerce/inventory/stock'))).toHaveLength(1);
    expect(adds).toEqual([]);
    // Required fields first.
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByText('Required').count()).toBe(2);
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill('Lovelace');
    await dialog.getByRole('radio', { name: 'Never' }).check();
    // Focus stays inside while open.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '1');
    expect(adds).toHaveLength(1);
    expect(JSON.parse((adds[0] as { additionalFields: string }).additionalFields)).toEqual({ 'attendee-name': ['Ada', 'Lovelace'], experience: 'Never' });
    expect(visitor.errors).toEqual([]);
    await visitor.close();
  });
});

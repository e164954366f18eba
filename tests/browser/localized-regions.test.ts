import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, visitorApi } from './harness.js';
import { DEMO_FRENCH_TEXTS } from '../../edge/api/multilingual/test-french.js';

/**
 * Issue 29 (lang27): on /fr/checkout the region list names Canada's provinces in French (the
 * option values stay the SPEC §3 codes), and a postcode that contradicts the chosen region is
 * refused in French with both regions named in French. The English checkout keeps the table's names.
 */
const store = useStorefront();
const FRENCH: Record<string, string> = DEMO_FRENCH_TEXTS;

async function checkoutWithMug(path: string) {
  const visitor = await store.visitor();
  const { page } = visitor;
  const res = await fetch(store.url('/shop/incense-holder?format=json'));
  const { item } = (await res.json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: item.id, sku: item.structuredContent.variants[0]?.sku ?? null, quantity: 1, additionalFields: null });
  await page.goto(store.url(path));
  await islandsHydrated(page, '[data-island="checkout"]');
  await page.locator('#country').selectOption('CA');
  return visitor;
}

const options = (page: import('playwright-core').Page) =>
  page.locator('#region option').evaluateAll((all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));

describe('French region names at checkout', () => {
  it("the /fr region list names the provinces in French with the codes as values; the postcode's mismatch says them in French", async () => {
    const visitor = await checkoutWithMug('/fr/checkout');
    const { page } = visitor;
    const list = Object.fromEntries((await options(page)).slice(1));
    expect(list).toMatchObject({ QC: 'Québec', BC: 'Colombie-Britannique', NS: 'Nouvelle-Écosse', PE: 'Île-du-Prince-Édouard', ON: 'Ontario' });
    await page.locator('#region').selectOption('BC');
    await page.locator('#postalCode').fill('H2X 1Y4');
    await page.locator('#postalCode').blur();
    const french = FRENCH.checkoutRegionMismatch!.replace('{postcodeRegion}', 'Québec').replace('{typedRegion}', 'Colombie-Britannique');
    await expect.poll(() => page.locator('#postalCode').locator('xpath=..').locator('.field-error').textContent()).toBe(french);
    // The refused location's 422 is the point of this check.
    visitor.errors.length = 0;
  });

  it('the English checkout keeps the region table names', async () => {
    const { page } = await checkoutWithMug('/checkout');
    const list = Object.fromEntries((await options(page)).slice(1));
    expect(list).toMatchObject({ QC: 'Quebec', BC: 'British Columbia', NS: 'Nova Scotia' });
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The store setup wizard in Chromium (docs/owner-app.md "Store setup"): the demo site has its
 * store 'shop'; the owner creates a second, 'Winter Market', by keyboard, sees the address it
 * gets as they type, then finds it in the Products screen's store picker with its empty state.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

describe('the store setup wizard', () => {
  it('creates Winter Market by keyboard, shows its address, then the next step; the store picker lists it', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/store-setup'));
    await page.getByRole('heading', { name: 'Create your store', level: 1 }).waitFor();
    const title = page.getByLabel('Store title');
    await title.focus();
    await page.keyboard.type('Shop');
    // 'shop' is the demo store's: the next free suffix.
    await expect.poll(() => page.locator('[data-store-url]').getAttribute('data-store-url')).toBe('/shop-2');
    await title.fill('');
    await page.keyboard.type('Winter Market');
    await expect.poll(() => page.locator('[data-store-url]').getAttribute('data-store-url')).toBe('/winter-market');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('All products');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('checkbox');
    expect(await page.getByLabel('Add the store to the main navigation').isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your store is ready' }).waitFor();
    expect(await page.locator('p[role="status"]').textContent()).toBe('Winter Market is at /winter-market and in the main navigation.');
    const next = page.getByRole('link', { name: 'Add your first product' });
    const created = await page.locator('[data-store-created]').getAttribute('data-store-created');
    expect(await next.getAttribute('href')).toBe(`/config/products/new?collectionId=${created}&type=physical`);
    // The live site shows the store and its navigation link.
    expect((await store.worker.fetch('/winter-market')).status).toBe(200);

    await page.getByRole('link', { name: 'Go to Products' }).click();
    const picker = page.getByRole('combobox', { name: /^Store/ });
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Winter Market (/winter-market)']));
    await picker.selectOption({ label: 'Winter Market (/winter-market)' });
    await page.getByText('No products in this store yet.').waitFor();
    expect(await page.locator('.ui-empty').getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe(`/config/products/new?collectionId=${created}&type=physical`);
  });

  it('shows a missing category name beside its field, and fits a phone', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/store-setup'));
    await page.getByLabel('Store title').fill('Spring Fair');
    await page.getByLabel('‘All products’ category name').fill('');
    await page.getByRole('button', { name: 'Create store' }).click();
    const error = page.locator('[data-field-error]');
    await expect.poll(() => error.textContent()).toBe('Enter a category name.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'store-setup-390.png'), fullPage: true });
    // Nothing was created.
    expect((await store.worker.fetch('/spring-fair')).status).toBe(404);
  });

  it('explains a navigation saved meanwhile (409) and creates the store on Try again', async () => {
    const { page } = await signedInOwner(store);
    store.allow(/409/);
    let first = true;
    // The first create meets a navigation saved by someone else: the server's 409, as creation answers it.
    await page.route('**/api/content-service/product/1.1/websites/*/products', async (route) => {
      if (route.request().method() !== 'POST' || !first) return route.continue();
      first = false;
      await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'navigation_conflict', message: 'The main navigation changed while the store was being created. Nothing was created; try again.' }) });
    });
    await openOwnerApp(page, store.url('/config/store-setup'));
    await page.getByLabel('Store title').fill('Harvest Stall');
    await page.getByRole('button', { name: 'Create store' }).click();
    const alert = page.locator('.ui-error[role="alert"]');
    await expect.poll(() => alert.textContent()).toContain('The main navigation changed while the store was being created.');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Your store is ready' }).waitFor();
    expect((await store.worker.fetch('/harvest-stall')).status).toBe(200);
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOne } from '../../edge/api/commerce/test-checkout.js';
import { TestVisitor } from '../../edge/api/commerce/test-visitor.js';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The owner app's Products screen in Chromium (docs/owner-app.md "Products"): the demo shop's
 * products on the data table, filters, two rows hidden by the bulk action (the store stops
 * listing them), the stock dialog, the keyboard through the table, phone and desktop
 * screenshots.
 */
const store = useStorefront({ bindings: { PAGE_CACHE: 'off' } });
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

const rowTitles = (page: import('playwright-core').Page) => page.locator('tr[data-product] td[data-label="Title"]').allTextContents();

describe('the Products screen', () => {
  it('lists the shop, filters by stock state and type, and opens from the navigation', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/'));
    await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.locator('tr[data-product]').first().waitFor();
    expect(await rowTitles(page)).toContain('Speckled Stoneware Mug');
    const mug = page.locator('tr[data-product]', { hasText: 'Speckled Stoneware Mug' });
    expect(await mug.locator('td[data-label="Type"]').textContent()).toBe('Physical');
    expect(await mug.locator('td[data-label="Status"]').textContent()).toBe('Published');
    expect(await mug.locator('td[data-label="Stock"]').textContent()).toContain('26');
    expect(await page.locator('tr[data-product]', { hasText: 'Bud Vase' }).locator('td[data-label="Stock"]').textContent()).toBe('Unlimited');
    // The title links to the product editor's path.
    expect(await mug.getByRole('link', { name: 'Speckled Stoneware Mug' }).getAttribute('href')).toMatch(/^\/config\/products\/[0-9a-z-]+$/);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-1280.png'), fullPage: true });

    await page.getByRole('combobox', { name: /^Stock/ }).selectOption('out');
    await expect.poll(() => rowTitles(page)).toEqual(['Moon Jar']);
    expect(await page.locator('tr[data-product] .products-badge-out').count()).toBe(1);
    await page.getByRole('combobox', { name: /^Stock/ }).selectOption('');
    await page.getByRole('combobox', { name: /^Type/ }).selectOption('digital');
    await expect.poll(async () => (await rowTitles(page)).sort()).toEqual(['Cone 6 Glaze Recipe Guide', 'Printable Kiln Firing Log', 'Wheel Throwing Video Course']);
    await page.getByRole('combobox', { name: /^Type/ }).selectOption('');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('Vases');
    await expect.poll(async () => (await rowTitles(page)).sort()).toEqual(['Bud Vase', 'Moon Jar', 'Tall Ribbed Vase']);
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('pitcher');
    await page.keyboard.press('Enter');
    await expect.poll(() => rowTitles(page)).toEqual(['Pulled-Spout Pitcher']);
    // 'Add product' offers each type, linked to the editor with the store.
    await page.getByText('Add product', { exact: true }).click();
    expect(await page.getByRole('link', { name: 'Gift card', exact: true }).getAttribute('href')).toMatch(/^\/config\/products\/new\?collectionId=[0-9a-z]+&type=giftCard$/);
  });

  it('selects two rows, hides them, and the store no longer lists them', async () => {
    const before = (await (await store.worker.fetch('/shop?format=json')).json()) as { items: { title: string }[] };
    expect(before.items.map((i) => i.title)).toEqual(expect.arrayContaining(['Incense Holder', 'Lidded Salt Cellar']));
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/products'));
    await page.locator('tr[data-product]').first().waitFor();
    for (const title of ['Incense Holder', 'Lidded Salt Cellar']) {
      await page.locator('tr[data-product]', { hasText: title }).getByRole('checkbox').check();
    }
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await expect.poll(() => bulk.textContent()).toContain('2 selected');
    await bulk.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('2 products hidden from the store.').waitFor();
    await expect.poll(() => page.locator('tr[data-product]', { hasText: 'Incense Holder' }).locator('td[data-label="Status"]').textContent()).toBe('Hidden');
    const after = (await (await store.worker.fetch('/shop?format=json')).json()) as { items: { title: string }[] };
    const titles = after.items.map((i) => i.title);
    expect(titles).not.toContain('Incense Holder');
    expect(titles).not.toContain('Lidded Salt Cellar');
    expect(titles).toContain('Speckled Stoneware Mug');
  });

  it('adjusts and sets a variant’s stock in the stock dialog, with its history', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/products'));
    const row = page.locator('tr[data-product]', { hasText: 'Pulled-Spout Pitcher' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Stock of Pulled-Spout Pitcher: 3/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock: Pulled-Spout Pitcher' });
    await expect.poll(() => dialog.locator('[data-stock-now]').textContent()).toBe('3');
    await dialog.getByLabel('Reason (optional)').fill('Kiln unload');
    await dialog.getByLabel('Change by').fill('4');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await dialog.getByText('Stock is now 7.').waitFor();
    await expect.poll(() => dialog.locator('[data-stock-history] li').first().textContent()).toContain('+4 → 7 · Kiln unload');
    // Set against the count seen (7): a count changed meanwhile is refused and shown again.
    store.allow(/409/);
    await store.worker.db.prepare("UPDATE variants SET qty_in_stock = 9 WHERE sku = 'FK-PIT-01'").run();
    await dialog.getByLabel('Set to').fill('5');
    await dialog.getByRole('button', { name: 'Set' }).click();
    await dialog.getByText('The stock changed since you read it.', { exact: false }).waitFor();
    await expect.poll(() => dialog.locator('[data-stock-now]').textContent()).toBe('9');
    await dialog.getByRole('button', { name: 'Set' }).click();
    await dialog.getByText('Stock is now 5.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row.locator('td[data-label="Stock"]').textContent()).toContain('5');
  }, 60_000);

  it('after raising a variant from 0 that people wait for, offers and sends the restock notices', async () => {
    const db = store.worker.db;
    const moon = (await db.prepare("SELECT v.id AS variantId, v.product_id AS productId, v.website_id AS site FROM variants v WHERE v.sku = 'FK-MOON-01'").first<{ variantId: string; productId: string; site: string }>())!;
    await db
      .prepare("INSERT INTO restock_signups (id, website_id, product_id, variant_id, email, created_on) VALUES ('rs-moon', ?, ?, ?, 'moon-fan@example.com', ?)")
      .bind(moon.site, moon.productId, moon.variantId, Date.now())
      .run();
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/products'));
    const row = page.locator('tr[data-product]', { hasText: 'Moon Jar' });
    await row.getByRole('button', { name: /^Stock of Moon Jar: 0/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stock: Moon Jar' });
    await expect.poll(() => dialog.locator('[data-stock-now]').textContent()).toBe('0');
    await dialog.getByLabel('Change by').fill('2');
    await dialog.getByLabel('Change by').press('Enter');
    await dialog.getByText('Stock is now 2.').waitFor();
    await dialog.getByRole('button', { name: 'Send restock notices to 1 person' }).click();
    await dialog.getByText('Restock notices sent to 1 person.').waitFor();
    const mails = await db.prepare("SELECT subject FROM mail_outbox WHERE to_address = 'moon-fan@example.com' AND kind = 'restock-notice'").all<{ subject: string }>();
    expect(mails.results).toEqual([{ subject: 'Moon Jar is back in stock' }]);
  });

  it('deletes a product, and offers to archive one a shopper’s cart holds', async () => {
    const db = store.worker.db;
    const planter = (await db.prepare("SELECT product_id AS id FROM variants WHERE sku = 'FK-PLN-4'").first<{ id: string }>())!.id;
    const shopper = new TestVisitor(store.worker, '198.51.100.77');
    await shopper.visit('/api/commerce/shopping-cart');
    expect((await addOne(shopper, planter, 'FK-PLN-4')).status).toBe(200);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/products'));
    store.allow(/409/);
    const seconds = page.locator('tr[data-product]', { hasText: 'Studio Seconds Grab Bag' });
    await seconds.getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Studio Seconds Grab Bag?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Studio Seconds Grab Bag deleted.').waitFor();
    await expect.poll(() => seconds.count()).toBe(0);

    const row = page.locator('tr[data-product]', { hasText: 'Planter with Saucer' });
    await row.getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Planter with Saucer?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Planter with Saucer is in shoppers’ carts, so it cannot be deleted.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Archive instead' }).click();
    await expect.poll(() => row.locator('td[data-label="Status"]').textContent()).toBe('Archived');
    const listed = (await (await store.worker.fetch('/shop?format=json')).json()) as { items: { title: string }[] };
    expect(listed.items.map((i) => i.title)).not.toContain('Planter with Saucer');
  });

  it('works from the keyboard: tab to a row’s checkbox, Space selects it, the bulk bar appears', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/products'));
    await page.locator('tr[data-product]').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    // Past the column headers' sort buttons to the first row's checkbox.
    const seen: string[] = [];
    for (let i = 0; i < 10 && !/^Select row /.test(await focused()); i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    expect(seen.slice(0, 3)).toEqual(['Title↕', 'Price↕', 'Stock↕']);
    expect(await focused()).toMatch(/^Select row /);
    await page.keyboard.press('Space');
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
    // On through the row: its title link, then its stock button, which opens the dialog with Enter.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('td')?.getAttribute('data-label'))).toBe('Title');
  });

  it('fits a phone: rows are cards, nothing scrolls sideways', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/products'));
    await page.locator('tr[data-product]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-390.png'), fullPage: true });
    await page.screenshot({ path: join(ARTIFACTS, 'owner-products-390-top.png') });
  });
});

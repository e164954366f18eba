import { beforeAll, describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { demoOwnerSession, openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The CSV import screen in Chromium: a Shopify-layout file of 500 products (1,100 variants)
 * meets the store's 200-product limit at its line; the owner puts the rest in new stores,
 * goes through the mapping step and imports all at once; a shopper then finds a product of
 * the third store with the storefront search.
 */
const store = useStorefront();
let storeId: string;

const HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Alt Text,Status';

/** A Shopify product export: `products` products, the first `threes` with three sizes, the rest with two. */
function shopifyFile(products: number, threes: number): string {
  const lines = [HEADER];
  for (let p = 0; p < products; p++) {
    const handle = `quillwort-planter-${p}`;
    const sizes = p < threes ? ['Small', 'Medium', 'Large'] : ['Small', 'Large'];
    sizes.forEach((size, i) => {
      const first = i === 0;
            lines.push(
        [
          handle, first ? `Quillwort Planter ${p}` : '', first ? `"<p>A <strong>stoneware</strong> planter, number ${p}.</p>"` : '', first ? 'Fern' : '', first ? 'Planters' : '',
          first ? '"garden, stoneware"' : '', first ? 'TRUE' : '', first ? 'Size' : '', size, `QP-${p}-${i}`, '900', 'shopify', '4', `${30 + i}.00`, '',
          first ? `https://cdn.example.test/qp-${p}.jpg` : '', first ? `Planter ${p}` : '', first ? 'active' : '',
        ].join(','),
      );
    });
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

beforeAll(async () => {
  const owner = await demoOwnerSession(store.worker);
  const siteId = (await store.worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
  const res = await store.worker.fetch(`/api/content-service/product/1.1/websites/${siteId}/products`, {
    method: 'POST',
    headers: { ...owner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ storeTitle: 'Planter Shop', fallbackStoreTitle: 'Store', allCategoryDisplayName: 'All' }),
  });
  expect(res.status).toBe(201);
  storeId = ((await res.json()) as { collection: { id: string } }).collection.id;
}, 60_000);

describe('the CSV import screen', () => {
  it('meets the 200-product limit with a 500-product file, puts the rest in new stores, imports all after the mapping step, and a shopper finds one by search', async () => {
    const owner = await signedInOwner(store);
    const page = owner.page;
    await openOwnerApp(page, store.url('/config/products/import'));
    await page.getByRole('heading', { name: 'Import products', level: 1 }).waitFor();
    const file = page.locator('input[data-import-file]');
    const storeSelect = page.getByLabel('Import into the store');

    // 500 products (1,100 variants): more than a store holds. The problem names the first product past the limit by its line.
    await file.setInputFiles({ name: 'planters.csv', mimeType: 'text/csv', buffer: Buffer.from(shopifyFile(500, 100)) });
    await page.locator('[data-import-layout="shopify"]').waitFor();
    await storeSelect.selectOption(storeId);
    const problems = page.locator('[data-import-problems]');
    await expect.poll(() => problems.innerText()).toContain('Line 502: A store has at most 200 products. This store holds 0; the file adds 500.');
    expect(await page.getByRole('button', { name: 'Import 500 products' }).isDisabled()).toBe(true);
    await expect.poll(() => page.locator('[data-import-count]').innerText()).toBe('500 products, 1,100 variants');
    expect(await page.locator('[data-import-rows] tbody tr').count()).toBe(20);

    // The way out: the products past the store's 200 go to new stores named after it.
    await page.getByLabel(/Put the rest in new stores/).check();
    await expect.poll(() => problems.count()).toBe(0);
    expect(await page.locator('[data-import-placement]').innerText()).toBe('200 products in Planter Shop\n200 products in Planter Shop 2 (new store)\n100 products in Planter Shop 3 (new store)');

    // The mapping step: leaving the price column out is a problem; mapping it back clears it.
    const priceColumn = page.getByLabel('Import the column Variant Price as');
    await priceColumn.selectOption('');
    await expect.poll(() => problems.innerText()).toContain('Map a column to Price.');
    await priceColumn.selectOption('price');
    await expect.poll(() => problems.count()).toBe(0);

    // Commit from the keyboard.
    const commit = page.getByRole('button', { name: 'Import 500 products' });
    await expect.poll(() => commit.isEnabled()).toBe(true);
    await commit.focus();
    await page.keyboard.press('Enter');
    const result = page.locator('[data-import-result]');
    await result.getByRole('heading', { name: 'Imported 500 products with 1,100 variants' }).waitFor({ timeout: 90_000 });
    expect(await result.locator('[data-import-stores]').innerText()).toContain('200 products in Planter Shop, 200 products in Planter Shop 2 and 100 products in Planter Shop 3.');
    expect(await result.locator('[data-import-images]').innerText()).toBe('500 images to upload');
    expect(await result.locator('.import-made').getByRole('link', { name: 'Quillwort Planter 437', exact: true }).getAttribute('href')).toMatch(/^\/config\/products\/[0-9a-f]{32}$/);

    // A shopper finds an imported product through the storefront search, at once.
    const shopper = await store.visitor({ viewport: { width: 1280, height: 900 } });
    await shopper.page.goto(store.url('/search?q=quillwort+437'));
    const hit = shopper.page.locator('.search-result').first();
    expect(await hit.locator('h2').innerText()).toBe('Quillwort Planter 437');
    await hit.getByRole('link', { name: 'Quillwort Planter 437' }).click();
    await shopper.page.waitForURL(/\/planter-shop-3\/quillwort-planter-437$/);
    expect(await shopper.page.getByRole('heading', { level: 1 }).innerText()).toContain('Quillwort Planter 437');
  }, 180_000);

  it('takes a dropped file, fits a phone (nothing but the tables scrolls sideways) and axe finds nothing serious', async () => {
    const owner = await signedInOwner(store, { width: 390, height: 844 });
    const page = owner.page;
    await openOwnerApp(page, store.url('/config/products/import'));
    // The zone's input is named by its label (the keyboard's way in: Tab, then Enter or Space opens the picker).
    expect(await page.getByLabel('Choose a CSV file, or drop it here').getAttribute('type')).toBe('file');
    // The file dropped on the zone the way a browser does: dragover (the zone shows it), then drop, with a DataTransfer made in the page.
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'few.csv', { type: 'text/csv' }));
      document.querySelector('.import-drop')!.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      (window as unknown as { transfer: DataTransfer }).transfer = transfer;
    }, shopifyFile(3, 1));
    await page.locator('.import-drop[data-dragging]').waitFor();
    await page.evaluate(() => {
      const transfer = (window as unknown as { transfer: DataTransfer }).transfer;
      document.querySelector('.import-drop')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await page.locator('[data-import-layout="shopify"]').waitFor();
    expect(await page.locator('.import-file').innerText()).toBe('few.csv');
    expect(await page.locator('.import-drop[data-dragging]').count()).toBe(0);
    expect(await page.locator('[data-import-count]').innerText()).toBe('3 products, 7 variants');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60_000);
});

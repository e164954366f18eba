import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseStandardShipping, fillCheckoutAddress, fillTestCard, islandsHydrated, useStorefront } from './harness.js';
import { demoOwnerSession, listSettled, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The product editor (client/editor/screens/product-editor/) in Chromium: issue 26's Must
 * show (a store made with the setup wizard, then its first product with two options and six variants, two images reordered by keyboard
 * with alt text, published; a shopper buys a variant with the test card), a 412 conflict
 * shown and resolved, server field errors at their fields, keyboard-only editing of a
 * variant price, screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const POLL = { timeout: 30_000 };
let shopId = '';
let images: { id: string; filename: string }[] = [];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  shopId = (await store.worker.db.prepare("SELECT id FROM collections WHERE url_id = 'shop' AND type = 13").first<{ id: string }>())!.id;
  images = (await store.worker.db.prepare("SELECT id, filename FROM assets WHERE kind = 'image' ORDER BY filename LIMIT 2").all<{ id: string; filename: string }>()).results;
});

async function newProduct(page: Page) {
  await openOwnerApp(page, store.url(`/config/products/new?collectionId=${shopId}&type=physical`));
  await page.getByRole('heading', { name: 'New physical product', level: 1 }).waitFor(POLL);
}

async function addImage(page: Page, filename: string) {
  await page.getByRole('button', { name: 'Add image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a product image' });
  await dialog.getByLabel('Search files').fill(filename);
  await listSettled(dialog, 'Files to choose from');
  await dialog.getByRole('button', { name: `Choose ${filename}` }).click();
  await page.locator(`.prod-image[data-asset-id="${images.find((i) => i.filename === filename)!.id}"]`).waitFor(POLL);
}

const order = (page: Page) => page.locator('.prod-image').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.assetId));

async function typeOption(page: Page, index: number, name: string, values: string[]) {
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option name').nth(index).fill(name);
  const input = page.getByLabel(`Values of ${name}`, { exact: true });
  for (const v of values) {
    await input.fill(v);
    await input.press('Enter');
  }
}

describe('product editor in Chromium', () => {
  it('creates a store with the wizard, then its first product with two options, six variants and two reordered images; a shopper buys a variant', async () => {
    const owner = await signedInOwner(store);
    const { page } = owner;
    // The store first: the setup wizard, then its 'Add your first product' step.
    await openOwnerApp(page, store.url('/config/store-setup'));
    await page.getByLabel('Store title').fill('Moon Studio');
    await expect.poll(() => page.locator('[data-store-url]').getAttribute('data-store-url'), POLL).toBe('/moon-studio');
    await page.getByRole('button', { name: 'Create store' }).click();
    await page.getByRole('heading', { name: 'Your store is ready' }).waitFor(POLL);
    await page.getByRole('link', { name: 'Add your first product' }).click();
    await page.getByRole('heading', { name: 'New physical product', level: 1 }).waitFor(POLL);
    await page.getByLabel('Title', { exact: true }).fill('Moon Glaze Cup');
    await typeOption(page, 0, 'Size', ['S', 'M', 'L']);
    await typeOption(page, 1, 'Glaze', ['White', 'Blue']);
    await page.getByRole('button', { name: 'Generate variants' }).click();
    await expect.poll(() => page.locator('.prod-variants tbody tr').count(), POLL).toBe(6);
    let n = 0;
    for (const size of ['S', 'M', 'L']) {
      for (const glaze of ['White', 'Blue']) {
        const who = `${size} / ${glaze}`;
        await page.getByLabel(`SKU of ${who}`, { exact: true }).fill(`MOON-${size}-${glaze.toUpperCase()}`);
        await page.getByLabel(`Price of ${who}`, { exact: true }).fill(`${18 + n}.50`);
        await page.getByLabel(`Stock of ${who}`, { exact: true }).fill(String(5 + n));
        n++;
      }
    }
    const [first, second] = images as [{ id: string; filename: string }, { id: string; filename: string }];
    await addImage(page, first.filename);
    await addImage(page, second.filename);
    expect(await order(page)).toEqual([first.id, second.id]);
    // Keyboard reorder: the second image's handle, Space, one step left, Space.
    const moving = page.locator(`.prod-image[data-asset-id="${second.id}"]`);
    await page.getByRole('button', { name: `Drag to reorder ${second.filename}` }).focus();
    await page.keyboard.press('Space');
    await moving.and(page.locator('[data-dragging]')).waitFor(POLL);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => moving.evaluate((li) => (li as HTMLElement).style.transform), POLL).toMatch(/translate/);
    // Drop once dnd-kit has found the place under it (its live region says so).
    await page.getByRole('status').filter({ hasText: `${second.filename} is over position 1.` }).waitFor({ state: 'attached', ...POLL });
    await page.keyboard.press('Space');
    await expect.poll(() => order(page), POLL).toEqual([second.id, first.id]);
    await page.getByLabel(`Alt text for ${second.filename}`).fill('A moon glaze cup on linen');
    await page.locator('select[data-path="status"]').selectOption('published');
    await page.getByLabel('Categories', { exact: true }).fill('Cups');
    await page.getByLabel('Categories', { exact: true }).press('Enter');
    await page.screenshot({ path: join(ARTIFACTS, 'product-editor-1280.png'), fullPage: true });
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/config\/products\/[0-9a-f]{32}$/, POLL);
    await expect.poll(() => page.locator('.prod-save-state').innerText(), POLL).toBe('Saved');
    await page.getByRole('heading', { name: 'Moon Glaze Cup', level: 1 }).waitFor(POLL);
    // A saved variant's stock changes through the stock dialog (atomic, with its history), opened from the editor; the table follows, nothing is left unsaved.
    await page.getByRole('button', { name: 'Adjust stock of S / White' }).click();
    const stockDialog = page.getByRole('dialog', { name: 'Stock: Moon Glaze Cup' });
    await stockDialog.getByLabel('Reason (optional)').fill('Second firing');
    await stockDialog.getByLabel('Change by').fill('2');
    await stockDialog.getByRole('button', { name: 'Adjust', exact: true }).click();
    await stockDialog.getByText('Stock is now 7.').waitFor(POLL);
    await stockDialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.prod-variants [data-stock-now]').first().innerText(), POLL).toBe('7 in stock');
    expect(await page.locator('.prod-save-state').innerText()).toBe('Saved');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, 'product-editor-390.png'), fullPage: true });
    await owner.close();

    const shopper = await store.visitor();
    const shop = shopper.page;
    await shop.goto(store.url('/moon-studio/moon-glaze-cup'));
    await islandsHydrated(shop, '[data-island="product-form"], [data-island="cart-pill"]');
    expect(await shop.locator('.gallery-slide.is-active img').getAttribute('alt')).toBe('A moon glaze cup on linen');
    expect(await shop.locator('.gallery-slide.is-active img').getAttribute('src')).toContain(second.filename.replace(/\.[^.]+$/, ''));
    await shop.locator('select[data-variant-option-name="Size"]').selectOption('M');
    await shop.locator('select[data-variant-option-name="Glaze"]').selectOption('Blue');
    await expect.poll(() => shop.locator('.product-purchase .product-price').innerText(), POLL).toContain('$21.50');
    await shop.locator('.product-purchase button.sqs-add-to-cart-button').click();
    await shop.waitForFunction(() => document.cookie.includes('hasCart=true'));
    await shop.goto(store.url('/cart'));
    await shop.getByRole('link', { name: 'Checkout' }).click();
    await shop.waitForURL(/\/checkout$/);
    await islandsHydrated(shop, '[data-island="checkout"]');
    const checkout = await fillCheckoutAddress(shop, { email: 'ada@example.com' });
    await chooseStandardShipping(shop);
    await expect.poll(() => shop.locator('.order-summary').innerText(), POLL).toContain('Shipping: $8.00');
    await fillTestCard(checkout);
    await shop.keyboard.press('Enter');
    await shop.waitForURL(/\/order-confirmed\?order=/, POLL);
    expect(await shop.locator('.order-lines').innerText()).toContain('Moon Glaze Cup');
    const sold = await store.worker.db.prepare("SELECT qty_in_stock AS q FROM variants WHERE sku = 'MOON-M-BLUE'").first<{ q: number }>();
    expect(sold!.q).toBe(5 + 3 - 1);
  });

  it('creates a gift card with two denominations, and a digital product with its file, download limit, button text and SEO title through the extra panels', async () => {
    const owner = await signedInOwner(store);
    const { page } = owner;
    await openOwnerApp(page, store.url(`/config/products/new?collectionId=${shopId}&type=giftCard`));
    await page.getByRole('heading', { name: 'New gift card', level: 1 }).waitFor(POLL);
    await page.getByLabel('Title', { exact: true }).fill('Studio Gift Card');
    await page.getByLabel('SKU of denomination 1', { exact: true }).fill('GIFT-25');
    await page.getByLabel('Price of denomination 1', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Add denomination' }).click();
    await page.getByLabel('SKU of denomination 2', { exact: true }).fill('GIFT-50');
    await page.getByLabel('Price of denomination 2', { exact: true }).fill('50.00');
    expect(await page.getByLabel('Stock of denomination 1').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/config\/products\/[0-9a-f]{32}$/, POLL);
    await expect.poll(() => page.locator('.prod-save-state').innerText(), POLL).toBe('Saved');
    const gift = await store.worker.db.prepare("SELECT v.price_cents AS p, v.unlimited AS u FROM variants v WHERE v.sku IN ('GIFT-25', 'GIFT-50') ORDER BY v.position").all<{ p: number; u: number }>();
    expect(gift.results).toEqual([{ p: 2500, u: 1 }, { p: 5000, u: 1 }]);

    await openOwnerApp(page, store.url(`/config/products/new?collectionId=${shopId}&type=digital`));
    await page.getByRole('heading', { name: 'New digital product', level: 1 }).waitFor(POLL);
    await page.getByLabel('Title', { exact: true }).fill('Glaze Recipes PDF');
    await page.getByLabel('SKU of the product', { exact: true }).fill('PDF-GLAZE');
    await page.getByLabel('Price of the product', { exact: true }).fill('9.99');
    // The extra panels: the file buyers download (uploaded privately), its download limit, the button's own text and the SEO title.
    const filePanel = page.locator('[data-extra-panel="digital-file"]');
    await filePanel.getByLabel('Upload the file').setInputFiles({ name: 'glaze-recipes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
    await expect.poll(() => filePanel.locator('[data-digital-file]').innerText(), POLL).toMatch(/^glaze-recipes\.pdf \(/);
    await filePanel.getByLabel('Downloads per purchase').fill('3');
    const buttonPanel = page.locator('[data-extra-panel="button-text"]');
    await buttonPanel.getByRole('switch', { name: 'Use my own button text' }).click();
    await buttonPanel.getByLabel('Button text').fill('Get the recipes');
    await page.locator('[data-extra-panel="seo"]').getByLabel('SEO title').fill('Glaze recipes as a PDF');
    await page.locator('select[data-path="status"]').selectOption('published');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/config\/products\/[0-9a-f]{32}$/, POLL);
    await expect.poll(() => page.locator('.prod-save-state').innerText(), POLL).toBe('Saved');
    const digital = await store.worker.db
      .prepare(
        `SELECT p.price_cents AS p, p.product_type AS t, p.max_downloads AS downloads, p.custom_add_button_text AS button, a.filename AS file
         FROM products p JOIN variants v ON v.product_id = p.item_id LEFT JOIN assets a ON a.id = p.digital_asset_id WHERE v.sku = 'PDF-GLAZE'`,
      )
      .first<{ p: number; t: number; downloads: number; button: string; file: string }>();
    expect(digital).toMatchObject({ p: 999, t: 2, downloads: 3, button: 'Get the recipes' });
    expect(digital!.file).toMatch(/glaze-recipes/);
    // The shopper's page shows the button text and the SEO title; the file is not public.
    const productPage = await (await store.worker.fetch('/shop/glaze-recipes-pdf')).text();
    expect(productPage).toContain('<title>Glaze recipes as a PDF');
    expect(productPage).toContain('Get the recipes');
    expect(productPage).not.toContain('glaze-recipes.pdf');
    await owner.close();
  });

  it('shows server field errors at their fields with a summary that links to them', async () => {
    store.allow(/HTTP 400 \/api\/owner\/products|HTTP 409 \/api\/owner\/products|status of 400 \(Bad Request\)|status of 409 \(Conflict\)/);
    const owner = await signedInOwner(store);
    const { page } = owner;
    await newProduct(page);
    await page.getByLabel('Title', { exact: true }).fill('Sku Clash Bowl');
    // A sku the demo shop already uses, and a price with too many decimals.
    await page.getByLabel('SKU of the product', { exact: true }).fill('FK-MUG-08-OAT');
    await page.getByLabel('Price of the product', { exact: true }).fill('12.505');
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.locator('.prod-summary');
    await summary.waitFor(POLL);
    expect(await summary.innerText()).toContain('Variant 1, price: USD prices have at most 2 decimal places.');
    expect(await page.locator('[data-path="variants.0.price"] + [data-field-error]').innerText()).toBe('USD prices have at most 2 decimal places.');
    await summary.getByRole('link', { name: /Variant 1, price/ }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.path)).toBe('variants.0.price');
    await page.getByLabel('Price of the product', { exact: true }).fill('12.50');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => summary.innerText(), POLL).toContain('The SKU FK-MUG-08-OAT is already used by');
    expect(await page.locator('[data-path="variants.0.sku"] + [data-field-error]').innerText()).toContain('already used by');
    expect(await summary.getByRole('link', { name: /^Open / }).getAttribute('href')).toMatch(/^\/config\/products\/[0-9a-f]+$/);
    await owner.close();
  });

  it('shows a 412 conflict and resolves it by keeping mine; a variant price edited by keyboard only', async () => {
    store.allow(/HTTP 412 \/api\/owner\/products|status of 412 \(Precondition Failed\)/);
    const session = await demoOwnerSession(store.worker);
    const made = await store.worker.fetch('/api/owner/products', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: session.cookie, 'X-CSRF-Token': session.xsrfToken },
      body: JSON.stringify({ collectionId: shopId, productType: 'physical', title: 'Conflict Jug', status: 'published', variants: [{ sku: 'JUG-1', price: '40.00', qtyInStock: 2 }] }),
    });
    const product = ((await made.json()) as { product: { id: string; version: number } }).product;
    const owner = await signedInOwner(store);
    const { page } = owner;
    await openOwnerApp(page, store.url(`/config/products/${product.id}`));
    await page.getByRole('heading', { name: 'Conflict Jug', level: 1 }).waitFor(POLL);
    // Someone else saves meanwhile.
    const other = await store.worker.fetch(`/api/owner/products/${product.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: session.cookie, 'X-CSRF-Token': session.xsrfToken, 'If-Match': `"${product.version}"` },
      body: JSON.stringify({ title: 'Conflict Jug (theirs)', status: 'published', variants: [{ id: (await currentVariant(product.id, session.cookie)), sku: 'JUG-1', price: 4100 }] }),
    });
    expect(other.status).toBe(200);
    // Keyboard only: Tab to the price field from the SKU field, select all, type, save with Ctrl+S.
    await page.getByLabel('SKU of the product', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.path)).toBe('variants.0.price');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('45.00');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'This product was changed elsewhere' });
    await dialog.waitFor(POLL);
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => page.locator('.prod-save-state').innerText(), POLL).toBe('Saved');
    const saved = await store.worker.db.prepare("SELECT v.price_cents AS p, i.title FROM variants v JOIN items i ON i.id = v.product_id WHERE v.sku = 'JUG-1'").first<{ p: number; title: string }>();
    expect(saved).toEqual({ p: 4500, title: 'Conflict Jug' });
    // A second conflict, resolved by Reload: their version replaces my unsaved edit.
    const version = ((await (await store.worker.fetch(`/api/owner/products/${product.id}`, { headers: { Cookie: session.cookie } })).json()) as { product: { version: number } }).product.version;
    const theirs = await store.worker.fetch(`/api/owner/products/${product.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: session.cookie, 'X-CSRF-Token': session.xsrfToken, 'If-Match': `"${version}"` },
      body: JSON.stringify({ title: 'Conflict Jug, reloaded', status: 'published', variants: [{ id: await currentVariant(product.id, session.cookie), sku: 'JUG-1', price: 4700 }] }),
    });
    expect(theirs.status).toBe(200);
    await page.getByLabel('Title', { exact: true }).fill('Conflict Jug, mine');
    await page.keyboard.press('Control+s');
    await dialog.waitFor(POLL);
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Conflict Jug, reloaded', level: 1 }).waitFor(POLL);
    expect(await page.getByLabel('Price of the product', { exact: true }).inputValue()).toBe('47.00');
    await owner.close();
  });
});

async function currentVariant(id: string, cookie: string): Promise<string> {
  const res = await store.worker.fetch(`/api/owner/products/${id}`, { headers: { Cookie: cookie } });
  return ((await res.json()) as { product: { variants: { id: string }[] } }).product.variants[0]!.id;
}

import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';

/**
 * The demo site in headless Chromium: the worker runs in Miniflare on a loopback
 * port with the seeded D1 and R2. Screenshots land in test-artifacts/ (git-ignored).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let worker: RunningWorker;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await mkdir(ARTIFACTS, { recursive: true });
  worker = await startWorker({ port: 0 });
  browser = await openBrowser(inject('chromiumEndpoint'));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

async function visit(path: string, shot: string): Promise<number> {
  const res = await page.goto(new URL(path, worker.url).href, { waitUntil: 'load' });
  // Lazy images below the fold would be blank in a full-page screenshot.
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images, (img) => {
        img.loading = 'eager';
        if (img.complete) return undefined;
        return new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        });
      }),
    ),
  );
  await page.screenshot({ path: join(ARTIFACTS, `${shot}.png`), fullPage: true });
  return res?.status() ?? 0;
}

describe('demo site in Chromium', () => {
  it('home shows the brand, navigation and featured products', async () => {
    expect(await visit('/', 'home')).toBe(200);
    await expect(page.title()).resolves.toContain('Fern & Kiln');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
  });

  it('the product listing shows a grid of products with prices', async () => {
    expect(await visit('/shop', 'product-listing')).toBe(200);
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBeGreaterThan(5);
    await cards.first().waitFor();
    expect(await page.locator('.product-card', { hasText: 'Speckled Stoneware Mug' }).innerText()).toMatch(/\$\d+\.\d\d/);
  });

  it('a product page shows the title, price, an image and the add-to-cart button', async () => {
    expect(await visit('/shop/speckled-stoneware-mug', 'product')).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Speckled Stoneware Mug');
    expect(await page.locator('.product-price').first().innerText()).toContain('$36.00');
    await page.locator('.sqs-add-to-cart-button').first().waitFor();
    const img = page.locator('main img').first();
    await img.waitFor();
    // The image came from R2 through /assets/ and decoded.
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const related = page.locator('section.related-products');
    await related.scrollIntoViewIfNeeded();
    await related.getByRole('heading', { name: 'You may also like' }).waitFor();
    const cards = related.locator('.product-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect(await cards.count()).toBeLessThanOrEqual(4);
    await cards.first().waitFor();
    expect(await related.locator('.product-card', { hasText: 'Speckled Stoneware Mug' }).count()).toBe(0);
    // Desktop: the four cards sit in one row of the grid.
    const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  it('a blog post shows its title and author', async () => {
    expect(await visit('/journal/opening-the-winter-kiln', 'blog-post')).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Opening the Winter Kiln');
    await page.getByText('Theo Lindqvist').first().waitFor();
  });

  it('a missing page shows the not-found page with status 404', async () => {
    expect(await visit('/no-such-page', 'not-found')).toBe(404);
    expect(await page.locator('main').innerText()).toMatch(/not found/i);
  });
});

import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';

/** The header search box in headless Chromium, without JavaScript of our own: a plain GET form. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let worker: RunningWorker;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  worker = await startWorker({ port: 0 });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

describe('searching from the header', () => {
  it('submits the header box, lists ranked results and opens one', async () => {
    await page.goto(new URL('/journal', worker.url).href);
    const box = page.getByRole('search').first().getByRole('searchbox', { name: 'Search the site' });
    await box.fill('speckled mug');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=speckled\+mug$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search');
    // The box on the results page keeps the query.
    expect(await page.locator('#header-search-q').inputValue()).toBe('speckled mug');
    const first = page.locator('.search-result').first();
    expect(await first.locator('h2').innerText()).toBe('Speckled Stoneware Mug');
    expect(await first.locator('.product-price').innerText()).toContain('$36.00');
    expect(await first.locator('mark').first().innerText()).toMatch(/speckled/i);
    await first.getByRole('link', { name: 'Speckled Stoneware Mug' }).click();
    await page.waitForURL(/\/shop\/speckled-stoneware-mug$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Speckled Stoneware Mug');
  });

  it('the 404 page offers a search box that works', async () => {
    const res = await page.goto(new URL('/no-such-thing', worker.url).href);
    expect(res?.status()).toBe(404);
    await page.locator('#not-found-q').fill('moon');
    await page.locator('.not-found-search button').click();
    await page.waitForURL(/\/search\?q=moon$/);
    expect(await page.locator('.search-result h2').allInnerTexts()).toContain('Moon Jar');
  });

  it('suggestions for the box come from the JSON endpoint as the visitor types', async () => {
    await page.goto(new URL('/', worker.url).href);
    const form = page.locator('form.header-search');
    expect(await form.getAttribute('data-island')).toBe('search-suggest');
    const endpoint = (await form.getAttribute('data-suggest-url'))!;
    const titles = await page.evaluate(async (url) => {
      const res = await fetch(`${url}?q=${encodeURIComponent('pour')}`);
      return ((await res.json()) as { suggestions: { title: string }[] }).suggestions.map((s) => s.title);
    }, endpoint);
    expect(titles[0]).toBe('Pour-Over Coffee Set');
  });
});

import { existsSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';

/** The header search box in headless Chromium, without JavaScript of our own: a plain GET form. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let worker: RunningWorker;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  worker = await startWorker({ port: 0 });
  browser = await openBrowser(inject('chromiumEndpoint'));
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

describe('searching from the header', () => {
  it('submits the header box, lists ranked results and opens one', async () => {
    await page.goto(new URL('/journal', worker.url).href);
    // A search box, until the suggestions island makes it a combobox on focus.
    const box = page.getByRole('search').first().getByLabel('Search the site');
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

  it('shows suggestions under the header box as the visitor types; arrows and Enter open one', async () => {
    await page.goto(new URL('/journal', worker.url).href);
    const box = page.locator('#header-search-q');
    await box.focus();
    await box.pressSequentially('pour', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const options = list.getByRole('option');
    expect(await options.first().innerText()).toContain('Pour-Over Coffee Set');
    await box.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    // Up from the first wraps to the last, down again comes back to the first.
    await box.press('ArrowUp');
    expect(await options.last().getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/shop\/pour-over-coffee-set$/);
  });

  it('opens a suggestion by click, and the plain form still searches', async () => {
    await page.goto(new URL('/', worker.url).href);
    const box = page.locator('#header-search-q');
    await box.focus();
    await box.pressSequentially('moon', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    // Escape closes the list (Chromium also clears a search input on Escape).
    await box.press('Escape');
    await list.waitFor({ state: 'detached' });
    await box.pressSequentially('moon', { delay: 20 });
    const option = list.getByRole('option').first();
    await option.waitFor();
    await option.getByRole('link').click();
    await page.waitForURL(/\/shop\/moon-jar$/);
    await page.locator('#header-search-q').fill('moon');
    await page.locator('#header-search-q').press('Enter');
    await page.waitForURL(/\/search\?q=moon$/);
  });
});

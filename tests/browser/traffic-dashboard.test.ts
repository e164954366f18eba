import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { seedTraffic } from '../../bench/traffic-seed.js';
import { signIn, startWorker, type RunningWorker } from '../../edge/test-support.js';
import { addSessionCookies } from './owner-harness.js';

/**
 * /config/traffic in Chromium over seeded traffic: the owner's tables and the uPlot
 * charts of client/editor/traffic, which the owner app (Vite's editor entry) loads as
 * its own chunk, under the page's real CSP.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let worker: RunningWorker;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await mkdir(ARTIFACTS, { recursive: true });
  worker = await startWorker({ port: 0 });
  const site = (await worker.db.prepare('select id from websites where is_default = 1').first<{ id: string }>())!.id;
  await seedTraffic(worker.db, site, 20_000, Date.now());
  browser = await openBrowser(inject('chromiumEndpoint'));
});

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

describe('/config/traffic in Chromium', () => {
  it('shows charts and tables for seeded traffic to the owner', async () => {
    const owner = await signIn(worker, 'owner@fernandkiln.test', process.env.ATELIER_DEMO_OWNER_PASSWORD ?? 'check-Owner-pass-7');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await addSessionCookies(context, owner.cookie, worker.url.href);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      // Chromium warns about Permissions-Policy features it does not know; not this page's doing.
      if ((msg.type() === 'error' || msg.type() === 'warning') && !msg.text().startsWith('Error with Permissions-Policy header')) problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(new URL(r.url()).pathname);
    });
    const res = await page.goto(new URL('/config/traffic', worker.url).href, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    await page.locator('.uplot canvas').first().waitFor();
    expect(await page.locator('.uplot').count()).toBe(2);
    expect(await page.locator('.uplot .u-title').allInnerTexts()).toEqual(['Visitors, visits and page views', 'Bounce rate and visit duration']);
    expect(await page.locator('[data-table="pages"] tbody tr').count()).toBeGreaterThan(5);
    expect(await page.locator('[data-table="speed-vs-sales"] tbody tr').count()).toBeGreaterThan(5);
    expect(await page.locator('[data-table="vitals"] tbody tr').count()).toBeGreaterThan(5);
    expect(await page.locator('[data-table="errors"] tbody tr').count()).toBe(2);
    // The charts came from the Vite build: the editor entry, then the chunk with uPlot and its CSS.
    expect(scripts.some((p) => /^\/client\/editor-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.some((p) => /^\/client\/chunks\/charts-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.some((p) => /^\/client\/assets\/.+\.css$/.test(p))).toBe(true);
    // uPlot sizes its canvas through the style property, which the CSP allows.
    expect(await page.locator('.uplot canvas').first().evaluate((c) => (c as HTMLCanvasElement).width)).toBeGreaterThan(300);
    expect(problems).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'traffic-dashboard.png'), fullPage: true });
    await context.close();
  });
});

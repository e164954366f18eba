import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';

/**
 * The traffic runtime (client/runtime/traffic) in headless Chromium against the worker:
 * census hit and cookies, web vitals after the page is hidden, an injected error
 * reported once with its stack cut. Time moves only through Playwright's clock.
 * The runtime arrives as every storefront page loads it: through the island loader.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let worker: RunningWorker;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  worker = await startWorker({ port: 0 });
  browser = await openBrowser(inject('chromiumEndpoint'));
});

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  // Headless Chromium says "HeadlessChrome", which the census rightly counts as a bot.
  const userAgent = (await browser.newBrowserCDPSession().then((s) => s.send('Browser.getVersion'))).userAgent.replace('HeadlessChrome', 'Chrome');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) requests.push(r);
  });
  await page.clock.install();
  return { context, page, requests };
}

const url = (path: string) => new URL(path, worker.url).href;
const first = <T>(sql: string, ...binds: unknown[]) => worker.db.prepare(sql).bind(...binds).first<T>();

async function until<T>(probe: () => Promise<T | null | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Playwright's clock answers requestIdleCallback within 50 ms of clock time: the idle period
// after load that starts the traffic runtime (client/runtime/loader.ts).
const TO_IDLE_MS = 50;

describe('traffic runtime in Chromium', () => {
  it('starts at the first tap on a page that never goes idle, and not before', async () => {
    const { context, page, requests } = await freshPage();
    // The clock stands still: no idle period and no timer ever comes, only the tap.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(url('/shop'), { waitUntil: 'load' });
    // The page's eager island (the cart pill) is up: the loader has long passed its load handler.
    // (Polled on a timer of Playwright's own: the page's animation frames stand still with the clock.)
    await page.waitForSelector('[data-island="cart-pill"][data-island-state="hydrated"]', { state: 'attached' });
    expect(requests.filter((r) => r.url().endsWith('/api/census/RecordHit'))).toHaveLength(0);
    const hit = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'));
    await page.mouse.click(5, 5);
    expect((await hit).status()).toBe(200);
    await context.close();
  });

  it('a visit records a hit with the right cookies; the next page continues the visit', async () => {
    const { context, page } = await freshPage();
    // Clock time passes only when the test moves it: the idle period is what starts the runtime.
    await page.clock.pauseAt(Date.now() + 1000);
    const hit = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'));
    await page.goto(url('/shop'), { waitUntil: 'load' });
    // No input: the traffic runtime starts at the first idle period (client/runtime/loader.ts).
    await page.clock.runFor(TO_IDLE_MS);
    expect((await hit).status()).toBe(200);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    const parts = decodeURIComponent(cookies['ss_cvr']!.value).split('|');
    expect(parts).toHaveLength(5);
    expect(parts[4]).toBe('1');
    expect(cookies['ss_cvr']!.httpOnly).toBe(false);
    expect(cookies['ss_cvr']!.expires - Date.now() / 1000).toBeGreaterThan(390 * 86400);
    expect(Number(cookies['ss_cvt']!.value)).toBeGreaterThan(0);
    expect(cookies['ss_cvt']!.expires - Date.now() / 1000).toBeLessThanOrEqual(1800);
    // The hit is stored after the answer (waitUntil): wait for the row.
    const row = await until(() => first<Record<string, unknown>>('select * from census_hits where visitor_id = ?', parts[0]), 'the hit row');
    expect(row).toMatchObject({ page_path: '/shop', page_type: 1, browser: 'Chrome', device: 'desktop', viewport: '1280x900', is_bot: 0, new_visit: 1 });
    // The page view's own id, which a retry would repeat (stored once).
    expect(row!['hit_id']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const next = page.waitForResponse((r) => r.url().endsWith('/api/census/RecordHit'));
    await page.goto(url('/shop/speckled-stoneware-mug'), { waitUntil: 'load' });
    await page.clock.runFor(TO_IDLE_MS);
    expect((await next).status()).toBe(200);
    const item = await until(
      () => first<Record<string, unknown>>("select page_type, item_id, new_visit, visit_no from census_hits where visitor_id = ? and page_path = '/shop/speckled-stoneware-mug'", parts[0]),
      'the second hit row',
    );
    expect(item).toMatchObject({ page_type: 50, new_visit: 0, visit_no: 1 });
    expect(item!['item_id']).toBeTruthy();
    await context.close();
  });

  it('web vitals arrive only after the page is hidden (before the 30 s flush)', async () => {
    const { context, page, requests } = await freshPage();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(url('/shop/speckled-stoneware-mug'), { waitUntil: 'load' });
    // The first input starts the traffic runtime (no clock time passes): the collector reads
    // that input from the browser's buffered entries.
    await page.mouse.click(640, 450);
    await page.waitForFunction(() => document.cookie.includes('ss_cvt='));
    await page.clock.runFor(1000);
    const perf = () => requests.filter((r) => r.url().endsWith('/api/1/performance/records'));
    expect(perf()).toHaveLength(0);
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/1/performance/records'));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await page.clock.runFor(10);
    const sent = JSON.parse((await beacon).postData() ?? '[]') as { event: string; data: { pagePath: string; env: string; metrics: Record<string, number> } }[];
    const speed = sent.find((r) => r.event === 'page_speed')!;
    expect(speed.data).toMatchObject({ pagePath: '/shop/speckled-stoneware-mug', env: 'dev' });
    // FCP from web-vitals, FID from the collector's own PerformanceObserver (the click above).
    expect(Object.keys(speed.data.metrics)).toEqual(expect.arrayContaining(['FCP', 'FID']));
    const stored = await until(
      () => first<{ n: number }>("select count(distinct metric) as n from census_vitals where page_path = '/shop/speckled-stoneware-mug' having n > 0"),
      'vitals rows',
    );
    expect(stored.n).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('an injected error is reported once, with its stack cut at 5000 characters', async () => {
    const { context, page, requests } = await freshPage();
    await page.goto(url('/about'), { waitUntil: 'load' });
    await page.clock.runFor(TO_IDLE_MS);
    await page.waitForFunction(() => document.cookie.includes('ss_cvt='));
    const message = `injected failure ${Date.now()}`;
    // Thrown from an event listener, so the browser reports it to window 'error'.
    await page.evaluate((msg) => {
      const button = document.createElement('button');
      button.addEventListener('click', () => {
        const err = new Error(msg);
        err.stack = `Error: ${msg}\n` + '    at injected (http://localhost/client/app.js:1:1)\n'.repeat(400);
        throw err;
      });
      document.body.append(button);
      button.click();
    }, message);
    await page.clock.runFor(10);
    const reports = () => requests.filter((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'));
    expect(reports()).toHaveLength(0);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'));
    await page.clock.runFor(1000);
    expect((await sent).status()).toBe(200);
    await page.clock.runFor(5000);
    expect(reports()).toHaveLength(1);
    const body = JSON.parse(reports()[0]!.postData()!) as { data: { stack: string } }[];
    expect(body).toHaveLength(1);
    expect(body[0]!.data.stack).toHaveLength(5000);
    const row = await first<{ count: number; len: number }>('select count, length(sample_stack) as len from census_js_errors where message = ?', message);
    expect(row).toEqual({ count: 1, len: 5000 });
    await context.close();
  });
  it('errors thrown while the page loads, before the runtime starts, are reported once', async () => {
    const { context, page, requests } = await freshPage();
    const message = `load-time failure ${Date.now()}`;
    // Thrown by the page's own load handlers, seconds before the traffic runtime starts.
    await page.addInitScript((msg) => {
      addEventListener('load', () => {
        void Promise.reject(new Error(`${msg} (rejection)`));
        throw new Error(msg);
      });
    }, message);
    await page.goto(url('/about'), { waitUntil: 'load' });
    const reports = () => requests.filter((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'));
    expect(reports()).toHaveLength(0);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'));
    // The runtime starts at the idle period; the reporter drains the loader's buffer and sends 1 s later.
    await page.clock.runFor(TO_IDLE_MS);
    await page.clock.runFor(1000);
    expect((await sent).status()).toBe(200);
    await page.clock.runFor(5000);
    expect(reports()).toHaveLength(1);
    const body = JSON.parse(reports()[0]!.postData()!) as { event: string; data: { message: string } }[];
    expect(body.map((e) => [e.event, e.data.message]).sort()).toEqual([
      ['error', message],
      ['unhandledrejection', `${message} (rejection)`],
    ]);
    const rows = await worker.db.prepare('select message, count from census_js_errors where message like ? order by message').bind(`${message}%`).all();
    expect(rows.results).toEqual([
      { message, count: 1 },
      { message: `${message} (rejection)`, count: 1 },
    ]);
    await context.close();
  });
});

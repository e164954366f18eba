/**
 * Phone-profile benchmark (issue 37): headless Chromium against the worker with the profile
 * Lighthouse uses for mobile — CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), 150 ms
 * round trips at 1.6 Mbps down / 750 kbps up (Network.emulateNetworkConditions), 390x844 at
 * DPR 2 with touch. For home, listing, product, cart (with an item) and checkout, each a cold
 * visit (fresh context, empty cache): FCP, LCP, total blocking time (the part over 50 ms of
 * every long task from FCP until the page has been quiet for QUIET_MS after load), CLS and
 * the islands hydrated without any input. Median of RUNS visits.
 *
 * `--baseline <git-ref>` measures that commit too, in the same run and alternating visit by
 * visit: `git archive` of the ref into a temp folder (node_modules linked), whose own
 * edge/test-support.ts starts its worker with its own client build. The table then shows
 * both and the ratio after ÷ before.
 *
 * Run alone with `npx tsx bench/phone.ts [--baseline main]`; `npm run bench` calls `run()`.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/browser/harness.js';
import { startWorker, type RunningWorker } from '../edge/test-support.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.PHONE_RUNS ?? '3');
// Lighthouse's TTI waits for 5 s without long tasks; the window closes here after that much quiet.
const QUIET_MS = 5000;
const MAX_WAIT_MS = 25_000;
export const TARGETS = { tbt: 200, lcp: 1200 } as const;

const PAGES = [
  ['home', '/'],
  ['listing', '/shop'],
  ['product', '/shop/speckled-stoneware-mug'],
  ['cart', '/cart'],
  ['checkout', '/checkout'],
] as const;
type PageName = (typeof PAGES)[number][0];
// An unlimited single-variant product: every visit can add it.
const ADD_PAGE = '/shop/pour-over-coffee-set';

/** What one visit measured. */
export interface PhoneVitals {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  longTasks: number;
  islands: number;
}

// Runs in the page before any of its scripts.
const OBSERVE = `
  window.__phone = { fcp: 0, lcp: 0, cls: 0, tasks: [], lastTask: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__phone.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__phone.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__phone.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__phone.tasks.push([e.startTime, e.duration]); window.__phone.lastTask = e.startTime + e.duration; } }).observe({ type: 'longtask', buffered: true });
`;

/** The phone profile on a fresh page of `context`. */
export async function phoneProfile(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** A context as a 390x844 phone at DPR 2 with touch. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

async function addItem(page: Page, base: URL): Promise<void> {
  await page.goto(new URL(ADD_PAGE, base).href);
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="product-form"]')?.dataset.islandState === 'hydrated');
  await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
  await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
}

async function visit(browser: Browser, base: URL, name: PageName, path: string): Promise<PhoneVitals> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    // The cart and checkout hold an item, added at full speed before the measured visit.
    if (name === 'cart' || name === 'checkout') await addItem(page, base);
    await page.addInitScript(OBSERVE);
    await phoneProfile(context, page);
    await page.goto(new URL(path, base).href, { waitUntil: 'load', timeout: 60_000 });
    // Quiet: QUIET_MS since load and since the last long task (read in page time).
    await page.waitForFunction(
      (quiet) => {
        const phone = (window as unknown as { __phone: { lastTask: number } }).__phone;
        const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const since = Math.max(phone.lastTask, load?.loadEventEnd ?? 0);
        return performance.now() - since >= quiet;
      },
      QUIET_MS,
      { timeout: MAX_WAIT_MS + QUIET_MS, polling: 250 },
    );
    return await page.evaluate(() => {
      const phone = (window as unknown as { __phone: { fcp: number; lcp: number; cls: number; tasks: [number, number][] } }).__phone;
      let tbt = 0;
      let longTasks = 0;
      for (const [start, duration] of phone.tasks) {
        if (start + duration < phone.fcp) continue;
        // Only the part after FCP counts (Lighthouse's clipping).
        const blocking = Math.min(duration, start + duration - phone.fcp) - 50;
        longTasks++;
        if (blocking > 0) tbt += blocking;
      }
      const islands = document.querySelectorAll('[data-island-state="hydrated"]').length;
      return { fcp: phone.fcp, lcp: phone.lcp, tbt, cls: phone.cls, longTasks, islands };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summary(runs: PhoneVitals[]): PhoneVitals {
  return {
    fcp: median(runs.map((r) => r.fcp)),
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    longTasks: median(runs.map((r) => r.longTasks)),
    islands: median(runs.map((r) => r.islands)),
  };
}

const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(8);
const line = (v: PhoneVitals) =>
  `FCP ${ms(v.fcp)}  LCP ${ms(v.lcp)}  TBT ${ms(v.tbt)} (${v.longTasks} long)  CLS ${v.cls.toFixed(3)}  islands ${String(v.islands).padStart(2)}`;

/** The worker of an older commit: its tree from `git archive`, its own client build. */
async function baselineWorker(ref: string): Promise<RunningWorker> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-baseline-'));
  execSync(`git archive --format=tar ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const support = (await import(pathToFileURL(join(dir, 'edge/test-support.ts')).href)) as { startWorker: typeof startWorker };
  return support.startWorker({ port: 0 });
}

export async function run(options: { baseline?: string } = {}): Promise<void> {
  const workers: [string, RunningWorker][] = [];
  let browser: Browser | undefined;
  try {
    if (options.baseline) {
      const sha = execSync(`git rev-parse --short ${JSON.stringify(options.baseline)}`, { cwd: ROOT }).toString().trim();
      workers.push([`before (${sha})`, await baselineWorker(options.baseline)]);
    }
    workers.push(['now', await startWorker({ port: 0 })]);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    console.log(`\nPhone profile (CPU 4x, 150 ms RTT, 1.6 Mbps down / 750 kbps up, 390x844 DPR 2, touch; median of ${RUNS} cold visits)`);
    let met = true;
    for (const [name, path] of PAGES) {
      const runs = new Map<string, PhoneVitals[]>(workers.map(([label]) => [label, []]));
      // Warm each worker's caches (page cache, isolates) at full speed first.
      for (const [, worker] of workers) await visit(browser, worker.url, name, path).catch(() => undefined);
      for (let i = 0; i < RUNS; i++) for (const [label, worker] of workers) runs.get(label)!.push(await visit(browser, worker.url, name, path));
      const results = workers.map(([label]) => [label, summary(runs.get(label)!)] as const);
      for (const [label, v] of results) console.log(`  ${name.padEnd(9)} ${label.padEnd(17)} ${line(v)}`);
      const now = results.at(-1)![1];
      if (results.length > 1) {
        const before = results[0]![1];
        console.log(`  ${name.padEnd(9)} ${'after ÷ before'.padEnd(17)} TBT ×${(now.tbt / Math.max(before.tbt, 1)).toFixed(2)}  LCP ×${(now.lcp / before.lcp).toFixed(2)}`);
      }
      const ok = now.tbt < TARGETS.tbt && now.lcp < TARGETS.lcp;
      if (!ok) met = false;
      console.log(`  ${name.padEnd(9)} ${ok ? '(targets met)' : `(target: TBT < ${TARGETS.tbt} ms, LCP < ${TARGETS.lcp} ms)`}`);
    }
    console.log(met ? '  every page under the targets' : '  some page over the targets');
  } finally {
    await browser?.close();
    for (const [, worker] of workers) await worker.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--baseline');
  await run(at > 0 ? { baseline: process.argv[at + 1] ?? 'main' } : {});
}

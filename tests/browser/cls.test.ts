import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { trackRequests, useStorefront } from './harness.js';

/**
 * Cumulative layout shift of the storefront's pages as a shopper loads them (issue 37), on the
 * phone (390x844 at DPR 2, touch, CPU slowed 4x as in bench/phone.ts) and on a desktop: the
 * page's own PerformanceObserver sums every 'layout-shift' entry without recent input from the
 * first paint until the islands a shopper sees without scrolling have mounted and the page has
 * had an idle period after the network went quiet. Each page must stay under 0.02 (issue 31: a fifth of the 0.1 Core Web Vitals counts as good).
 * No wall-clock waits: the page's states (island markers, an idle callback, two frames) decide.
 */
const store = useStorefront();
const GOOD_CLS = 0.02;
// An unlimited single-variant product: every visit can add it.
const ADD_PAGE = '/shop/pour-over-coffee-set';

// Runs in every document before its scripts.
const OBSERVE = `
  window.__cls = 0;
  window.__clsObserver = new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; });
  window.__clsObserver.observe({ type: 'layout-shift', buffered: true });
`;

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 900 } },
} as const;

// Checkout measured 0.536 on the phone and 0.248 on the desktop before its island drew the
// whole form from its first render (the priced cart comes with the page, issue 31).
const PAGES = [
  ['home', '/'],
  ['listing', '/shop'],
  ['product', '/shop/speckled-stoneware-mug'],
  ['cart', '/cart'],
  ['checkout', '/checkout'],
] as const;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(kind: keyof typeof VIEWPORTS): Promise<Page> {
  context = await store.browser.newContext(VIEWPORTS[kind]);
  const page = await context.newPage();
  if (kind === 'phone') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  }
  return page;
}

async function addItem(page: Page): Promise<void> {
  await page.goto(store.url(ADD_PAGE));
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="product-form"]')?.dataset.islandState === 'hydrated');
  await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
  await page.waitForFunction(() => document.cookie.includes('hasCart=true'));
}

/**
 * Loads `path` and answers its CLS once the network has been quiet (the islands' own data, such
 * as the checkout's cart, has come and been drawn), the islands in view are up and the page went idle.
 */
async function clsOf(page: Page, quiet: () => Promise<void>, path: string): Promise<number> {
  await page.goto(store.url(path));
  // No request of the page's own in flight (the traffic beacons aside, which change nothing on
  // it): networkidle's fixed half second after them, and their slow answers, are not waited for.
  await quiet();
  // Every island a shopper sees without scrolling or tapping has mounted (or failed visibly).
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-island]')).every((el) => {
      if (el.dataset.islandState !== 'pending') return true;
      if (el.dataset.islandLoad === 'interaction') return true;
      const box = el.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && (box.width > 0 || box.height > 0);
      return el.dataset.islandLoad !== 'eager' && el.dataset.islandLoad !== 'idle' && !inView;
    }),
  );
  // And what those islands fetched once mounted has come and been drawn.
  await quiet();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestIdleCallback(() =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const w = window as unknown as { __cls: number; __clsObserver: PerformanceObserver };
              for (const e of w.__clsObserver.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
                if (!e.hadRecentInput) w.__cls += e.value;
              }
              resolve(w.__cls);
            }),
          ),
        ),
      ),
  );
}

describe('layout shift while the storefront loads', () => {
  for (const kind of ['phone', 'desktop'] as const) {
    it(`home, listing, product, cart and checkout each stay under CLS ${GOOD_CLS} on a ${kind}`, async () => {
      const page = await open(kind);
      const network = trackRequests(page);
      await addItem(page);
      await page.addInitScript(OBSERVE);
      const measured: Record<string, number> = {};
      for (const [name, path] of PAGES) measured[name] = Number((await clsOf(page, () => network.quiet(), path)).toFixed(3));
      console.log(`CLS on a ${kind}: ${JSON.stringify(measured)}`);
      // All five at once, so a failure names every page over the line.
      expect(Object.entries(measured).filter(([, cls]) => cls >= GOOD_CLS)).toEqual([]);
      // The observer saw the page at all (a sum that can only be 0 would prove nothing).
      expect(await page.evaluate(() => typeof (window as unknown as { __cls?: number }).__cls)).toBe('number');
    });
  }
});

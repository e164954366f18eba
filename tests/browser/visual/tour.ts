/**
 * The page tour: every storefront page type (page-types.ts) loaded once per viewport, and that
 * one load serves every check that applies at that width (issue 31):
 * - overflow: nothing scrolls sideways (document and body no wider than the window) and no box
 *   reaches past the window's right edge, even one the main column clips (overflow-x: clip
 *   would cut a too-wide form off rather than scroll); boxes inside a container that scrolls
 *   sideways on purpose (a carousel), fixed ones and visually hidden ones (1 px) do not count;
 * - layout shift while an island takes over the server's markup (CLS < 0.02);
 * - the screenshot against its committed baseline (compare.ts; `npm run test:visual:update`);
 * - axe-core: no serious or critical WCAG 2.1 A/AA violation on the styled pages;
 * - then the page's second state, if any (the checkout's errors), for overflow and axe again;
 * - and, as in every storefront file, no console error, page error or failed request.
 * One test file per viewport (tour-320, tour-390, tour-1280) so Vitest runs them in parallel.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../axe.js';
import { islandsHydrated, openStorefront, type Storefront, type StorefrontSuite, type Visitor } from '../harness.js';
import { compareWithBaseline } from './compare.js';
import { PAGE_TYPES, openSettled, type PageType } from './page-types.js';

export interface TourChecks {
  width: 320 | 390 | 1280;
  /** No sideways scrolling (the phone widths). */
  overflow: boolean;
  /** The screenshot comparison, axe on the styled pages and layout shift where an island takes over. */
  look: boolean;
}

// 2026-03-02 15:00 UTC: any fixed instant works; it only has to be the same on every run.
const FIXED_TIME = Date.UTC(2026, 2, 2, 15, 0, 0);
const GOOD_CLS = 0.02;

/** Sums every layout shift without recent input, from before the page's first script (added before the load). */
const OBSERVE_CLS = `
  window.__cls = 0; window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      window.__shifts.push(e.value.toFixed(4) + ' ' + (e.sources || []).map((s) => (s.node && s.node.className) || '?').join(', '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * The layout shift from the first paint until the eager islands have taken over and the network
 * is quiet (the checkout prices the cart), as a shopper sees it: before the tour forces lazy
 * pictures or scrolls islands into view.
 */
async function shiftWhileIslandsTakeOver(page: Page, quiet: () => Promise<void>): Promise<{ cls: number; shifts: string[] }> {
  await islandsHydrated(page, '[data-island][data-island-load="eager"]');
  await quiet();
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

/** Widths of the document and body against the window, and the boxes that reach past its right edge. */
async function overflowOf(page: Page): Promise<{ width: number; viewport: number; past: string[] }> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const scrollsSideways = (el: Element) => {
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const x = getComputedStyle(at).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    const past = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && r.height > 1 && r.right > viewport + 0.5 && getComputedStyle(el).position !== 'fixed' && !scrollsSideways(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`)
      .slice(0, 8);
    return { width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), viewport, past };
  });
}

/**
 * The page types a tour may load side by side: without screenshots every one (each its own
 * visitor, no set-up depends on another's), else the ones before the first that sets up a
 * shopper's state (a cart's hold, an order's number), which then keep their order.
 */
function sideBySide(checks: TourChecks): Set<string> {
  if (!checks.look) return new Set(PAGE_TYPES.map((type) => type.name));
  const first = PAGE_TYPES.findIndex((type) => type.name === 'cart');
  return new Set(PAGE_TYPES.slice(0, first).map((type) => type.name));
}

/** Registers the tour's tests for one viewport (call once at the top of a test file). */
export function pageTour(checks: TourChecks): void {
  // One worker and one Chromium connection for the file; each test owns its visitor and checks
  // its errors itself (useStorefront's afterEach would close a visitor of a test still running).
  let started: Storefront | undefined;
  beforeAll(async () => {
    started = await openStorefront();
  });
  afterAll(async () => {
    await started?.close();
  });
  const { width } = checks;
  const concurrent = sideBySide(checks);
  describe(`page tour at ${width} px`, () => {
    for (const type of PAGE_TYPES) {
      const what = [checks.overflow && 'overflow', checks.look && type.cls && 'layout shift', checks.look && 'screenshot', checks.look && type.axe && 'axe'].filter(Boolean).join(', ');
      (concurrent.has(type.name) ? it.concurrent : it)(`${type.name}: ${what}${type.then ? `; ${type.then.name}` : ''}`, async () => {
        const base = started!;
        let allowed: RegExp | undefined = type.name === 'not-found' ? /404/ : undefined;
        const store: StorefrontSuite = {
          worker: base.worker,
          browser: base.browser,
          url: (path) => base.url(path),
          visitor: (options) => base.visitor(options),
          allow: (pattern) => {
            allowed = pattern;
          },
        };
        const visitor = await base.visitor({ viewport: { width, height: width < 433 ? 844 : 900 }, reducedMotion: 'reduce' });
        try {
          await tourPage(store, visitor, type, checks);
          expect(visitor.errors.filter((e) => !allowed?.test(e))).toEqual([]);
        } finally {
          await visitor.close();
        }
      });
    }
  });
}

/** One page type's load at the tour's width and every check that applies to it. */
async function tourPage(store: StorefrontSuite, visitor: Visitor, type: PageType, checks: TourChecks): Promise<void> {
  const { width } = checks;
  const { page } = visitor;
  await page.clock.setFixedTime(FIXED_TIME);
  const path = await type.path(store, visitor);
  let shift: { cls: number; shifts: string[] } | undefined;
  if (checks.look && type.cls) await page.addInitScript(OBSERVE_CLS);
  const measureShift = async (quiet: () => Promise<void>) => {
    shift = await shiftWhileIslandsTakeOver(page, quiet);
  };
  await openSettled(page, store.url(path), checks.look && type.cls ? measureShift : undefined);

  if (checks.overflow) expect({ page: type.name, ...(await overflowOf(page)) }).toEqual({ page: type.name, width, viewport: width, past: [] });
  if (shift) expect(shift.cls, shift.shifts.join('\n')).toBeLessThan(GOOD_CLS);
  if (checks.look) {
    const shot = await page.screenshot({
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: (type.mask ?? []).map((selector) => page.locator(selector)),
    });
    const result = compareWithBaseline(`${type.name}-${width}`, shot);
    expect(result.status === 'different' ? result.reason : 'matches').toBe('matches');
  }
  if (checks.look && type.axe) expect({ page: type.name, findings: await audit(page) }).toEqual({ page: type.name, findings: [] });

  if (type.then) {
    if (type.then.allow) store.allow(type.then.allow);
    await type.then.drive(page);
    const state = `${type.name} ${type.then.name}`;
    if (checks.overflow) expect({ page: state, ...(await overflowOf(page)) }).toEqual({ page: state, width, viewport: width, past: [] });
    if (checks.look && type.axe) expect({ page: state, findings: await audit(page) }).toEqual({ page: state, findings: [] });
  }
}

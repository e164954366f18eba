import { describe, expect, it } from 'vitest';
import { useStorefront } from '../harness.js';
import { compareWithBaseline } from './compare.js';
import { PAGE_TYPES, openSettled } from './page-types.js';

/**
 * The visual check of issue 31: every storefront page type at 390 and 1280 px, a full-page
 * screenshot compared with its committed baseline (tests/browser/visual/__baselines__/) within
 * a small tolerance, so an unstyled page cannot come back unnoticed. Deterministic rendering:
 * the same seed data in a fresh worker, page clocks fixed at one instant, reduced motion and
 * animations stopped, the caret hidden, web fonts and every picture loaded, islands mounted;
 * what depends on the hour of the run (new orders' dates, hold countdowns) is masked.
 * `npm run test:visual:update` rewrites the baselines (docs/testing.md).
 */
const store = useStorefront();

// 2026-03-02 15:00 UTC: any fixed instant works; it only has to be the same on every run.
const FIXED_TIME = Date.UTC(2026, 2, 2, 15, 0, 0);

describe('storefront pages look as their baselines', () => {
  for (const width of [390, 1280]) {
    for (const type of PAGE_TYPES) {
      it(`${type.name} at ${width} px`, async () => {
        if (type.name === 'not-found') store.allow(/404/);
        const visitor = await store.visitor({ viewport: { width, height: width < 433 ? 844 : 900 }, reducedMotion: 'reduce' });
        const { page } = visitor;
        await page.clock.setFixedTime(FIXED_TIME);
        const path = await type.path(store, visitor);
        await openSettled(page, store.url(path));
        const shot = await page.screenshot({
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
          mask: (type.mask ?? []).map((selector) => page.locator(selector)),
        });
        const result = compareWithBaseline(`${type.name}-${width}`, shot);
        expect(result.status === 'different' ? result.reason : 'matches').toBe('matches');
      });
    }
  }
});

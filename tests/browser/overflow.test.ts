import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { PAGE_TYPES, openSettled } from './visual/page-types.js';

/**
 * No storefront page type scrolls sideways on a phone: at 320 and 390 px the document is no
 * wider than the window (issue 31: the contact page once measured 413 px at 390).
 */
const store = useStorefront();

describe('no sideways scrolling on phones', () => {
  for (const width of [320, 390]) {
    for (const type of PAGE_TYPES) {
      it(`${type.name} at ${width} px`, async () => {
        if (type.name === 'not-found') store.allow(/404/);
        const visitor = await store.visitor({ viewport: { width, height: 800 } });
        const path = await type.path(store, visitor);
        await openSettled(visitor.page, store.url(path));
        const measured = await visitor.page.evaluate(() => ({
          document: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
          // The widest element that reaches past the window, to say what to fix.
          culprit: Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && getComputedStyle(el).position !== 'fixed')
            // Inside a scrolling or clipping box (a carousel) is that box's own business.
            .filter((el) => {
              for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return false;
              return true;
            })
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`)
            .slice(0, 3),
        }));
        expect({ width: Math.max(measured.document, measured.body), culprit: measured.culprit }).toEqual({ width, culprit: [] });
      });
    }
  }
});

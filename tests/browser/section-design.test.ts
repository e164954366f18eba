import { beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { ifMatch, pageClient } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';

/**
 * Section design in the demo theme, measured in Chromium: a hex background, a palette one,
 * full width to the viewport's edges, a divider 6 viewport widths tall (SPEC §9), blocks with
 * a 22 px corner radius (SPEC §9) and an image background placed by its focal point.
 */
const store = useStorefront();
const IMAGE = '/assets/fern-and-kiln/images/bowls-nesting.svg';
const at = (row: number) => ({ desktop: { col: 1, row, span: 12, rows: 1 } });
const text = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });

const LAYOUT = {
  sections: [
    { id: 'hex', design: { background: { type: 'color', hex: '#1f6f5c' }, width: 'full', divider: 'wave' }, blocks: [{ id: 't1', type: 'text', props: { text: text('On a green ground') }, layout: at(1) }] },
    { id: 'soft', design: { background: { type: 'palette', color: 'accent-soft' }, roundedBlocks: true }, blocks: [{ id: 'i1', type: 'image', props: { src: IMAGE, alt: 'Nesting bowls' }, layout: at(1) }] },
    { id: 'photo', design: { padding: 'large', background: { type: 'image', src: IMAGE, focal: { x: 0.2, y: 0.9 } } }, blocks: [{ id: 't2', type: 'text', props: { text: text('Over a photo') }, layout: at(1) }] },
  ],
};

beforeAll(async () => {
  const demo = await demoOwner();
  const owner = pageClient(store.worker, await signIn(store.worker, demo.email, demo.password));
  const id = ((await owner('POST', '', { title: 'Designed', slug: 'designed' })).json.page as { id: string }).id;
  const saved = await owner('PUT', `/${id}/draft`, { layout: LAYOUT }, ifMatch(1));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
}, 120_000);

describe('section design', () => {
  for (const width of [390, 1280]) {
    it(`renders backgrounds, full width, the divider and rounded blocks at ${width} px`, async () => {
      const { page } = await store.visitor({ viewport: { width, height: 900 } });
      await page.goto(store.url('/designed'));
      const hex = page.locator('#section-hex');
      expect(await hex.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 111, 92)');
      const viewport = await page.evaluate(() => document.documentElement.clientWidth);
      const box = (await hex.boundingBox())!;
      expect(Math.round(box.x)).toBe(0);
      expect(Math.round(box.width)).toBeGreaterThanOrEqual(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The text stays in the page's column.
      const textBox = (await page.locator('#block-t1').boundingBox())!;
      expect(textBox.x).toBeGreaterThan(0);
      // Divider: 6 viewport widths tall.
      const divider = (await page.locator('#section-hex .section-divider').boundingBox())!;
      expect(Math.abs(divider.height - width * 0.06)).toBeLessThan(1.5);
      // Palette background and rounded blocks.
      expect(await page.locator('#section-soft').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      expect(await page.locator('#block-i1 img').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('22px');
      // Image background: covers the section behind the text, placed by the focal point.
      const img = page.locator('#section-photo .section-bg-img');
      expect(await img.evaluate((el) => [getComputedStyle(el).objectFit, getComputedStyle(el).objectPosition])).toEqual(['cover', '20% 90%']);
      const photo = (await page.locator('#section-photo').boundingBox())!;
      const imgBox = (await img.boundingBox())!;
      expect(Math.round(imgBox.height)).toBe(Math.round(photo.height));
      expect(await page.locator('#block-t2').isVisible()).toBe(true);
      const onTop = await page.locator('#block-t2 p').evaluate((el) => {
        const r = el.getBoundingClientRect();
        el.scrollIntoView();
        const rr = el.getBoundingClientRect();
        return document.elementFromPoint(rr.left + 5, rr.top + rr.height / 2 || r.top)?.closest('#block-t2') !== null;
      });
      expect(onTop).toBe(true);
    });
  }
});

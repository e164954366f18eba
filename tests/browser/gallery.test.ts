import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, openStorefront, type Storefront, type Visitor } from './harness.js';

let store: Storefront;
let visitor: Visitor;

beforeAll(async () => {
  store = await openStorefront();
  visitor = await store.visitor();
});
afterAll(async () => {
  await visitor?.close();
  await store?.close();
});

describe('gallery island on the product page', () => {
  it('loads only the islands on the page, each from its own hashed chunk with immutable caching', async () => {
    const scripts: { url: string; cache: string | undefined }[] = [];
    visitor.page.on('response', (res) => {
      if (res.url().includes('/client/')) scripts.push({ url: new URL(res.url()).pathname, cache: res.headers()['cache-control'] });
    });
    await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'));
    await islandsHydrated(visitor.page, '[data-island="gallery"]');
    const paths = scripts.map((s) => s.url);
    expect(paths.some((p) => /^\/client\/loader-[\w-]{8}\.js$/.test(p))).toBe(true);
    expect(paths.some((p) => /^\/client\/islands\/gallery-[\w-]{8}\.js$/.test(p))).toBe(true);
    expect(paths.some((p) => p.includes('/islands/review-form'))).toBe(false);
    for (const s of scripts) expect(s.cache).toBe('public, max-age=31536000, immutable');
  });

  it('thumbnails are buttons that swap the main image; arrow keys move between images', async () => {
    const { page } = visitor;
    const gallery = page.getByRole('region', { name: 'Speckled Stoneware Mug gallery' });
    const main = gallery.locator('.gallery-slide.is-active img');
    expect(await main.getAttribute('src')).toContain('mug-speckled-oatmeal.svg');
    await gallery.getByRole('button', { name: 'Show image 2 of 3' }).click();
    expect(await main.getAttribute('src')).toContain('mug-speckled-celadon.svg');
    expect(await gallery.getByRole('button', { name: 'Show image 2 of 3' }).getAttribute('aria-current')).toBe('true');
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    expect(await main.getAttribute('src')).toContain('mug-speckled-pair.svg');
    await page.keyboard.press('ArrowRight');
    expect(await main.getAttribute('src')).toContain('mug-speckled-oatmeal.svg');
    await page.keyboard.press('ArrowLeft');
    expect(await main.getAttribute('src')).toContain('mug-speckled-pair.svg');
  });

  it('opens the image in a lightbox that traps focus and closes on Escape', async () => {
    const { page } = visitor;
    await page.locator('.gallery-slide.is-active').click();
    const dialog = page.getByRole('dialog', { name: 'Speckled Stoneware Mug gallery' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(visitor.errors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, type Visitor } from './harness.js';

/**
 * The slider, grid and stacked gallery designs (SPEC §3 options, §4 design rules) in
 * Chromium: the product page's own markup with its `data-prop-design` (and options)
 * rewritten on the way in, so the island hydrates each design from real server markup.
 */
const store = useStorefront();
let visitor: Visitor;
const PRODUCT = '/shop/speckled-stoneware-mug';
const IMAGES = ['mug-speckled-oatmeal.svg', 'mug-speckled-celadon.svg', 'mug-speckled-pair.svg'];

async function openAs(design: string, options: Record<string, string> = {}, clock = false) {
  visitor = await store.visitor();
  const { page } = visitor;
  if (clock) await page.clock.install();
  await page.route(store.url(PRODUCT), async (route) => {
    const res = await route.fetch();
    let html = (await res.text()).replace('data-prop-design="slideshow"', `data-prop-design="${design}"`);
    for (const [name, value] of Object.entries(options)) {
      html = html.replace(new RegExp(`data-prop-${name}="[^"]*"`), '').replace('data-island="gallery"', `data-island="gallery" data-prop-${name}="${value}"`);
    }
    await route.fulfill({ response: res, body: html });
  });
  await page.goto(store.url(PRODUCT));
  await islandsHydrated(page, '[data-island="gallery"]');
  const gallery = page.getByRole('region', { name: 'Speckled Stoneware Mug gallery' });
  return { page, gallery, slides: gallery.locator('.gallery-slide'), active: gallery.locator('.gallery-slide.is-active img') };
}

describe('gallery designs', () => {
  it('slider: every slide in a strip, no thumbnails; arrows, keys and swipes move and scroll to the current slide', async () => {
    const { page, gallery, slides, active } = await openAs('slider', { controls: 'true' });
    expect(await gallery.getAttribute('class')).toContain('gallery-design-slider');
    expect(await gallery.getAttribute('aria-roledescription')).toBe('carousel');
    expect(await slides.count()).toBe(3);
    expect(await gallery.locator('.gallery-thumbs').count()).toBe(0);
    const strip = gallery.locator('.gallery-slides');
    expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
    await gallery.getByRole('button', { name: 'Next image' }).click();
    expect(await active.getAttribute('src')).toContain(IMAGES[1]);
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    expect(await active.getAttribute('src')).toContain(IMAGES[0]);
    await gallery.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await active.getAttribute('src')).toContain(IMAGES[2]);
    await page.keyboard.press('ArrowRight');
    expect(await active.getAttribute('src')).toContain(IMAGES[0]);
    // A swipe to the left (finger or mouse dragged 120 px) moves to the next slide; a nudge does not.
    const box = (await strip.boundingBox())!;
    const drag = async (dx: number) => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
    };
    await drag(-120);
    expect(await active.getAttribute('src')).toContain(IMAGES[1]);
    await drag(10);
    expect(await active.getAttribute('src')).toContain(IMAGES[1]);
    await drag(120);
    expect(await active.getAttribute('src')).toContain(IMAGES[0]);
    // Swipes are not clicks: no lightbox opened on the way; a plain click still opens it.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await slides.first().click();
    await page.getByRole('dialog', { name: 'Speckled Stoneware Mug gallery' }).waitFor();
  });

  it('grid: every image at once, no thumbnails or arrows; a click opens that image in the lightbox', async () => {
    const { page, gallery, slides } = await openAs('grid', { controls: 'true', thumbnails: 'true' });
    expect(await gallery.getAttribute('class')).toContain('gallery-design-grid');
    expect(await gallery.getAttribute('aria-roledescription')).toBeNull();
    expect(await slides.count()).toBe(3);
    for (const [i, name] of IMAGES.entries()) expect(await slides.nth(i).locator('img').getAttribute('src')).toContain(name);
    // SPEC §4: grid turns thumbnails off even when asked; arrows belong to slideshow and slider.
    expect(await gallery.locator('.gallery-thumbs').count()).toBe(0);
    expect(await gallery.getByRole('button', { name: 'Next image' }).count()).toBe(0);
    const columns = await gallery.locator('.gallery-slides').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBeGreaterThan(1);
    await slides.nth(1).click();
    const dialog = page.getByRole('dialog', { name: 'Speckled Stoneware Mug gallery' });
    await dialog.waitFor();
    expect(await dialog.locator('img').getAttribute('src')).toContain(IMAGES[1]);
    await dialog.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    // The image fits the window: its arrows are on screen without scrolling.
    const next = (await dialog.getByRole('button', { name: 'Next image' }).boundingBox())!;
    expect(next.y + next.height).toBeLessThanOrEqual(900);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    expect(await dialog.locator('img').getAttribute('src')).toContain(IMAGES[2]);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
  });

  it('stacked: images one under another, no thumbnails, and never autoplays (SPEC §4), unlike a slideshow', async () => {
    const stacked = await openAs('stacked', { autoplay: 'true', thumbnails: 'true' }, true);
    expect(await stacked.slides.count()).toBe(3);
    const tops = await stacked.slides.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(tops[1]).toBeGreaterThan(tops[0]!);
    expect(tops[2]).toBeGreaterThan(tops[1]!);
    expect(await stacked.gallery.locator('.gallery-thumbs').count()).toBe(0);
    expect(await stacked.gallery.getAttribute('class')).not.toContain('is-autoplaying');
    await stacked.page.mouse.move(0, 0);
    await stacked.page.clock.runFor(12_000);
    expect(await stacked.gallery.getAttribute('class')).not.toContain('is-autoplaying');
    await visitor.close();

    // The same options on a slideshow autoplay every 5 s (SPEC §3 default duration).
    const slideshow = await openAs('slideshow', { autoplay: 'true' }, true);
    await slideshow.page.mouse.move(0, 0);
    // React renders a timer's state change in its own scheduler task, after runFor returns: poll.
    await expect.poll(() => slideshow.gallery.getAttribute('class')).toContain('is-autoplaying');
    expect(await slideshow.active.getAttribute('src')).toContain(IMAGES[0]);
    await slideshow.page.clock.runFor(5000);
    await expect.poll(() => slideshow.active.getAttribute('src'), { timeout: 10_000 }).toContain(IMAGES[1]);
  });
});

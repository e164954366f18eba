import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { ifMatch, pageClient } from '../../edge/api/pages/test-pages.js';
import { hostileStaticBlocks, hostileStaticLinks } from '../../edge/api/pages/test-static-blocks.js';
import { islandsHydrated, useStorefront, type Visitor } from './harness.js';

/**
 * A page holding one of each block that needs no server data (blocks/gallery, markdown,
 * video, map, audio, accordion, marquee, social-links, search, menu, donation,
 * member-area, link, shape), published through the page API and opened at a phone and a desktop width:
 * no console errors, nothing requested from another origin before the visitor acts, each
 * block working. Screenshots go to test-artifacts/ (git-ignored) for a look.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const IMAGES = '/assets/fern-and-kiln/images';
const SLUG = 'blocks-showcase';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const at = (row: number, col = 1, span = 12) => ({ desktop: { col, row, span, rows: 1 } });
const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

const LAYOUT = {
  sections: [
    { id: 'intro', design: { padding: 'small', theme: 'accent' }, blocks: [{ id: 'marquee', type: 'marquee', props: { text: 'Winter kiln opening', preset: 'mild-wave' }, layout: at(1) }] },
    {
      id: 'studio',
      design: { padding: 'medium' },
      blocks: [
        { id: 'markdown', type: 'markdown', props: { markdown: '## From the studio\n\nEvery piece is **thrown by hand** and fired twice. Read about our [glazes](/journal).\n\n- Stoneware clay\n- Food-safe glazes' }, layout: at(1, 1, 6) },
        { id: 'video', type: 'video', props: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Throwing a moon jar', caption: 'Twelve minutes at the wheel.' }, layout: at(1, 7, 6) },
        { id: 'map', type: 'map', props: { address: '12 Harbour Row, Bristol', lat: 51.4495, lng: -2.5966 }, layout: at(2, 1, 6) },
        { id: 'audio', type: 'audio', props: { src: '/assets/fern-and-kiln/files/kiln-morning.mp3', title: 'Kiln morning', artist: 'Fern & Kiln' }, layout: at(2, 7, 6) },
        { id: 'gallery', type: 'gallery', props: { images: [{ src: `${IMAGES}/mug-speckled-oatmeal.svg`, alt: 'Oatmeal mug' }, { src: `${IMAGES}/bowls-nesting.svg`, alt: 'Nesting bowls' }, { src: `${IMAGES}/bud-vase-moss.svg`, alt: 'Moss bud vase' }], design: 'grid', thumbnailsPerRow: 3 }, layout: at(3) },
        { id: 'faq', type: 'accordion', props: { items: [{ title: 'Are the glazes food safe?', body: doc('Yes: every glaze is lead free and tested.') }, { title: 'Can they go in the dishwasher?', body: doc('Yes, though hand washing keeps the glaze bright.') }], oneAtATime: true }, layout: at(4, 1, 6) },
        { id: 'menu', type: 'menu', props: { currency: 'GBP', sections: [{ title: 'Studio café', note: 'Served in our own cups', items: [{ name: 'Sencha', description: 'Steamed green tea', price: 450 }, { name: 'Flat white', price: 380 }, { name: 'Tap water', description: 'Always free' }] }] }, layout: at(4, 7, 6) },
        { id: 'social', type: 'social-links', props: { links: ['https://www.instagram.com/fernandkiln', 'https://www.pinterest.com/fernandkiln', 'mailto:studio@fernandkiln.test'], showNames: true }, layout: at(5, 1, 6) },
        { id: 'search', type: 'search', props: {}, layout: at(5, 7, 6) },
        { id: 'donation', type: 'donation', props: {}, layout: at(6, 1, 6) },
        { id: 'members', type: 'member-area', props: {}, layout: at(6, 7, 6) },
        { id: 'link', type: 'link', props: { href: 'https://www.example.org/glazes', title: 'A field guide to glazes', description: 'Cone 6 recipes we trust.' }, layout: at(7, 1, 8) },
        { id: 'shape', type: 'shape', props: { shape: 'arch', color: 'accent', height: 120 }, layout: at(7, 9, 4) },
      ],
    },
  ],
};

// Hostile props: live markup would run (a dialog, a marker) or break the CSP (a console error).
const HOSTILE = [
  `<script>window.__xss=1</script>`,
  `<img src=x onerror=alert('x3')>`,
  `<svg/onload=alert('x5')>`,
  `" onmouseover="alert(6)" x="`,
  `' autofocus onfocus='alert(7)' x='`,
  `</summary><script>alert(8)</script>`,
  `<p style="x:expression(alert(10))">`,
];

let owner: ReturnType<typeof pageClient>;

/** Creates and publishes a page at `slug` holding `layout`. */
async function publish(slug: string, layout: unknown): Promise<void> {
  const created = await owner('POST', '', { title: 'Blocks', slug });
  expect(created.status).toBe(201);
  const id = (created.json.page as { id: string }).id;
  const saved = await owner('PUT', `/${id}/draft`, { layout }, ifMatch(1));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  expect((await owner('POST', `/${id}/publish`, { version: 2 })).status).toBe(200);
}

beforeAll(async () => {
  const demo = await demoOwner();
  owner = pageClient(store.worker, await signIn(store.worker, demo.email, demo.password));
  await publish(SLUG, LAYOUT);
  await mkdir(ARTIFACTS, { recursive: true });
}, 120_000);

/** Opens the page at `width`, recording every request's origin. */
async function open(width: number): Promise<{ visitor: Visitor; foreign: string[] }> {
  const visitor = await store.visitor({ viewport: { width, height: 900 } });
  const foreign: string[] = [];
  const own = new URL(store.url('/')).origin;
  visitor.page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.origin !== own) foreign.push(req.url());
  });
  await visitor.page.goto(store.url(`/${SLUG}`));
  // The gallery island loads when it scrolls into view: bring it there and wait for it.
  await visitor.page.locator('.block-gallery').scrollIntoViewIfNeeded();
  await islandsHydrated(visitor.page, '.block-gallery');
  return { visitor, foreign };
}

describe('a page of the blocks without server data', () => {
  for (const [name, width] of [['phone', 390], ['desktop', 1280]] as const) {
    it(`renders every block at ${width} px (${name}) with nothing from another origin before the visitor acts`, async () => {
      const { visitor, foreign } = await open(width);
      const { page } = visitor;
      // From the top, so the sticky header sits where a visitor sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(ARTIFACTS, `static-blocks-${name}.png`), fullPage: true });

      expect(foreign).toEqual([]);
      expect(await page.locator('iframe').count()).toBe(0);
      // Video: a facade linking out; map: a drawn map linking to the provider.
      await expect.poll(() => page.locator('.block-video-facade').getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      expect(await page.locator('.block-video-facade').getAttribute('target')).toBe('_blank');
      expect(await page.locator('.block-map-static').getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=51.4495%2C-2.5966');
      // Audio: the native player, nothing fetched before play.
      expect(await page.locator('.block-audio audio').evaluate((el: HTMLAudioElement) => el.networkState !== el.NETWORK_LOADING && el.buffered.length === 0)).toBe(true);
      // Gallery: the island took over the server's grid.
      expect(await page.locator('.block-gallery .gallery-design-grid .gallery-slide').count()).toBe(3);
      // Menu prices from minor units.
      expect(await page.locator('.block-menu-price').allTextContents()).toEqual(['£4.50', '£3.80']);
      // Marquee: moving, on a wave.
      expect(await page.locator('.block-marquee-track').evaluate((el) => getComputedStyle(el).animationName)).toBe('block-marquee');
      // Phone: blocks stack at the full width of the section; desktop: two columns.
      const video = await page.locator('#block-video').boundingBox();
      const markdown = await page.locator('#block-markdown').boundingBox();
      if (width < 433) expect(video!.y).toBeGreaterThan(markdown!.y + markdown!.height - 1);
      else expect(video!.x).toBeGreaterThan(markdown!.x + markdown!.width - 1);
      // No horizontal scrolling: the marquee's track is clipped by its block.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it('opens the accordion one item at a time and searches through /search', async () => {
    const { visitor } = await open(1280);
    const { page } = visitor;
    const items = page.locator('.block-accordion-item');
    await items.nth(0).locator('summary').click();
    await expect.poll(() => items.nth(0).getAttribute('open')).toBe('');
    await items.nth(1).locator('summary').click();
    await expect.poll(() => items.nth(1).getAttribute('open')).toBe('');
    expect(await items.nth(0).getAttribute('open')).toBeNull();

    await page.locator('.block-search input[name="q"]').fill('mug');
    await Promise.all([page.waitForURL(/\/search\?q=mug$/), page.locator('.block-search button').click()]);
    expect(await page.locator('h1').first().textContent()).toMatch(/search/i);
  });

  it('holds the marquee still for visitors who prefer reduced motion', async () => {
    const visitor = await store.visitor({ viewport: { width: 390, height: 900 }, reducedMotion: 'reduce' });
    await visitor.page.goto(store.url(`/${SLUG}`));
    expect(await visitor.page.locator('.block-marquee-track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  it('has no serious or critical WCAG 2.1 A/AA violation (axe-core), the marquee held still', async () => {
    const visitor = await store.visitor({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const { page } = visitor;
    await page.goto(store.url(`/${SLUG}`));
    await page.locator('.block-gallery').scrollIntoViewIfNeeded();
    await islandsHydrated(page, '.block-gallery');
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Element, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
      const result = await axe.run(document.querySelector('main')!, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(' ')}`);
    });
    expect(violations).toEqual([]);
  });

  it('runs none of the hostile props\' markup in the page', async () => {
    // The payloads' images are files that do not exist (404s); a CSP refusal would still fail the test.
    store.allow(/^HTTP 404 |the server responded with a status of 404/);
    const visitor = await store.visitor({ viewport: { width: 1280, height: 900 } });
    const { page } = visitor;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const [i, payload] of HOSTILE.entries()) {
      const slug = `hostile-blocks-${i}`;
      // One block a row, so each can be clicked.
      const blocks = [...hostileStaticBlocks(payload), ...hostileStaticLinks(payload)].map((b, row) => ({ props: {}, ...b, layout: at(row + 1) }));
      await publish(slug, { sections: [{ id: 'hostile', blocks }] });
      await page.goto(store.url(`/${slug}`));
      // Open every accordion item, hover and focus what can be, so handlers would have fired.
      for (const summary of await page.locator('.block-accordion-item summary').all()) await summary.click();
      await page.locator('.block-search input').hover();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.locator('main script, main svg:not(.block-chart-svg), main svg svg, main [onerror], main [onload], main [onmouseover], main [onfocus]').count(), payload).toBe(0);
      // The payload is on the page as text (the markdown block shows it as a paragraph).
      expect(await page.locator('.block-markdown').textContent()).toContain(payload.slice(0, 12));
    }
    expect(dialogs).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { listSettled, seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { draftPreview as preview, pagesApi, POLL, savedSoon } from './page-editor-support.js';

/**
 * The page editor's block panels and page settings in Chromium: an image from the file
 * manager with its alt text and a focal point moved by keyboard, a product and a form picked
 * from lists, the SEO title with its search result preview, the slug's live uniqueness check,
 * a social image; then the published page shows every one of them to a new visitor.
 */
const store = useStorefront();

/** The page API as the demo owner (a new session per call, like another tab). */
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => (await pagesApi(store))(method, path, body, extra);


async function addBlock(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.locator('#pe-block-menu').getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { name: `${name} block` }).waitFor();
}

describe('block panels and page settings in the editor', () => {
  it('picks an image, a product and a form, sets alt text, focal point and SEO, checks the slug, and publishes them', async () => {
    const stamp = Date.now().toString(36);
    const created = await api('POST', '', { title: 'Studio panels', slug: `panels-${stamp}` });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;

    const { page } = await signedInOwner(store);
    // Running as usual; savedSoon() moves it past autosave's debounce.
    await page.clock.install();
    expect((await page.goto(store.url(`/config/pages/${id}/edit`)))?.status()).toBe(200);
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor(POLL);

    // Image: chosen in the file manager; its alt text and focal point come with it.
    await addBlock(page, 'Image');
    const settings = page.getByRole('region', { name: 'Block settings' });
    await settings.getByText('No image chosen yet.').waitFor();
    await settings.getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByLabel('Search files').fill('mug-speckled-oatmeal');
    await listSettled(picker, 'Files to choose from');
    await picker.getByRole('button', { name: 'Choose mug-speckled-oatmeal.svg' }).click();
    await picker.waitFor({ state: 'hidden' });
    const alt = settings.getByLabel('Alt text');
    await expect.poll(() => alt.inputValue()).toBe('Speckled stoneware mug in oatmeal glaze on a linen backdrop');
    // Emptied, the field says what alt text is for.
    await alt.fill('');
    await settings.getByText('No alt text yet: describe what the image shows').waitFor();
    await alt.fill('A speckled mug on the wheel');
    await settings.getByLabel('Aspect ratio').selectOption('square');
    // The focal point by keyboard: 5 % a press.
    const focal = settings.locator('[data-focal-picker]');
    await focal.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await settings.getByText('40% across, 45% down').waitFor();
    await savedSoon(page);
    const image = preview(page).locator('.block-image-square img');
    await expect.poll(() => image.getAttribute('style'), POLL).toBe('object-position: 40% 45%');
    expect(await image.getAttribute('alt')).toBe('A speckled mug on the wheel');
    expect(await image.getAttribute('src')).toMatch(/^\/assets\/.+mug-speckled-oatmeal\.svg$/);

    // Product: searched by name, chosen from the list.
    await addBlock(page, 'Product');
    // While the search is on its way the last list stays (dimmed, aria-busy), so a press never
    // lands on a list that blinks away; the answer is held here until checked.
    const products = settings.getByRole('list', { name: 'Products' });
    await products.getByRole('button').first().waitFor(POLL);
    const before = await products.getByRole('button').count();
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/owner/block-sources/products?q=moon&*', async (route) => {
      await held;
      await route.continue();
    });
    await settings.getByLabel('Search products').fill('moon');
    await settings.locator('ul[aria-label="Products"][aria-busy="true"]').waitFor(POLL);
    await page.clock.fastForward(400);
    expect(await products.getByRole('button').count()).toBe(before);
    expect(await settings.getByRole('status', { name: 'Loading products' }).count()).toBe(0);
    answer();
    await listSettled(settings, 'Products');
    expect(await products.getByRole('button').count()).toBeLessThan(before);
    await page.unroute('**/api/owner/block-sources/products?q=moon&*');
    await settings.getByRole('button', { name: 'Choose Moon Jar' }).click();
    await settings.getByText('Showing: Moon Jar').waitFor();
    await savedSoon(page);
    await preview(page).locator('.block-product').getByRole('link', { name: 'Moon Jar' }).waitFor(POLL);

    // Form: one of the site's forms (a product's additional-fields form is not offered).
    await addBlock(page, 'Form');
    await settings.getByRole('button', { name: 'Choose Contact the studio' }).waitFor(POLL);
    expect(await settings.getByRole('button', { name: 'Choose Workshop details' }).count()).toBe(0);
    await settings.getByRole('button', { name: 'Choose Contact the studio' }).click();
    await expect.poll(() => settings.getByRole('button', { name: 'Choose Contact the studio' }).getAttribute('aria-pressed')).toBe('true');
    await savedSoon(page);
    await preview(page).locator('.block-form form').waitFor(POLL);
    // Summary: a collection from the site's stores and blogs (plain pages are not offered).
    await addBlock(page, 'Summary');
    await settings.getByRole('button', { name: /^Choose Journal/ }).waitFor(POLL);
    expect(await settings.getByRole('button', { name: /^Choose About/ }).count()).toBe(0);
    await settings.getByRole('button', { name: /^Choose Shop/ }).click();
    await settings.getByText('Showing: Shop').waitFor();
    await savedSoon(page);
    await preview(page).locator('.block-summary .product-card').first().waitFor(POLL);
    await page.getByRole('button', { name: 'Delete Summary 4' }).click();
    await savedSoon(page);

    // Opened again, the product block names its product (read by id, not from a search).
    await page.getByRole('button', { name: 'Product 2', exact: true }).click();
    await settings.getByText('Showing: Moon Jar').waitFor(POLL);

    // Gallery: two images from the file manager, reordered, each with its alt text; the options follow the design.
    await addBlock(page, 'Gallery');
    for (const name of ['bud-vase-moss.svg', 'bud-vase-ochre.svg']) {
      await settings.getByRole('button', { name: 'Add image' }).click();
      await picker.getByLabel('Search files').fill(name.replace('.svg', ''));
      await listSettled(picker, 'Files to choose from');
      await picker.getByRole('button', { name: `Choose ${name}` }).click();
      await picker.waitFor({ state: 'hidden' });
    }
    await settings.getByRole('button', { name: 'Move image 2 up' }).click();
    await settings.getByLabel('Alt text of image 1').fill('Ochre bud vase');
    expect(await settings.getByLabel('Thumbnail strip height').count()).toBe(0);
    await settings.getByLabel('Design').selectOption('slideshow');
    await settings.getByLabel('Thumbnail strip height').waitFor();
    expect(await settings.getByLabel('Thumbnails per row').count()).toBe(0);
    await savedSoon(page);
    const layout = (await api('GET', `/${id}`)).json.page.draft.layout;
    expect(layout.sections[0].blocks.map((b: { type: string }) => b.type)).toEqual(['image', 'product', 'form', 'gallery']);
    expect(layout.sections[0].blocks[3].props.images).toEqual([
      { src: expect.stringMatching(/bud-vase-ochre\.svg$/), alt: 'Ochre bud vase' },
      { src: expect.stringMatching(/bud-vase-moss\.svg$/), alt: expect.any(String) },
    ]);
    expect(layout.sections[0].blocks[3].props.design).toBe('slideshow');
    expect(layout.sections[0].blocks[0].props).toMatchObject({ alt: 'A speckled mug on the wheel', aspectRatio: 'square', focal: { x: 0.4, y: 0.45 } });

    // Page settings: the search result preview follows the SEO title, cut where search engines cut.
    await page.getByRole('button', { name: 'Page settings' }).click();
    const panel = page.getByRole('region', { name: 'Page settings' });
    const result = panel.locator('[data-search-preview]');
    await result.getByText('Studio panels', { exact: true }).waitFor();
    await panel.getByLabel('SEO title').fill('Wheel workshops at Fern & Kiln');
    await result.getByText('Wheel workshops at Fern & Kiln', { exact: true }).waitFor();
    await panel.getByLabel('SEO description').fill('Learn to throw on the wheel in a small group. '.repeat(5));
    await expect.poll(async () => (await result.locator('.pages-serp-description').textContent())?.endsWith('…')).toBe(true);
    expect(((await result.locator('.pages-serp-description').textContent()) ?? '').length).toBeLessThanOrEqual(160);
    await panel.getByLabel('SEO description').fill('Learn to throw on the wheel in a small group.');
    // The slug is checked while typing: a collection's URL is taken (SPEC §5 page URL texts).
    const slug = panel.getByLabel('URL slug');
    await slug.fill('shop');
    await panel.getByText('shop is already used by another page.').waitFor(POLL);
    await slug.fill('!!');
    await panel.getByText('!! is not a valid page URL').waitFor(POLL);
    await slug.fill(`Wheel Workshops ${stamp}`);
    await panel.getByText(`The page's address: /wheel-workshops-${stamp} (free)`).waitFor(POLL);
    // A social image for link previews, from the file manager.
    await panel.getByRole('button', { name: 'Choose social image' }).click();
    const social = page.getByRole('dialog', { name: 'Choose a social image' });
    await social.getByLabel('Search files').fill('mug-speckled-pair');
    await listSettled(social, 'Files to choose from');
    await social.getByRole('button', { name: 'Choose mug-speckled-pair.svg' }).click();
    await panel.getByRole('button', { name: 'Remove social image' }).waitFor();
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await panel.getByText('Settings saved.').waitFor(POLL);
    expect((await api('GET', `/${id}`)).json.page).toMatchObject({ slug: `wheel-workshops-${stamp}`, seoTitle: 'Wheel workshops at Fern & Kiln', socialImage: expect.stringMatching(/mug-speckled-pair\.svg$/) });
    // The frame follows the new address.
    await expect.poll(() => page.locator('iframe[title="Preview of the draft"]').getAttribute('src')).toBe(`/wheel-workshops-${stamp}?preview`);
    await panel.locator('[data-page-status="draft"]').waitFor();
    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);

    // Published, a new visitor sees all of it.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Visitors see this version at /wheel-workshops-${stamp}.`).waitFor(POLL);
    const visitor = await store.visitor();
    expect((await visitor.page.goto(store.url(`/wheel-workshops-${stamp}`)))?.status()).toBe(200);
    const live = visitor.page.locator('.block-image-square img');
    expect(await live.getAttribute('alt')).toBe('A speckled mug on the wheel');
    expect(await live.getAttribute('style')).toBe('object-position: 40% 45%');
    await visitor.page.locator('.block-product').getByRole('link', { name: 'Moon Jar' }).waitFor();
    await visitor.page.locator('.block-form form').waitFor();
    expect(await visitor.page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Wheel workshops at Fern & Kiln');
    expect(await visitor.page.locator('meta[name="description"]').getAttribute('content')).toBe('Learn to throw on the wheel in a small group.');
    expect(await visitor.page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http:.+\/assets\/.+mug-speckled-pair\.svg/);
  }, 180_000);
});

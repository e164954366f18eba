import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { demoOwnerSession, listSettled, openOwnerApp, signedInOwner } from './owner-harness.js';
import { POLL, saved } from './page-editor-support.js';

/**
 * Issue 25's "Must show" main path in Chromium, once by keyboard and once with the mouse: the
 * owner creates the page 'Workshops', adds a heading, a text block with a link, an image from
 * the file manager and a product block, reorders two blocks, switches to the phone view and
 * publishes; a new visitor opens the page and sees it, and its main HTML is the last preview's.
 *
 * Keyboard: every action is a key press on the focused control (focus is moved with
 * `locator.focus()`, which stands for the Tab presses to reach it); no click at all.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// The phone view's screenshot, for a look (git-ignored), only with `TEST_SCREENSHOTS=1`: it asserts nothing.
const LOOK = process.env.TEST_SCREENSHOTS === '1';


beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});
type Mode = 'keyboard' | 'mouse';

/** The `<main>` element of a page's HTML: the page's own content, without the head's per-request tags. */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end + '</main>'.length);
}


/**
 * Keyboard: presses Tab until `target` has the focus, as a keyboard user reaches it (through the
 * preview frame's links too); fails when Tab never gets there.
 */
async function tabTo(target: Locator, max = 400) {
  // The target is found once (its role query over the whole editor was most of each press's
  // time), and found again if the editor has put a new element in its place.
  let handle = await target.elementHandle();
  for (let i = 0; i < max; ) {
    const focused = await handle.evaluate((el) => (el.isConnected ? el === document.activeElement : undefined));
    if (focused) return;
    if (focused === undefined) {
      handle = await target.elementHandle();
      continue;
    }
    await target.page().keyboard.press('Tab');
    i += 1;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Activates a button or link: Tab to it and Enter (keyboard) or a click (mouse). */
async function act(mode: Mode, target: Locator) {
  if (mode === 'mouse') return target.click();
  await tabTo(target);
  await target.page().keyboard.press('Enter');
}

async function typeInto(mode: Mode, field: Locator, text: string) {
  if (mode === 'mouse') await field.click();
  else await tabTo(field);
  await field.page().keyboard.type(text);
}

/** Adds a block from the block menu: by its search box and Enter (keyboard), or its button (mouse). */
async function addBlock(mode: Mode, page: Page, name: string) {
  await act(mode, page.getByRole('button', { name: 'Add block' }));
  if (mode === 'keyboard') {
    // The menu opens with its search box focused; Enter adds the first match.
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
  } else await page.locator('#pe-block-menu').getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { name: `${name} block` }).waitFor();
}

async function mainPath(mode: Mode, slug: string) {
  const { page } = await signedInOwner(store);
  await openOwnerApp(page, store.url('/config/pages'));

  // Create 'Workshops' on the Pages screen.
  await act(mode, page.getByRole('button', { name: 'Create page' }));
  const create = page.getByRole('dialog', { name: 'Create page' });
  await typeInto(mode, create.getByLabel('Title', { exact: true }), 'Workshops');
  const slugField = create.getByLabel('URL slug');
  if (slug !== 'workshops') {
    await slugField.fill('');
    await typeInto(mode, slugField, slug);
  }
  await create.getByText(`The page's address: /${slug} (free)`).waitFor(POLL);
  await act(mode, create.getByRole('button', { name: 'Create page' }));
  await create.waitFor({ state: 'hidden' });
  // Its Edit link (both runs make a page titled Workshops: the one at this slug).
  const listed = await store.worker.fetch(`/api/pages?q=${slug}`, { headers: (await demoOwnerSession(store.worker)).headers });
  const { pages } = (await listed.json()) as { pages: { id: string; slug: string }[] };
  const id = pages.find((p) => p.slug === slug)!.id;
  await act(mode, page.locator(`a[href="/config/pages/${id}/edit"]`).first());
  await page.getByRole('heading', { name: 'Workshops', level: 1 }).waitFor(POLL);

  // A heading: a text block whose first line is a level 2 heading ('## ' in Tiptap, or its Heading tool).
  await addBlock(mode, page, 'Text');
  const heading = page.getByRole('textbox', { name: 'Text' });
  if (mode === 'keyboard') await typeInto(mode, heading, '## Wheel workshops');
  else {
    await heading.click();
    await page.keyboard.type('Wheel workshops');
    await page.getByRole('toolbar', { name: 'Text formatting' }).getByLabel('Text style').selectOption('h2');
  }
  await saved(page);

  // A text block with a link.
  await addBlock(mode, page, 'Text');
  const text = page.getByRole('textbox', { name: 'Text' });
  await typeInto(mode, text, 'Write to the studio to book a place.');
  await page.keyboard.press('Control+A');
  // The link editor: Ctrl+K (keyboard) or the toolbar's Link button.
  if (mode === 'keyboard') await page.keyboard.press('Control+K');
  else await page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Link' }).click();
  // The link dialog's page picker: find the Contact page and pick it.
  await typeInto(mode, page.getByLabel('Find a page'), 'contact');
  const pageList = page.locator('.pe-link-form select');
  if (mode === 'keyboard') {
    await tabTo(pageList);
    await page.keyboard.press('Home');
    expect(await pageList.inputValue()).toBe('/contact');
  } else await pageList.selectOption('/contact');
  await act(mode, page.getByRole('button', { name: 'Apply link' }));
  await saved(page);

  // An image from the file manager.
  await addBlock(mode, page, 'Image');
  const settings = page.getByRole('region', { name: 'Block settings' });
  await act(mode, settings.getByRole('button', { name: 'Choose image' }));
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  await typeInto(mode, picker.getByLabel('Search files'), 'bud-vase');
  await listSettled(picker, 'Files to choose from');
  const choice = picker.getByRole('button', { name: /^Choose bud-vase/ }).first();
  await act(mode, choice);
  await picker.waitFor({ state: 'hidden' });
  await saved(page);

  // A product block.
  await addBlock(mode, page, 'Product');
  await typeInto(mode, settings.getByLabel('Search products'), 'moon jar');
  await listSettled(settings, 'Products');
  await act(mode, settings.getByRole('button', { name: /^Choose Moon Jar/ }));
  await saved(page);

  // Reorder: the product goes above the image.
  await act(mode, page.getByRole('button', { name: 'Move Product 4 up' }));
  await page.getByRole('button', { name: 'Product 3', exact: true }).waitFor();
  await saved(page);

  // Phone view, then publish.
  await act(mode, page.getByRole('button', { name: 'Phone' }));
  await expect.poll(() => page.locator('.pe-preview').getAttribute('data-device')).toBe('phone');
  const frame = page.frameLocator('iframe[title="Preview of the draft"]');
  await frame.getByRole('heading', { name: 'Wheel workshops' }).waitFor(POLL);
  await frame.locator('.block-product').getByRole('link', { name: 'Moon Jar' }).waitFor(POLL);
  // The worker's HTML of the last preview (before the islands hydrate anything).
  const previewHtml = mainOf(await (await store.worker.fetch(`/${slug}?preview`, { headers: (await demoOwnerSession(store.worker)).headers })).text());
  if (LOOK) await page.screenshot({ path: join(ARTIFACTS, `page-editor-main-path-${mode}-phone.png`) });
  await act(mode, page.getByRole('button', { name: 'Publish' }));
  await page.getByText(`Visitors see this version at /${slug}.`).waitFor(POLL);

  // A new visitor (a fresh context, not signed in) sees it; the main HTML is the preview's.
  const visitor = await store.visitor();
  expect((await visitor.page.goto(store.url(`/${slug}`)))?.status()).toBe(200);
  await visitor.page.getByRole('heading', { name: 'Wheel workshops', level: 2 }).waitFor();
  expect(await visitor.page.getByRole('link', { name: 'Write to the studio to book a place.' }).getAttribute('href')).toBe('/contact');
  // In the order the editor left them: the product moved above the image.
  expect(await visitor.page.locator('main .block').evaluateAll((els) => els.map((el) => el.className))).toEqual(['block block-type-text', 'block block-type-text', 'block block-type-product', 'block block-type-image']);
  expect(mainOf(await (await store.worker.fetch(`/${slug}`)).text())).toBe(previewHtml);
  expect(previewHtml).toContain('Wheel workshops');
}

describe('the page editor main path', () => {
  it('keyboard only: create Workshops, heading, linked text, image, product, reorder, phone view, publish', async () => {
    await mainPath('keyboard', 'workshops');
  }, 240_000);

  it('with the mouse: the same path', async () => {
    await mainPath('mouse', 'workshops-by-mouse');
  }, 240_000);
});

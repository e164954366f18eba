import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { layoutOf, paragraphDoc } from '../../edge/api/pages/test-pages.js';
import { itemIdOf, useStorefront, visitorApi } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { pagesApi, POLL, savedSoon } from './page-editor-support.js';

/**
 * The page editor's preview overlay (client/editor/screens/page-editor/preview/) in Chromium:
 * hover and click a block in the frame, the outline's selection shown in the frame, the
 * block toolbar's Duplicate and Delete by keyboard, typing patched into the frame without a
 * reload, messages from another origin or window ignored on both sides, and a same-site link
 * in the frame that changes the frame, not the editor.
 */
const store = useStorefront();
const FRAME = 'iframe[title="Preview of the draft"]';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// Screenshots for a look (git-ignored) only with `TEST_SCREENSHOTS=1`: they assert nothing.
const LOOK = process.env.TEST_SCREENSHOTS === '1';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

/** The page API as the demo owner (a new session per call, like another tab). */
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => (await pagesApi(store))(method, path, body, extra);

/** The preview frame's current document (a new one after a full reload). */
async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(FRAME).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  return frame;
}


describe('the preview overlay of the page editor', () => {
  it('selects by hover and click in the frame, edits by the toolbar and patches the frame in place', async () => {
    const slug = `overlay-${Date.now().toString(36)}`;
    const created = await api('POST', '', { title: 'Overlay', slug });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;
    // Two text blocks, then a tall spacer and one more text block below the frame's fold.
    const layout = layoutOf(
      { id: 'b1', type: 'text', props: { text: paragraphDoc('First words') } },
      { id: 'b2', type: 'text', props: { text: paragraphDoc('Second words') } },
      { id: 'b3', type: 'spacer', props: { height: 1000 } },
      { id: 'b4', type: 'text', props: { text: paragraphDoc('Far below') } },
    );
    const put = await api('PUT', `/${id}/draft`, { layout }, { 'If-Match': `"${created.json.page.draftVersion}"` });
    expect(put.status).toBe(200);

    const owner = await signedInOwner(store);
    const { page } = owner;
    // Running as usual; savedSoon() moves it past autosave's debounce.
    await page.clock.install();
    // A mug in the owner's cart, so the frame shows the cart pill (hidden while the cart is empty).
    const mug = await itemIdOf(store, '/shop/speckled-stoneware-mug');
    await visitorApi(store, owner, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    await openOwnerApp(page, store.url(`/config/pages/${id}/edit`));
    const preview = page.frameLocator(FRAME);
    await preview.getByText('Second words').waitFor(POLL);
    // The frame script is in (injected by the editor: the server's preview markup has none of it).
    await preview.locator('[data-atelier-overlay="selected"]').waitFor({ state: 'attached', ...POLL });
    const frame = await previewFrame(page);
    await frame.evaluate(() => ((window as unknown as { __marker: string }).__marker = 'same document'));
    const marker = async () => (await previewFrame(page)).evaluate(() => (window as unknown as { __marker?: string }).__marker);
    const selectedBox = () => preview.locator('[data-atelier-overlay="selected"]').getAttribute('data-target');

    // Hover outlines the block under the pointer; a click selects it, and the side panel follows.
    await preview.locator('#block-b2').hover();
    await expect.poll(() => preview.locator('[data-atelier-overlay="hover"]').getAttribute('data-target')).toBe('block-b2');
    await preview.locator('#block-b2').click();
    await page.getByRole('region', { name: 'Block settings' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Text 2', exact: true }).getAttribute('aria-current')).toBe('true');
    await expect.poll(selectedBox).toBe('block-b2');
    await page.getByRole('toolbar', { name: 'Text 2 block' }).waitFor();

    // The outline's selection is shown in the frame.
    await page.getByRole('button', { name: 'Text 1', exact: true }).click();
    await expect.poll(selectedBox).toBe('block-b1');
    await page.getByRole('button', { name: 'Section 1', exact: true }).click();
    await expect.poll(selectedBox).toBe('section-s1');
    // ... and scrolled into view when it is below the frame's fold.
    const inView = (blockId: string) => previewFrame(page).then((f) => f.evaluate((id) => {
      // In the viewport, and not under the theme's sticky header.
      const el = document.getElementById(id)!;
      const r = el.getBoundingClientRect();
      const middle = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.top >= 0 && r.bottom <= window.innerHeight && middle !== null && el.contains(middle);
    }, blockId));
    expect(await inView('block-b4')).toBe(false);
    await page.getByRole('button', { name: 'Text 4', exact: true }).click();
    await expect.poll(selectedBox).toBe('block-b4');
    await expect.poll(() => inView('block-b4')).toBe(true);
    await page.getByRole('button', { name: 'Text 1', exact: true }).click();
    await expect.poll(() => inView('block-b1')).toBe(true);
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-overlay-1280.png') });

    // Duplicate by the keyboard: a copy below the original, selected, patched into the frame.
    const toolbar = page.getByRole('toolbar', { name: 'Text 1 block' });
    await toolbar.getByRole('button', { name: 'Move up' }).waitFor();
    expect(await toolbar.getByRole('button', { name: 'Move up' }).isDisabled()).toBe(true);
    await toolbar.getByRole('button', { name: 'Duplicate' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Text 2 block' }).waitFor();
    await savedSoon(page);
    await expect.poll(() => preview.locator('.block-type-text').count(), POLL).toBe(4);
    expect(await preview.getByText('First words').count()).toBe(2);
    const draft = await api('GET', `/${id}`);
    const blocks = draft.json.page.draft.layout.sections[0].blocks as { id: string }[];
    expect(blocks).toHaveLength(5);
    expect(blocks[0]!.id).toBe('b1');
    expect(blocks[2]!.id).toBe('b2');
    const copy = blocks[1]!.id;
    expect(copy).not.toMatch(/^b[12]$/);
    await expect.poll(selectedBox).toBe(`block-${copy}`);

    // Delete the copy by the keyboard (Space on the focused button).
    await page.getByRole('toolbar', { name: 'Text 2 block' }).getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Space');
    await savedSoon(page);
    await expect.poll(() => preview.locator('.block-type-text').count(), POLL).toBe(3);
    await expect.poll(() => preview.locator(`#block-${copy}`).count()).toBe(0);
    expect(await page.locator('[data-block-toolbar]').count()).toBe(0);
    // The toolbar went with the block: the keyboard continues from the section in the outline.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Section 1');

    // Sections added, moved and deleted are patched in place too (inserted, reordered, dropped).
    const sectionIds = () => preview.locator('section.page-section').evaluateAll((els) => els.map((el) => el.id));
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: /^Blank section/ }).click();
    await savedSoon(page);
    await expect.poll(sectionIds, POLL).toHaveLength(2);
    const added = (await sectionIds())[1]!;
    await page.getByRole('button', { name: 'Move section 2 up' }).click();
    await savedSoon(page);
    await expect.poll(sectionIds, POLL).toEqual([added, 'section-s1']);
    await page.getByRole('button', { name: 'Delete section 1' }).click();
    await savedSoon(page);
    await expect.poll(sectionIds, POLL).toEqual(['section-s1']);
    expect(await marker()).toBe('same document');

    // Settings moves the keyboard to the block's panel; typing there reaches the frame by a patch, not a reload.
    await preview.locator('#block-b1').click();
    await page.getByRole('toolbar', { name: 'Text 1 block' }).getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[aria-label="Block settings"]') !== null)).toBe(true);
    const text = page.getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' and more');
    await savedSoon(page);
    await preview.getByText('First words and more').waitFor(POLL);
    expect(await marker()).toBe('same document');
    expect(await page.locator(FRAME).getAttribute('data-preview-reloads')).toBe('0');
    // The selection survives the patch.
    await expect.poll(selectedBox).toBe('block-b1');

    // Messages from another origin, or from a window other than the frame, are ignored.
    const select = { channel: 'atelier-page-editor', type: 'select', target: { kind: 'block', id: 'b2' } };
    const current = () => page.getByRole('button', { name: 'Text 2', exact: true }).getAttribute('aria-current');
    await page.evaluate(({ data, frameSelector }) => {
      const source = document.querySelector<HTMLIFrameElement>(frameSelector)!.contentWindow;
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example', source }));
      // A real postMessage from this window: the right origin, but not the frame.
      window.postMessage(data, location.origin);
    }, { data: select, frameSelector: FRAME });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await current()).toBeNull();
    // The frame side: a selection from another origin is ignored too.
    await (await previewFrame(page)).evaluate((data) => {
      window.dispatchEvent(new MessageEvent('message', { data: { ...data, target: { kind: 'block', id: 'b2' }, scroll: false }, origin: 'https://evil.example', source: window.parent }));
    }, select);
    expect(await selectedBox()).toBe('block-b1');
    // The same message from the frame's own origin and window is taken: the checks above are what refused.
    await page.evaluate(({ data, frameSelector }) => {
      const source = document.querySelector<HTMLIFrameElement>(frameSelector)!.contentWindow;
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source }));
    }, { data: select, frameSelector: FRAME });
    await expect.poll(current).toBe('true');

    // The toolbar passes axe with the rest of the editor (the frame is the site's own page).
    expect(await seriousAxeViolations(page, { exclude: [FRAME] })).toEqual([]);

    // SPEC §2: the cart pill in the frame sets the frame's URL; the editor stays.
    const editorUrl = page.url();
    await preview.locator('a.cart-pill').click();
    await page.getByRole('status').filter({ hasText: 'The preview shows /cart' }).waitFor(POLL);
    expect(page.url()).toBe(editorUrl);
    expect(await page.locator('[data-block-toolbar]').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to the page' }).click();
    await preview.getByText('First words and more').waitFor(POLL);

    // So does any same-site link in the frame (the header).
    const link = preview.locator('header a[href^="/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.getByRole('status').filter({ hasText: `The preview shows ${href}` }).waitFor(POLL);
    expect(page.url()).toBe(editorUrl);
    await page.getByRole('button', { name: 'Back to the page' }).click();
    await preview.getByText('First words and more').waitFor(POLL);
    await preview.locator('[data-atelier-overlay="selected"]').waitFor({ state: 'attached', ...POLL });

    // No CSP refusal in the editor or the frame (the frame script is a same-origin file).
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    for (const f of page.frames()) expect(await f.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  }, 120_000);
});

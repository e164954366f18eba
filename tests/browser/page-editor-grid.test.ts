import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paragraphDoc } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { pagesApi, POLL, savedSoon } from './page-editor-support.js';

/**
 * The page editor's grid, device frames, starter layouts and block menu
 * (client/editor/screens/page-editor/grid/ and menus/) in Chromium: keyboard and pointer
 * moves and resizes saved into the worker's preview (`--col`/`--span`), refusals said in the
 * live region, tablet and phone frames at 768 and 428 px keeping the selection, a phone
 * override saved as `layout.mobile` and shown by the phone frame, starters for a section and
 * for a new page, and the block menu's search and keys.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// Screenshots for a look (git-ignored) only with `TEST_SCREENSHOTS=1`: they assert nothing.
const LOOK = process.env.TEST_SCREENSHOTS === '1';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

type Placement = { col: number; row: number; span: number; rows: number };
type Block = { id: string; type: string; props: Record<string, unknown>; layout: { desktop: Placement; mobile?: Placement } };
type Layout = { sections: { id: string; design: Record<string, unknown>; blocks: Block[] }[] };

/** The page API as the demo owner (a new session per call, like another tab). */
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => (await pagesApi(store))(method, path, body, extra);

const at = (col: number, row: number, span: number, rows = 1): Placement => ({ col, row, span, rows });

/** A new page whose draft holds one section of `blocks`; answers its id. */
async function pageWith(title: string, blocks: { id: string; type: string; props?: Record<string, unknown>; at: Placement }[]): Promise<string> {
  const created = await api('POST', '', { title, slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}` });
  expect(created.status).toBe(201);
  const id = created.json.page.id as string;
  if (blocks.length) {
    const layout = { sections: [{ id: 's1', design: {}, blocks: blocks.map((b) => ({ id: b.id, type: b.type, props: b.props ?? {}, layout: { desktop: b.at } })) }] };
    const put = await api('PUT', `/${id}/draft`, { layout }, { 'If-Match': '"1"' });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
  }
  return id;
}

const draftOf = async (id: string): Promise<Layout> => (await api('GET', `/${id}`)).json.page.draft.layout;
const blockOf = async (id: string, blockId: string) => (await draftOf(id)).sections.flatMap((s) => s.blocks).find((b) => b.id === blockId);

/** A signed-in owner's tab that records what the CSP refuses (`__csp`). */
async function ownerTab(): Promise<Page> {
  const { page } = await signedInOwner(store, { width: 1400, height: 900 });
  // Running as usual; savedSoon() moves it past autosave's debounce.
  await page.clock.install();
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return page;
}
const cspReports = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

async function openEditor(id: string): Promise<Page> {
  const page = await ownerTab();
  await openOwnerApp(page, store.url(`/config/pages/${id}/edit`));
  await page.locator('[data-page-editor]').waitFor(POLL);
  return page;
}

const frame = (page: Page) => page.frameLocator('iframe[title="Preview of the draft"]');
const gridBlock = (page: Page, id: string) => page.locator(`[data-grid-block="${id}"]`);
const status = (page: Page) => page.locator('[data-grid-status]');

/** Waits until the preview's block `id` has a style containing `text` (the preview reloads after each save). */
async function previewStyle(page: Page, id: string, text: string) {
  await expect.poll(async () => (await frame(page).locator(`#block-${id}`).getAttribute('style', { timeout: 5_000 }).catch(() => '')) ?? '', POLL).toContain(text);
}

/** The centre of grid cell (col, row) of the grid panel, in page pixels. */
async function cellCentre(page: Page, col: number, row: number) {
  const box = (await page.locator('.pe-grid').boundingBox())!;
  return { x: box.x + ((col - 0.5) * box.width) / 12, y: box.y + (row - 1) * 31 + 14 };
}

async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const frameWidth = (page: Page) => page.locator('iframe.pe-frame').evaluate((f) => (f as HTMLIFrameElement).contentWindow!.innerWidth);

describe('the page editor grid in Chromium', () => {
  it('moves and resizes blocks by keyboard and by pointer, refuses overlaps, and the preview shows the saved grid', async () => {
    const id = await pageWith('Grid moves', [
      { id: 'ta', type: 'text', props: { text: paragraphDoc('Alpha words') }, at: at(1, 1, 6) },
      { id: 'bb', type: 'button', props: { label: 'Beta button' }, at: at(1, 2, 12) },
    ]);
    const page = await openEditor(id);
    const grid = page.getByRole('region', { name: 'Grid' });
    await grid.getByRole('heading', { name: 'Layout of section 1' }).waitFor(POLL);

    // Keyboard: focus selects the block; arrows move one cell, Shift+arrows resize.
    await gridBlock(page, 'ta').focus();
    await page.getByRole('heading', { name: 'Text block' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await status(page).getByText('Text 1 moved to column 2, row 1.').waitFor();
    await page.keyboard.press('ArrowDown');
    await status(page).getByText('Cannot move Text 1 there: it would overlap Button 2.').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await status(page).getByText('Cannot move Text 1 there: it would leave the grid.').waitFor();
    await page.keyboard.press('ArrowUp');
    await status(page).getByText('Cannot move Text 1 there: it would leave the grid.').waitFor();
    await page.keyboard.press('Shift+ArrowRight');
    await status(page).getByText('Text 1 is now 7 columns wide and 1 row tall.').waitFor();
    await page.keyboard.press('Shift+ArrowDown');
    await status(page).getByText('Cannot resize Text 1 that way: it would overlap Button 2.').waitFor();
    // Focus stays on the moved block.
    expect(await gridBlock(page, 'ta').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await gridBlock(page, 'ta').getAttribute('aria-label')).toBe('Text 1: column 1, row 1, 7 wide, 1 tall');
    await savedSoon(page);
    expect((await blockOf(id, 'ta'))?.layout).toEqual({ desktop: at(1, 1, 7) });
    await previewStyle(page, 'ta', '--col: 1; --span: 7; --row: 1; --rows: 1');

    // Pointer: the corner handle resizes the button to 6 columns, then a drag moves it right.
    const handle = gridBlock(page, 'bb').locator('[data-grid-handle]');
    await dragTo(page, await centreOf(handle), await cellCentre(page, 6, 2));
    await status(page).getByText('Button 2 is now 6 columns wide and 1 row tall.').waitFor();
    await dragTo(page, await cellCentre(page, 2, 2), await cellCentre(page, 8, 2));
    await status(page).getByText('Button 2 moved to column 7, row 2.').waitFor();
    // A drop onto the text block is refused and changes nothing.
    await dragTo(page, await cellCentre(page, 8, 2), await cellCentre(page, 8, 1));
    await status(page).getByText('Cannot move Button 2 there: it would overlap Text 1.').waitFor();
    expect(await gridBlock(page, 'bb').getAttribute('aria-label')).toBe('Button 2: column 7, row 2, 6 wide, 1 tall');
    await savedSoon(page);
    expect((await blockOf(id, 'bb'))?.layout).toEqual({ desktop: at(7, 2, 6) });
    await previewStyle(page, 'bb', '--col: 7; --span: 6; --row: 2; --rows: 1');
    // The frame lays the page out by it: the button sits in the right half.
    expect(await frame(page).locator('#block-bb').evaluate((el) => getComputedStyle(el).gridColumnStart)).toBe('7');

    // Undo takes the last move back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => gridBlock(page, 'bb').getAttribute('aria-label')).toBe('Button 2: column 1, row 2, 6 wide, 1 tall');
    await savedSoon(page);

    expect(await cspReports(page)).toEqual([]);
    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-grid-1400.png') });
  }, 180_000);

  it('switches desktop, tablet and phone frames keeping the selection; the phone edits layout.mobile, which the phone frame shows', async () => {
    const id = await pageWith('Grid devices', [
      { id: 'ta', type: 'text', props: { text: paragraphDoc('Left words') }, at: at(1, 1, 6) },
      { id: 'bb', type: 'button', props: { label: 'Right button' }, at: at(7, 1, 6) },
    ]);
    const page = await openEditor(id);
    await page.getByRole('button', { name: 'Button 2', exact: true }).click();
    await page.getByRole('heading', { name: 'Button block' }).waitFor();
    await frame(page).getByText('Right button').waitFor(POLL);
    expect(await frameWidth(page)).toBe(1024);

    const selectedKept = async () => {
      expect(await page.getByRole('button', { name: 'Button 2', exact: true }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByLabel('Label').inputValue()).toBe('Right button');
    };
    await page.getByRole('button', { name: 'Tablet' }).click();
    expect(await page.getByRole('button', { name: 'Tablet' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => frameWidth(page)).toBe(768);
    await selectedKept();
    // The tablet frame uses the desktop grid: the button is in the right half.
    expect(await frame(page).locator('#block-bb').evaluate((el) => getComputedStyle(el).gridColumnStart)).toBe('7');

    await page.getByRole('button', { name: 'Phone' }).click();
    await expect.poll(() => frameWidth(page)).toBe(428);
    await selectedKept();
    const grid = page.getByRole('region', { name: 'Grid' });
    await grid.getByRole('heading', { name: 'Phone layout of section 1' }).waitFor();
    // Without a phone layout the blocks stack full width in order, in the panel as in the frame.
    expect(await gridBlock(page, 'bb').getAttribute('aria-label')).toBe('Button 2: column 1, row 2, 12 wide, 1 tall, stacked');
    expect(await frame(page).locator('#block-bb').evaluate((el) => getComputedStyle(el).gridColumnStart)).toBe('1');
    expect(await grid.getByRole('button', { name: 'Reset to desktop layout' }).count()).toBe(0);

    // The first phone edit makes layout.mobile from where the block shows; the desktop placement stays.
    await gridBlock(page, 'bb').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await status(page).getByText('Button 2 moved to column 2, row 1.').waitFor();
    await savedSoon(page);
    expect((await blockOf(id, 'bb'))?.layout).toEqual({ desktop: at(7, 1, 6), mobile: at(2, 1, 6) });
    expect((await blockOf(id, 'ta'))?.layout).toEqual({ desktop: at(1, 1, 6) });
    await previewStyle(page, 'bb', '--m-col: 2; --m-span: 6; --m-row: 1; --m-rows: 1');
    // The phone frame (428 px, under the 432 px breakpoint) lays the button out by its phone placement.
    const placed = await frame(page).locator('#block-bb').evaluate((el) => [getComputedStyle(el).gridColumnStart, getComputedStyle(el).gridColumnEnd, getComputedStyle(el).gridRowStart]);
    expect(placed).toEqual(['2', 'span 6', '1']);
    expect(await gridBlock(page, 'ta').getAttribute('aria-label')).toBe('Text 1: column 1, row 2, 12 wide, 1 tall, stacked');
    await selectedKept();
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-grid-phone.png') });

    // Reset to desktop layout removes the phone placement; focus stays on the block.
    await grid.getByRole('button', { name: 'Reset to desktop layout' }).click();
    await status(page).getByText('Button 2 follows the desktop layout again on phones.').waitFor();
    expect(await gridBlock(page, 'bb').evaluate((el) => el === document.activeElement)).toBe(true);
    await savedSoon(page);
    expect((await blockOf(id, 'bb'))?.layout).toEqual({ desktop: at(7, 1, 6) });

    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect.poll(() => frameWidth(page)).toBe(1024);
    await grid.getByRole('heading', { name: 'Layout of section 1' }).waitFor();
    await selectedKept();
  }, 180_000);

  it('adds sections from starter layouts with fresh ids, and searches the block menu by keyboard', async () => {
    const id = await pageWith('Starters', []);
    const page = await openEditor(id);
    await page.getByText('This page is empty').waitFor(POLL);

    // Add section: Blank or a starter; arrow keys move through them, Enter picks.
    const addSection = page.getByRole('button', { name: 'Add section' });
    await addSection.click();
    const sectionMenu = page.getByRole('group', { name: 'Section layouts' });
    await sectionMenu.waitFor();
    expect(await sectionMenu.locator('.pe-menu-item strong').allTextContents()).toEqual(['Blank section', 'Heading and text', 'Image left, text right', 'Three columns', 'Call to action']);
    await page.keyboard.press('Escape');
    await sectionMenu.waitFor({ state: 'hidden' });
    expect(await addSection.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await sectionMenu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-section-starters.png') });
    await page.keyboard.press('Enter');
    await savedSoon(page);
    await frame(page).getByText('Tell your story').waitFor(POLL);
    // The same starter again: a second section, every id new.
    await addSection.click();
    await sectionMenu.getByRole('button', { name: /Image left, text right/ }).click();
    await savedSoon(page);
    const layout = await draftOf(id);
    expect(layout.sections.map((s) => s.blocks.map((b) => [b.type, b.layout.desktop.col, b.layout.desktop.span]))).toEqual([
      [['image', 1, 6], ['text', 7, 6], ['text', 7, 6]],
      [['image', 1, 6], ['text', 7, 6], ['text', 7, 6]],
    ]);
    const ids = layout.sections.flatMap((s) => [s.id, ...s.blocks.map((b) => b.id)]);
    expect(new Set(ids).size).toBe(8);
    // The new section is selected: its grid shows the starter's blocks side by side.
    await page.getByRole('region', { name: 'Grid' }).getByRole('heading', { name: 'Layout of section 2' }).waitFor();

    // The block menu: the search box takes focus, filters by name and by group.
    const addBlock = page.getByRole('button', { name: 'Add block' });
    await addBlock.click();
    const menu = page.locator('#pe-block-menu');
    const search = menu.getByRole('searchbox', { name: 'Search blocks' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('quo');
    await expect.poll(() => menu.locator('.pe-menu-item').allTextContents()).toEqual(['Quote']);
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-block-search.png') });
    await search.fill('commerce');
    await expect.poll(() => menu.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Commerce']);
    expect(await menu.locator('.pe-menu-item').count()).toBeGreaterThan(1);
    await search.fill('no such block');
    await menu.getByText('No block matches “no such block”.').waitFor();
    // Arrow keys from the search box into the list and back; Escape closes and returns focus.
    await search.fill('');
    await search.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Text');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Button');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await addBlock.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter in the search adds the first match into the selected section, in a free spot.
    await page.keyboard.press('Enter');
    await page.keyboard.type('butt');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Button block' }).waitFor();
    await savedSoon(page);
    const after = await draftOf(id);
    expect(after.sections[1]!.blocks.at(-1)).toMatchObject({ type: 'button', layout: { desktop: at(1, 3, 12) } });
    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);
  }, 180_000);

  it('creates a page from a starter layout in the Pages screen', async () => {
    const page = await ownerTab();
    await openOwnerApp(page, store.url('/config/pages'));
    await page.getByRole('button', { name: 'Create page' }).click();
    const create = page.getByRole('dialog', { name: 'Create page' });
    await create.getByLabel('Title', { exact: true }).fill('Our services');
    expect(await create.getByRole('radio', { name: /Blank page/ }).isChecked()).toBe(true);
    await create.getByRole('radio', { name: /Services/ }).check();
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'owner-pages-create-starter.png') });
    await create.getByRole('button', { name: 'Create page' }).click();
    await create.waitFor({ state: 'hidden', ...POLL });
    await page.getByText('Our services created.').waitFor(POLL);
    const list = await api('GET', '?q=our-services');
    const made = list.json.pages.find((p: { title: string }) => p.title === 'Our services');
    expect(made.draftVersion).toBe(2);
    const layout = await draftOf(made.id);
    expect(layout.sections.map((s) => s.blocks.map((b) => b.type))).toEqual([
      ['text', 'text'],
      ['image', 'text', 'image', 'text', 'image', 'text'],
      ['text', 'button'],
    ]);
    // The layout was made by the editor's chunk, with Zod kept jitless: nothing refused.
    expect(await cspReports(page)).toEqual([]);
    // And the editor opens it with the starter's sections.
    await openOwnerApp(page, store.url(`/config/pages/${made.id}/edit`));
    await page.getByRole('button', { name: 'Section 3', exact: true }).waitFor(POLL);
    await frame(page).getByText('Ready when you are').waitFor(POLL);
    expect(await cspReports(page)).toEqual([]);
  }, 120_000);
});

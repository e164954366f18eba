import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { layoutOf } from '../../edge/api/pages/test-pages.js';
import { demoOwner } from '../../edge/test-support.js';
import { useStorefront } from './harness.js';
import { signedInOwner } from './owner-harness.js';
import { AUTOSAVE_MS, openEditor, pagesApi, pauseClock, POLL, saveState } from './page-editor-support.js';

/**
 * Offline in the page editor: the network drops while typing, the state says the changes are
 * kept on this device, and reconnecting saves them; leaving the page saves at once (keepalive);
 * a reload (and a new tab after a crashed one) before reconnecting restores the unsaved text
 * from the local copy; a local copy the server moved past meanwhile offers the conflict choice
 * instead of overwriting.
 */
const store = useStorefront();

async function newPage(title: string) {
  const owner = await pagesApi(store);
  const created = await owner('POST', '', { title, slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}` });
  const id = created.json.page.id as string;
  expect((await owner('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'q1', type: 'quote', props: { text: 'Start' } }) }, { 'If-Match': '"1"' })).status).toBe(200);
  return { owner, id };
}

const quoteText = async (owner: Awaited<ReturnType<typeof pagesApi>>, id: string) => (await owner('GET', `/${id}`)).json.page.draft.layout.sections[0].blocks[0].props.text as string;
const localCopies = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('atelier:page-draft:')));

/**
 * The draft's saves fail as on a dropped network while this browser's localStorage holds
 * 'test:draft-offline'. A page's fetch is wrapped because a route abort cannot hold them back:
 * the save a page sends while it unloads (keepalive) passes Playwright's routing, and lands,
 * so a reload would save the text rather than restore it (the leave test below shows that).
 */
async function dropDraftSaves(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = window.fetch.bind(window);
    window.fetch = (input, init) =>
      localStorage.getItem('test:draft-offline') && String(input instanceof Request ? input.url : input).endsWith('/draft') ? Promise.reject(new TypeError('Failed to fetch')) : real(input, init);
  });
}
const network = (page: Page, up: boolean) => page.evaluate((on) => (on ? localStorage.removeItem('test:draft-offline') : localStorage.setItem('test:draft-offline', '1')), up);

describe('the page editor offline', () => {
  it('says the changes are kept while offline and saves them on reconnecting', async () => {
    store.allow(/ERR_INTERNET_DISCONNECTED|\/api\/pages\//);
    const { owner, id } = await newPage('Offline page');
    const { page, context } = await signedInOwner(store);
    await openEditor(store, page, id, 'Offline page');
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();

    await context.setOffline(true);
    await page.getByLabel('Text').fill('Typed on the train');
    await page.clock.runFor(AUTOSAVE_MS);
    await saveState(page, 'offline');
    await page.getByRole('status').getByText('Offline: changes kept on this device', { exact: true }).waitFor();
    expect(await localCopies(page)).toEqual([`atelier:page-draft:${id}:2`]);
    expect(await quoteText(owner, id)).toBe('Start');

    // Back online: the browser's online event saves at once (no backoff step is run).
    await context.setOffline(false);
    await saveState(page, 'saved');
    expect(await quoteText(owner, id)).toBe('Typed on the train');
    expect(await localCopies(page)).toEqual([]);
  }, 90_000);

  it('saves at once on leaving, before the autosave delay has run', async () => {
    const { owner, id } = await newPage('Leave page');
    const { page, context } = await signedInOwner(store);
    await openEditor(store, page, id, 'Leave page');
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    await page.getByLabel('Text').fill('Saved on the way out');
    await saveState(page, 'unsaved');
    // The clock is paused: only the pagehide save can send it.
    await page.close({ runBeforeUnload: false });
    await expect.poll(() => quoteText(owner, id), POLL).toBe('Saved on the way out');

    // Its answer never reached the page, so the local copy stayed; the server has that very layout,
    // so opening the page again drops it: no restore notice, no conflict with oneself.
    const again = await context.newPage();
    await openEditor(store, again, id, 'Leave page', 'resume');
    await saveState(again, 'saved');
    expect(await again.locator('[data-restored]').count()).toBe(0);
    expect(await localCopies(again)).toEqual([]);
  }, 90_000);

  it('restores the unsaved text after a reload and a crashed tab, and saves it once the network is back', async () => {
    store.allow(/Failed to fetch|\/api\/pages\//);
    const { owner, id } = await newPage('Reload page');
    const { page, context } = await signedInOwner(store);
    await dropDraftSaves(context);
    await openEditor(store, page, id, 'Reload page');
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();

    await network(page, false);
    await page.getByLabel('Text').fill('Kept across a reload');
    await page.clock.runFor(AUTOSAVE_MS);
    await saveState(page, 'offline');

    await page.clock.resume();
    await page.reload();
    await page.getByRole('heading', { name: 'Reload page', level: 1 }).waitFor(POLL);
    await page.locator('[data-restored]').getByText('Restored the changes this device kept that had not been saved.').waitFor();
    // The restored copy was sent at once, and the network is still down.
    await saveState(page, 'offline');
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    expect(await page.getByLabel('Text').inputValue()).toBe('Kept across a reload');
    expect(await quoteText(owner, id)).toBe('Start');

    // The renderer crashes (no pagehide, nothing sent); a new tab opens the page.
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    // Closing the dead tab sends nothing (its renderer is gone); the clock then drives live pages only.
    await page.close({ runBeforeUnload: false });
    const again = await context.newPage();
    await openEditor(store, again, id, 'Reload page', 'running');
    await again.locator('[data-restored]').waitFor();
    await again.getByRole('button', { name: 'Quote 1', exact: true }).click();
    expect(await again.getByLabel('Text').inputValue()).toBe('Kept across a reload');
    await saveState(again, 'offline');

    // Reconnected: the next retry (backoff steps are at most 30 s apart) saves it, and the local copy goes.
    await network(again, true);
    await again.clock.runFor(30_000);
    await saveState(again, 'saved');
    expect(await quoteText(owner, id)).toBe('Kept across a reload');
    expect(await localCopies(again)).toEqual([]);
    // Undo goes back to the server's draft as it was before the restore.
    await again.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => again.getByLabel('Text').inputValue()).toBe('Start');
  }, 120_000);

  it('offers the conflict choice when the server moved past the local copy, and keep mine saves it as a new revision', async () => {
    store.allow(/Failed to fetch|412|\/api\/pages\//);
    const { owner, id } = await newPage('Moved page');
    const { page, context } = await signedInOwner(store);
    await dropDraftSaves(context);
    await openEditor(store, page, id, 'Moved page');
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    await network(page, false);
    await page.getByLabel('Text').fill('Mine, kept on this device');
    await page.clock.runFor(AUTOSAVE_MS);
    await saveState(page, 'offline');
    await page.close({ runBeforeUnload: false });

    // Meanwhile another session saves version 3.
    expect((await owner('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'q1', type: 'quote', props: { text: 'Theirs, saved meanwhile' } }) }, { 'If-Match': '"2"' })).status).toBe(200);

    const again = await context.newPage();
    await openEditor(store, again, id, 'Moved page', 'resume');
    await network(again, true);
    const dialog = again.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.waitFor(POLL);
    await dialog.getByText(`${(await demoOwner()).email} saved version 3`).waitFor();
    expect(await quoteText(owner, id)).toBe('Theirs, saved meanwhile');
    await dialog.getByRole('button', { name: 'Keep mine as a new version' }).click();
    await saveState(again, 'saved');
    expect(await quoteText(owner, id)).toBe('Mine, kept on this device');
    const revisions = await owner('GET', `/${id}/revisions`);
    expect(revisions.json.revisions.map((r: { version: number }) => r.version)).toEqual([4, 3, 2, 1]);
    expect((await owner('GET', `/${id}/revisions/3`)).json.revision.layout.sections[0].blocks[0].props.text).toBe('Theirs, saved meanwhile');
    expect(await localCopies(again)).toEqual([]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { signedInOwner } from './owner-harness.js';
import { autosave, draftPreview, openEditor, pagesApi, POLL } from './page-editor-support.js';

/**
 * Undo and redo over the editing session with the keyboard (Ctrl+Z, Meta+Z, Shift+Ctrl+Z,
 * Ctrl+Y) across adding, editing a block's text, moving and deleting blocks; then restoring
 * an earlier revision from the history drawer.
 */
const store = useStorefront();

const blockTypes = (page: Page) => page.locator('[data-block-type]').evaluateAll((items) => items.map((i) => i.getAttribute('data-block-type')));
/** Keyboard shortcuts act on the session when focus is not in a field (a field keeps its own undo). */
async function press(page: Page, keys: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(keys);
}
async function quoteText(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  return page.getByLabel('Text').inputValue();
}

describe('undo and redo in the page editor', () => {
  it('undoes and redoes add, edit text, move and delete with the keyboard, then restores a revision', async () => {
    const owner = await pagesApi(store);
    const created = await owner('POST', '', { title: 'Undo page', slug: `undo-${Date.now().toString(36)}` });
    const id = created.json.page.id as string;
    const { page } = await signedInOwner(store);
    await openEditor(store, page, id, 'Undo page');
    await page.getByText('This page is empty').waitFor();

    const add = async (type: string) => {
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.locator('#pe-block-menu').getByRole('button', { name: type, exact: true }).click();
    };
    // Add a quote and a button, edit the quote's text: saved as version 2.
    await add('Quote');
    await add('Button');
    expect(await blockTypes(page)).toEqual(['quote', 'button']);
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    await page.getByLabel('Text').fill('Words worth keeping');
    await autosave(page);
    expect((await owner('GET', `/${id}`)).json.page.draftVersion).toBe(2);

    // Move the button up, delete the quote.
    await page.getByRole('button', { name: 'Move Button 2 up' }).click();
    expect(await blockTypes(page)).toEqual(['button', 'quote']);
    await page.getByRole('button', { name: 'Delete Quote 2' }).click();
    expect(await blockTypes(page)).toEqual(['button']);

    // Undo: the delete, the move, the text edit, the button's add.
    await press(page, 'Control+z');
    await expect.poll(() => blockTypes(page)).toEqual(['button', 'quote']);
    await press(page, 'Meta+z');
    await expect.poll(() => blockTypes(page)).toEqual(['quote', 'button']);
    expect(await quoteText(page, 'Quote 1')).toBe('Words worth keeping');
    await press(page, 'Control+z');
    await expect.poll(() => quoteText(page, 'Quote 1')).toBe('');
    await press(page, 'Control+z');
    await expect.poll(() => blockTypes(page)).toEqual(['quote']);

    // Redo all four: Shift+Ctrl+Z and Ctrl+Y.
    await press(page, 'Control+Shift+z');
    await expect.poll(() => blockTypes(page)).toEqual(['quote', 'button']);
    await press(page, 'Control+y');
    await expect.poll(() => quoteText(page, 'Quote 1')).toBe('Words worth keeping');
    await press(page, 'Control+y');
    await expect.poll(() => blockTypes(page)).toEqual(['button', 'quote']);
    await press(page, 'Meta+Shift+z');
    await expect.poll(() => blockTypes(page)).toEqual(['button']);
    expect(await page.getByRole('button', { name: 'Redo' }).isDisabled()).toBe(true);

    // Saved as version 3: the button alone.
    await autosave(page);
    const v3 = (await owner('GET', `/${id}`)).json.page;
    expect(v3.draftVersion).toBe(3);
    expect(v3.draft.layout.sections[0].blocks.map((b: { type: string }) => b.type)).toEqual(['button']);

    // History: restore version 2 (the quote with its text) as the new draft, version 4.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('complementary', { name: 'History' });
    await history.getByRole('button', { name: 'Restore version 2' }).click();
    await history.getByText('restored from version 2').waitFor(POLL);
    await expect.poll(() => blockTypes(page)).toEqual(['quote', 'button']);
    await draftPreview(page).getByText('Words worth keeping').waitFor(POLL);
    const v4 = (await owner('GET', `/${id}`)).json.page;
    expect(v4.draftVersion).toBe(4);
    expect(v4.draft.layout.sections[0].blocks[0].props.text).toBe('Words worth keeping');
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../edge/api/pages/test-pages.js';
import { createSiteUser, demoOwner, signIn } from '../../edge/test-support.js';
import { useStorefront } from './harness.js';
import { signedInOwner } from './owner-harness.js';
import { autosave, openEditor, pagesApi, POLL, saveState } from './page-editor-support.js';

/**
 * Two editors on one page in two browser contexts (the demo owner and an editor): both edit
 * the same quote, the second save gets the conflict dialog naming who saved, 'Keep mine' saves
 * it as a new revision, and neither text is lost: both are revisions (API and history panel).
 */
const store = useStorefront();

describe('two editors on one page', () => {
  it('names who saved to the second saver, whose Keep mine is a new revision, and loses neither text', async () => {
    // The losing save answers 412, which the browser logs.
    store.allow(/412|\/api\/pages\/[^/]+\/draft/);
    const owner = await pagesApi(store);
    const created = await owner('POST', '', { title: 'Shared page', slug: `shared-${Date.now().toString(36)}` });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;
    const put = await owner('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'q1', type: 'quote', props: { text: 'First words' } }) }, { 'If-Match': '"1"' });
    expect(put.status).toBe(200);

    await createSiteUser(store.worker, { email: 'second-editor@conflict.test', password: 'correct horse battery 9', roles: [4] });
    const second = await signIn(store.worker, 'second-editor@conflict.test', 'correct horse battery 9');
    const a = await signedInOwner(store);
    const b = await signedInOwner(store, undefined, second);
    await openEditor(store, a.page, id, 'Shared page');
    await openEditor(store, b.page, id, 'Shared page');

    // Both open the quote and type.
    for (const { page } of [a, b]) await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    await a.page.getByLabel('Text').fill('Alpha, typed by the owner');
    await b.page.getByLabel('Text').fill('Beta, typed by the second editor');

    // The owner's save lands first.
    await autosave(a.page);
    // The second editor's save finds a newer version: the dialog names who saved it.
    await b.page.clock.runFor(1000);
    await saveState(b.page, 'conflict');
    const dialog = b.page.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.waitFor(POLL);
    const { email } = await demoOwner();
    await dialog.getByText(`${email} saved version 3`).waitFor();
    await b.page.getByRole('status').getByText('Conflict', { exact: true }).waitFor();
    // Their typing is untouched behind the dialog.
    expect(await b.page.getByLabel('Text').inputValue()).toBe('Beta, typed by the second editor');

    await dialog.getByRole('button', { name: 'Keep mine as a new version' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await saveState(b.page, 'saved');

    // Both texts exist as revisions: 3 the owner's, 4 the second editor's (the draft).
    const revisions = await owner('GET', `/${id}/revisions`);
    expect(revisions.json.draftVersion).toBe(4);
    const byVersion = new Map<number, string | null>(revisions.json.revisions.map((r: { version: number; author: string | null }) => [r.version, r.author]));
    expect(byVersion.get(3)).toBe(email);
    expect(byVersion.get(4)).toBe('second-editor@conflict.test');
    const text = async (v: number) => (await owner('GET', `/${id}/revisions/${v}`)).json.revision.layout.sections[0].blocks[0].props.text as string;
    expect(await text(3)).toBe('Alpha, typed by the owner');
    expect(await text(4)).toBe('Beta, typed by the second editor');

    // The history panel shows both, with who saved each.
    await b.page.getByRole('button', { name: 'History' }).click();
    const history = b.page.getByRole('complementary', { name: 'History' });
    await history.locator('[data-revision="4"]').getByText('second-editor@conflict.test').waitFor(POLL);
    await history.locator('[data-revision="3"]').getByText(email).waitFor();
    // The owner's preview of version 3 is the worker's render of their text.
    await history.getByRole('button', { name: 'Preview version 3' }).click();
    await b.page.frameLocator('iframe[title="Preview of version 3"]').getByText('Alpha, typed by the owner').waitFor(POLL);

    // Nothing of the second editor's is left in this browser: the server has it.
    expect(await b.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('atelier:page-draft:')))).toEqual([]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';
import { seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { AUTOSAVE_MS, openEditor, pagesApi, pauseClock, POLL, saveState } from './page-editor-support.js';

/**
 * axe-core over the page editor (WCAG 2.1 A/AA, no serious or critical violation) in the
 * states an owner spends time in: a block selected with its settings, the block menu open,
 * the phone view, the history drawer open and the conflict dialog open. The preview frame is
 * the storefront's own page (tests/browser/accessibility.test.ts covers those).
 */
const store = useStorefront();

describe('the page editor under axe', () => {
  it('has no serious or critical violation with a block selected, the history drawer and the conflict dialog open', async () => {
    store.allow(/412|\/api\/pages\/[^/]+\/draft/);
    const owner = await pagesApi(store);
    const created = await owner('POST', '', { title: 'Axe page', slug: `axe-${Date.now().toString(36)}` });
    const id = created.json.page.id as string;
    const layout = layoutOf({ id: 'q1', type: 'quote', props: { text: 'Clay remembers' } }, { id: 'b1', type: 'button', props: { label: 'Book' } }, { id: 'i1', type: 'image' });
    expect((await owner('PUT', `/${id}/draft`, { layout }, { 'If-Match': '"1"' })).status).toBe(200);

    const { page } = await signedInOwner(store);
    await openEditor(store, page, id, 'Axe page');
    // axe schedules its checks on timers: it runs with the clock going.
    const axe = async () => {
      await page.clock.resume();
      const found = await seriousAxeViolations(page, { exclude: ['iframe'] });
      await pauseClock(page);
      return found;
    };

    // A block selected: its settings panel.
    for (const name of ['Quote 1', 'Button 2', 'Image 3']) {
      await page.getByRole('button', { name, exact: true }).click();
      await page.getByRole('region', { name: 'Block settings' }).waitFor();
      expect(await axe(), name).toEqual([]);
    }
    // A section selected, the block menu open, the phone view.
    await page.getByRole('button', { name: 'Section 1', exact: true }).click();
    await page.getByRole('region', { name: 'Section design' }).waitFor();
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.locator('#pe-block-menu').waitFor();
    await page.getByRole('button', { name: 'Phone' }).click();
    expect(await axe(), 'block menu, phone view').toEqual([]);
    await page.getByRole('button', { name: 'Add block' }).click();

    // The history drawer, loaded.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('complementary', { name: 'History' }).locator('[data-revision="2"]').waitFor(POLL);
    expect(await axe(), 'history drawer').toEqual([]);

    // The conflict dialog: another session saved meanwhile.
    expect((await owner('PUT', `/${id}/draft`, { layout }, { 'If-Match': '"2"' })).status).toBe(200);
    await page.getByRole('button', { name: 'Quote 1', exact: true }).click();
    await page.getByLabel('Text').fill('Mine');
    await page.clock.runFor(AUTOSAVE_MS);
    await saveState(page, 'conflict');
    await page.getByRole('dialog', { name: 'Someone else saved this page' }).waitFor(POLL);
    expect(await axe(), 'conflict dialog').toEqual([]);
  }, 120_000);

  it('reaches adding, selecting, editing, moving and deleting a block with the keyboard alone', async () => {
    const owner = await pagesApi(store);
    const created = await owner('POST', '', { title: 'Keys page', slug: `keys-${Date.now().toString(36)}` });
    const id = created.json.page.id as string;
    const { page } = await signedInOwner(store);
    await openEditor(store, page, id, 'Keys page');
    /** Tabs forward until the focused control is named `name` (its aria-label, its label, else its text). */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
        });
        if (focused === name) return;
      }
      throw new Error(`Tab never reached ${name}`);
    };
    const add = async (type: string) => {
      await tabTo('Add block');
      await page.keyboard.press('Enter');
      await tabTo(type);
      await page.keyboard.press('Enter');
    };
    await add('Quote');
    await add('Button');
    await tabTo('Quote 1');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Quote block' }).waitFor();
    await tabTo('Text');
    await page.keyboard.type('Typed without a mouse');
    await tabTo('Move Button 2 up');
    await page.keyboard.press('Enter');
    await tabTo('Delete Button 1');
    await page.keyboard.press('Enter');
    await page.clock.runFor(AUTOSAVE_MS);
    await saveState(page, 'saved');
    const blocks = (await owner('GET', `/${id}`)).json.page.draft.layout.sections[0].blocks;
    expect(blocks.map((b: { type: string; props: { text?: string } }) => [b.type, b.props.text])).toEqual([['quote', 'Typed without a mouse']]);
  }, 120_000);
});

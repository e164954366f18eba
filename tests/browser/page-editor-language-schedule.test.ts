import { describe, expect, it } from 'vitest';
import { layoutOf, paragraphDoc } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';
import { signedInOwner } from './owner-harness.js';
import { openEditor, pagesApi, POLL } from './page-editor-support.js';

/**
 * The page editor's schedule notice of a language's own layout (issue 29) follows the server:
 * a schedule made elsewhere shows when the window regains focus, and once the Cron run has
 * published the layout the notice gives way to 'Published' when the scheduled time passes on
 * the browser's clock (Playwright's, never a real wait).
 */
const store = useStorefront();

describe('the language schedule notice in Chromium', () => {
  it('shows a schedule made in another tab on focus, and changes to published after the Cron run when its time passes', async () => {
    const api = await pagesApi(store);
    const slug = `cours-${Date.now().toString(36)}`;
    const id = (await api('POST', '', { title: 'Cours', slug })).json.page.id as string;
    expect((await api('POST', `/${id}/languages/fr`)).status).toBe(201);
    const layout = layoutOf({ id: 'b1', type: 'text', props: { text: paragraphDoc('Cours du soir') } });
    expect((await api('PUT', `/${id}/languages/fr/draft`, { layout }, { 'If-Match': '"1"' })).status).toBe(200);

    const { page } = await signedInOwner(store);
    await openEditor(store, page, id, 'Cours');
    await page.getByLabel('Layout for').selectOption('fr');
    await page.getByRole('heading', { name: 'Cours · French', level: 1 }).waitFor(POLL);
    const notice = page.locator('[data-language-schedule]');
    expect(await notice.count()).toBe(0);

    // Another tab schedules version 2 in ten minutes: this one learns of it when it is back in focus.
    const publishAt = Date.now() + 10 * 60_000;
    const scheduled = await api('POST', `/${id}/languages/fr/schedule`, { version: 2, publishAt });
    expect(scheduled.status).toBe(200);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await notice.getByText('Version 2 of the French layout goes live').waitFor(POLL);

    // The Cron run publishes it at its minute; the editor reads again when the time passes.
    expect((await store.worker.scheduled('* * * * *', publishAt + 1000)).outcome).toBe('ok');
    expect((await api('GET', `/${id}/languages/fr`)).json.languageLayout).toMatchObject({ publishedVersion: 2, publishAt: null, scheduledVersion: null });
    expect(await notice.count()).toBe(1);
    await page.clock.fastForward(11 * 60_000);
    await page.getByText(`Published. Visitors see version 2 of the French layout at /fr/${slug}.`).waitFor(POLL);
    expect(await notice.count()).toBe(0);
  }, 120_000);
});

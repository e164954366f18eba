import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { layoutOf, paragraphDoc } from '../../edge/api/pages/test-pages.js';
import { createSiteUser, demoOwner, signIn } from '../../edge/test-support.js';
import { useStorefront, type Visitor } from './harness.js';
import { signedInOwner, seriousAxeViolations } from './owner-harness.js';
import { draftPreview as preview, pagesApi, savedSoon, skipAhead, POLL } from './page-editor-support.js';

/**
 * The page editor (client/editor/screens/page-editor/) in Chromium: a new page's editor, a
 * text block typed with Tiptap and seen in the worker's own preview, a button block's label,
 * undo and redo, a 412 conflict from another session and 'Load their version', publish and the
 * live URL, no CSP refusal (Tiptap's style tag is off), axe, and screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// Screenshots for a look (git-ignored) only with `TEST_SCREENSHOTS=1`: they assert nothing.
const LOOK = process.env.TEST_SCREENSHOTS === '1';

async function owner(): Promise<Visitor> {
  const visitor = await signedInOwner(store);
  // Running as usual; skipAhead() moves it past the editor's timers.
  await visitor.page.clock.install();
  // Every document (the editor and its preview frame) records what the CSP refuses.
  await visitor.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return visitor;
}

/** The page API as a second session of the owner (another tab, another editor). */
/** The page API as the demo owner (a new session per call, like another tab). */
const api = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => (await pagesApi(store))(method, path, body, extra);


describe('the page editor in Chromium', () => {
  it('adds and edits blocks, autosaves into the preview, undoes, resolves a conflict and publishes', async () => {
    // The other session's save makes ours answer 412, which the browser logs.
    store.allow(/412|ERR_INTERNET_DISCONNECTED|\/api\/pages\/[^/]+\/draft/);
    const slug = `workshops-${Date.now().toString(36)}`;
    const created = await api('POST', '', { title: 'Workshops', slug });
    expect(created.status).toBe(201);
    const id = created.json.page.id as string;

    const { page } = await owner();
    expect((await page.goto(store.url(`/config/pages/${id}/edit`)))?.status()).toBe(200);
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor(POLL);
    await page.getByRole('heading', { name: 'Workshops', level: 1 }).waitFor(POLL);
    await page.getByText('This page is empty').waitFor();

    // A text block: the menu lists the registry's types by SPEC §2 group.
    await page.getByRole('button', { name: 'Add block' }).click();
    const menu = page.locator('#pe-block-menu');
    await menu.getByRole('region', { name: 'Basic' }).waitFor();
    expect(await menu.getByRole('heading', { level: 3 }).allTextContents()).toEqual(expect.arrayContaining(['Basic', 'Image', 'Commerce']));
    await menu.getByRole('button', { name: 'Text', exact: true }).click();
    const text = page.getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.type('Hello from the kiln');
    await page.getByRole('status').filter({ hasText: /Unsaved changes|Saving…|Saved/ }).first().waitFor();
    await savedSoon(page);
    await preview(page).getByText('Hello from the kiln').waitFor(POLL);

    // A button block below it, and its label.
    await page.getByRole('button', { name: 'Add block' }).click();
    await menu.getByRole('button', { name: 'Button', exact: true }).click();
    await page.getByRole('heading', { name: 'Button block' }).waitFor();
    await page.getByLabel('Label').fill('Book a workshop');
    await savedSoon(page);
    await preview(page).getByRole('link', { name: 'Book a workshop' }).waitFor(POLL);
    const draft = await api('GET', `/${id}`);
    expect(draft.json.page.draft.layout.sections[0].blocks.map((b: { type: string; layout: { desktop: { row: number } } }) => [b.type, b.layout.desktop.row])).toEqual([['text', 1], ['button', 2]]);

    // Undo (the toolbar) takes the label back; redo (the keyboard) brings it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByLabel('Label').inputValue()).toBe('Learn more');
    await savedSoon(page);
    await preview(page).getByRole('link', { name: 'Learn more' }).waitFor(POLL);
    await page.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => page.getByLabel('Label').inputValue()).toBe('Book a workshop');
    await savedSoon(page);

    // The network drops: the edit is kept, the state says so, and the retry saves it once it is back.
    await page.route('**/api/pages/*/draft', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Label').fill('Book a class');
    await skipAhead(page);
    await page.locator('[data-page-editor][data-save-state="offline"]').waitFor(POLL);
    await page.getByRole('status').getByText('Offline: changes kept on this device').waitFor();
    await page.unroute('**/api/pages/*/draft');
    // The retry's backoff (1 s, 2 s, … up to 30 s) runs out at once.
    await savedSoon(page, 30_000);
    await preview(page).getByRole('link', { name: 'Book a class' }).waitFor(POLL);

    // Another session saves meanwhile: our next save gets the conflict dialog.
    const theirs = await api('GET', `/${id}`);
    const put = await api('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'their', type: 'text', props: { text: paragraphDoc('Their careful words') } }) }, { 'If-Match': `"${theirs.json.page.draftVersion}"` });
    expect(put.status).toBe(200);
    await page.getByLabel('Label').fill('Mine, typed later');
    await skipAhead(page);
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this page' });
    await dialog.waitFor(POLL);
    const { email } = await demoOwner();
    await dialog.getByText(email).waitFor();
    expect(await page.locator('[data-page-editor]').getAttribute('data-save-state')).toBe('conflict');
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-conflict-1280.png') });
    await dialog.getByRole('button', { name: 'Load their version' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await savedSoon(page);
    await preview(page).getByText('Their careful words').waitFor(POLL);
    await page.getByRole('button', { name: 'Text 1', exact: true }).waitFor();
    expect(await page.locator('[data-block-type]').count()).toBe(1);

    // A second conflict, and 'Keep mine': ours is saved over theirs as a new version, theirs stays in the revisions.
    const again = await api('GET', `/${id}`);
    const second = await api('PUT', `/${id}/draft`, { layout: layoutOf({ id: 'their', type: 'text', props: { text: paragraphDoc('Their second thoughts') } }) }, { 'If-Match': `"${again.json.page.draftVersion}"` });
    expect(second.status).toBe(200);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: /^Blank section/ }).click();
    await skipAhead(page);
    await dialog.waitFor(POLL);
    await dialog.getByRole('button', { name: 'Keep mine as a new version' }).click();
    await savedSoon(page);
    const mine = await api('GET', `/${id}`);
    expect(mine.json.page.draftVersion).toBe(second.json.page.draftVersion + 1);
    expect(mine.json.page.draft.layout.sections).toHaveLength(2);
    expect(JSON.stringify(mine.json.page.draft.layout)).toContain('Their careful words');
    await preview(page).getByText('Their careful words').waitFor(POLL);
    // Back to one section (their first words), undoable like any edit.
    await page.getByRole('button', { name: 'Delete section 2' }).click();
    await savedSoon(page);

    // Publish: a new visitor sees it at the live URL.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Visitors see this version at /${slug}.`).waitFor(POLL);
    const visitor = await store.visitor();
    expect((await visitor.page.goto(store.url(`/${slug}`)))?.status()).toBe(200);
    await visitor.page.getByText('Their careful words').waitFor();

    // History lists the revisions with who saved them.
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('complementary', { name: 'History' }).getByText('· live').waitFor(POLL);
    // Preview their second save (the worker's render of that revision), then restore it as the new draft.
    const v = second.json.page.draftVersion as number;
    await page.getByRole('button', { name: `Preview version ${v}` }).click();
    await page.frameLocator(`iframe[title="Preview of version ${v}"]`).getByText('Their second thoughts').waitFor(POLL);
    await page.getByRole('button', { name: `Restore version ${v}` }).click();
    await page.frameLocator('iframe[title="Preview of the draft"]').getByText('Their second thoughts').waitFor(POLL);
    await savedSoon(page);
    const restored = await api('GET', `/${id}`);
    expect(JSON.stringify(restored.json.page.draft.layout)).toContain('Their second thoughts');
    await page.getByRole('complementary', { name: 'History' }).getByText(`restored from version ${v}`).waitFor(POLL);

    // Nothing the CSP refused, in the editor or its preview frame (Tiptap's own style tag is off).
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    for (const frame of page.frames()) expect(await frame.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);

    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);
    await page.getByRole('button', { name: 'Text 1', exact: true }).click();
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Phone' }).click();
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'page-editor-390.png'), fullPage: true });
  }, 180_000);

  it("shows the page-locked notice while another contributor has the page open, and edits a section's design", async () => {
    const created = await api('POST', '', { title: 'Locked page', slug: `locked-${Date.now().toString(36)}` });
    const id = created.json.page.id as string;
    // Another editor's heartbeat holds the lock.
    await createSiteUser(store.worker, { email: 'second-editor@pages.test', password: 'correct horse battery 9', roles: [4] });
    const other = await signIn(store.worker, 'second-editor@pages.test', 'correct horse battery 9');
    const beat = await store.worker.fetch(`/api/pages/${id}/lock`, { method: 'POST', headers: { ...other.headers, 'Content-Type': 'application/json' }, body: '{}' });
    expect(((await beat.json()) as { lock: unknown }).lock).toBeNull();

    const { page } = await owner();
    await page.goto(store.url(`/config/pages/${id}/edit`));
    await page.locator('[data-page-locked]').getByText('second-editor@pages.test is editing this page').waitFor(POLL);

    // A section's design: padding and theme, saved into the draft.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: /^Blank section/ }).click();
    await page.getByRole('region', { name: 'Section design' }).waitFor();
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByLabel('Padding').selectOption('large');
    await savedSoon(page);
    const draft = await api('GET', `/${id}`);
    expect(draft.json.page.draft.layout.sections[0].design).toMatchObject({ padding: 'large', theme: 'dark', width: 'inset' });

    // Leaving while a save is still on its way asks first (use-unsaved-changes); the held save then fails over to a retry.
    store.allow(/ERR_INTERNET_DISCONNECTED|\/api\/pages\/[^/]+\/draft/);
    let held: Route | undefined;
    await page.route('**/api/pages/*/draft', (route) => {
      held = route;
    });
    await page.getByLabel('Theme').selectOption('light');
    await skipAhead(page);
    await page.locator('[data-page-editor][data-save-state="saving"]').waitFor(POLL);
    await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Orders' }).click();
    const ask = page.getByRole('dialog', { name: 'Save your changes?' });
    await ask.waitFor(POLL);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(`/config/pages/${id}/edit`);
    await held!.abort('internetdisconnected');
    await page.unroute('**/api/pages/*/draft');
    await savedSoon(page, 30_000);
    expect((await api('GET', `/${id}`)).json.page.draft.layout.sections[0].design.theme).toBe('light');
    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);
  }, 120_000);

  it('restores an older French revision from the French history and schedules the French layout', async () => {
    // The demo site has French added. Its copy gets two saves: versions 2 and 3.
    const slug = `ateliers-${Date.now().toString(36)}`;
    const id = (await api('POST', '', { title: 'Ateliers', slug })).json.page.id as string;
    expect((await api('POST', `/${id}/languages/fr`)).status).toBe(201);
    const french = (words: string) => layoutOf({ id: 'b1', type: 'text', props: { text: paragraphDoc(words) } });
    expect((await api('PUT', `/${id}/languages/fr/draft`, { layout: french('Atelier du samedi') }, { 'If-Match': '"1"' })).status).toBe(200);
    expect((await api('PUT', `/${id}/languages/fr/draft`, { layout: french('Atelier du dimanche') }, { 'If-Match': '"2"' })).status).toBe(200);

    const { page } = await owner();
    await page.goto(store.url(`/config/pages/${id}/edit`));
    await page.getByRole('heading', { name: 'Ateliers', level: 1 }).waitFor(POLL);
    await page.getByLabel('Layout for').selectOption('fr');
    await page.getByRole('heading', { name: 'Ateliers · French', level: 1 }).waitFor(POLL);
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('complementary', { name: 'History' });
    await history.locator('li[data-revision="3"]').getByText('(current draft)').waitFor(POLL);
    // Version 2 in the frame, rendered by the worker under /fr/.
    await history.getByRole('button', { name: 'Preview version 2' }).click();
    const frame = page.locator('iframe[data-preview-version="2"]');
    expect(await frame.getAttribute('src')).toBe(`/fr/${slug}?preview&revision=2`);
    await page.frameLocator('iframe[data-preview-version="2"]').getByText('Atelier du samedi').waitFor(POLL);

    await history.getByRole('button', { name: 'Restore version 2' }).click();
    await history.locator('li[data-revision="4"]').getByText('restored from version 2').waitFor(POLL);
    const restored = (await api('GET', `/${id}/languages/fr`)).json.languageLayout;
    expect(restored.draft.version).toBe(4);
    expect(JSON.stringify(restored.draft.layout)).toContain('Atelier du samedi');
    // The shared layout's history is untouched.
    expect((await api('GET', `/${id}/revisions`)).json.revisions.map((r: { version: number }) => r.version)).toEqual([1]);

    // Schedule the French draft (version 4) in the site's time zone.
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the French layout of Ateliers' });
    await dialog.getByLabel(/Publish on/).fill('2031-05-03T10:00');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.locator('[data-language-schedule]').getByText('Version 4 of the French layout goes live').waitFor(POLL);
    const scheduled = (await api('GET', `/${id}/languages/fr`)).json.languageLayout;
    expect(scheduled).toMatchObject({ scheduledVersion: 4, publishAt: expect.any(Number) });
    expect(scheduled.publishAt).toBeGreaterThan(Date.UTC(2031, 4, 2));
    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByText('The schedule is cancelled.').waitFor(POLL);
    expect((await api('GET', `/${id}/languages/fr`)).json.languageLayout.scheduledVersion).toBeNull();
  }, 120_000);
});

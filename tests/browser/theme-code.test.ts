import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { THEME_PATH_TEXT } from '../../domain/themes/theme-paths.js';
import { ROLE } from '../../domain/roles/roles.js';
import { createSiteUser, signIn } from '../../edge/test-support.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The theme code screen (client/editor/screens/theme-code/) in Chromium: an owner opens the
 * layout in CodeMirror, makes a compile error and is refused the publish with the error listed
 * and marked in the text; a version published meanwhile is a conflict saved only when asked;
 * with the error fixed the publish goes through and the storefront renders the change. Errors
 * show while typing; files are added, renamed and deleted and saved as a draft. On Android the
 * files are read-only with SPEC §8's message; a theme developer gets no Publish button.
 */
const store = useStorefront();
const MARKER = '<p data-code-marker>Edited in the code editor</p>';

describe('the theme code screen in Chromium', () => {
  it('refuses a broken publish with the error marked, catches a conflict, publishes the fix to the storefront', async () => {
    store.allow(/HTTP (409|422) |status of (409|422)/);
    const visitor = await signedInOwner(store);
    const { page } = visitor;
    await openOwnerApp(page, store.url('/config/theme-code'));
    await page.getByRole('heading', { name: 'Theme code', level: 1 }).waitFor();
    // The lazy screen's stylesheet came before its chunk ran (client/runtime/preload-css.ts), once.
    expect(await page.locator('link[rel="stylesheet"][href^="/client/assets/theme-code-screen-"]').count()).toBe(1);
    const tree = page.getByRole('navigation', { name: 'Theme files' });
    const layout = tree.getByRole('button', { name: /^layout\.html/ });
    expect(await layout.getAttribute('aria-current')).toBe('true');
    await tree.getByRole('button', { name: /^product-card\.html/ }).waitFor();
    const code = page.getByRole('textbox', { name: 'Code of layout.html' });
    await code.waitFor();
    expect(await code.textContent()).toContain('<!doctype html>');

    // A compile error on line 1: the publish is refused, listed and marked at 1:8.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('{title|nosuchformatter}\n');
    await tree.getByRole('button', { name: 'layout.html (edited)' }).waitFor();
    // Errors while typing: the pause compiles the text through the API, nothing is saved.
    await page.locator('.cm-lintRange-error').waitFor();
    expect(await page.getByRole('link', { name: /^Preview version/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alert').getByText(/^Version \d+ was not published: 1 template error, the first at layout\.html:1:8 /).waitFor();
    await page.getByRole('list', { name: 'Template errors' }).getByText("layout.html:1:8").waitFor();
    const marked = page.locator('.cm-lintRange-error');
    await marked.waitFor();
    expect(await marked.evaluate((el) => el.closest('.cm-line')?.textContent)).toBe('{title|nosuchformatter}');
    await page.locator('.cm-gutter-lint .cm-lint-marker-error').waitFor();
    await page.getByRole('link', { name: /^Preview version \d+$/ }).waitFor();
    expect(await (await store.worker.fetch('/')).text()).not.toContain('nosuchformatter');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Fixed: the error line removed and a marker added at the end.
    await code.click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(MARKER);

    // Meanwhile another version goes live: the save is a conflict until forced.
    const session = await demoOwnerSession(store.worker);
    const versions = (await (await store.worker.fetch('/api/owner/theme/versions', { headers: session.headers })).json()) as { live: number };
    const other = await store.worker.fetch('/api/owner/theme/versions', {
      method: 'POST',
      headers: { ...session.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ base: versions.live, changes: [] }),
    });
    const otherNumber = ((await other.json()) as { version: { number: number } }).version.number;
    expect((await store.worker.fetch(`/api/owner/theme/versions/${otherNumber}/publish`, { method: 'POST', headers: session.headers })).status).toBe(200);

    await page.getByRole('button', { name: 'Publish' }).click();
    const conflict = page.getByRole('alert');
    await conflict.getByText(`The live theme is now version ${otherNumber}, not version ${versions.live} you started from.`, { exact: false }).waitFor();
    await conflict.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByRole('status').getByText(/^Saved as draft version \d+\.$/).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').getByText(/^Version \d+ is live\.$/).waitFor();
    expect(await page.locator('.cm-lintRange-error').count()).toBe(0);
    const home = await (await store.worker.fetch('/')).text();
    expect(home).toContain(MARKER);
    expect(home).not.toContain('nosuchformatter');

    // Files: a new one (its path checked as the API checks it), renamed, and an old one deleted after a confirm.
    await page.getByRole('button', { name: 'New file' }).click();
    const dialog = page.getByRole('dialog', { name: 'New theme file' });
    const pathField = dialog.getByLabel('File path');
    await pathField.fill('../x.html');
    await dialog.getByRole('button', { name: 'Add file' }).click();
    await dialog.getByText(THEME_PATH_TEXT.shape).waitFor();
    await pathField.fill('layout.html');
    await dialog.getByRole('button', { name: 'Add file' }).click();
    await dialog.getByText(THEME_PATH_TEXT.taken).waitFor();
    await pathField.fill('partials/code-note.html');
    await dialog.getByRole('button', { name: 'Add file' }).click();
    await tree.getByRole('button', { name: 'code-note.html (edited)' }).waitFor();
    const note = page.getByRole('textbox', { name: 'Code of partials/code-note.html' });
    await note.click();
    await page.keyboard.insertText('<p>A new partial</p>');
    await page.getByRole('button', { name: 'Rename partials/code-note.html' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename partials/code-note.html' });
    expect(await rename.getByLabel('File path').inputValue()).toBe('partials/code-note.html');
    await rename.getByLabel('File path').fill('partials/note.html');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await tree.getByRole('button', { name: 'note.html (edited)' }).waitFor();
    expect(await tree.getByRole('button', { name: /^code-note\.html/ }).count()).toBe(0);
    await tree.getByRole('button', { name: /^reviews-request\.html/ }).click();
    await page.getByRole('button', { name: 'Delete reviews-request.html' }).click();
    await page.getByRole('dialog', { name: 'Delete reviews-request.html?' }).getByRole('button', { name: 'Delete file' }).click();
    await page.getByRole('status').getByText('Deleted reviews-request.html. Save a draft to keep it.').waitFor();
    expect(await tree.getByRole('button', { name: /^reviews-request\.html/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const saved = await page.getByRole('status').getByText(/^Saved as draft version \d+\.$/).textContent();
    const savedNumber = Number(/\d+/.exec(saved!)![0]);
    const savedFiles = ((await (await store.worker.fetch(`/api/owner/theme/versions/${savedNumber}`, { headers: session.headers })).json()) as { files: { path: string; content: string }[] }).files;
    const byPath = new Map(savedFiles.map((f) => [f.path, f.content]));
    expect(byPath.get('partials/note.html')).toBe('<p>A new partial</p>');
    expect(byPath.has('partials/code-note.html')).toBe(false);
    expect(byPath.has('reviews-request.html')).toBe(false);
    expect(byPath.get('layout.html')).toContain(MARKER);

    // On Android: read-only with SPEC §8's message, no editor and no publish.
    const android = await store.browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      viewport: { width: 412, height: 900 },
    });
    try {
      await addSessionCookies(android, session.cookie, store.url('/'));
      const phone = await android.newPage();
      await openOwnerApp(phone, store.url('/config/theme-code'));
      await phone.getByRole('note').getByText('Code editing is not available on Android.', { exact: false }).waitFor();
      expect(await phone.getByLabel('layout.html (read-only)').textContent()).toContain(MARKER);
      expect(await phone.getByRole('button', { name: 'Publish' }).count()).toBe(0);
      expect(await phone.locator('.cm-content').count()).toBe(0);
    } finally {
      await android.close();
    }

    // A theme developer saves and previews but has no Publish button (the server refuses it too).
    await createSiteUser(store.worker, { email: 'developer@code.test', password: 'code-Password-1', roles: [ROLE.themeDeveloper] });
    const developer = await signedInOwner(store, undefined, signIn(store.worker, 'developer@code.test', 'code-Password-1'));
    await openOwnerApp(developer.page, store.url('/config/theme-code'));
    await developer.page.getByRole('button', { name: 'Save draft' }).waitFor();
    await developer.page.getByText('Your role saves and previews theme versions; an admin or website manager publishes them.').waitFor();
    expect(await developer.page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
  });
});

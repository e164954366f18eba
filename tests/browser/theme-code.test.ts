import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The theme code screen (client/editor/screens/theme-code/) in Chromium: an owner opens the
 * layout in CodeMirror, makes a compile error and is refused the publish with the error listed
 * and marked in the text; a version published meanwhile is a conflict saved only when asked;
 * with the error fixed the publish goes through and the storefront renders the change. On
 * Android the files are read-only with SPEC §8's message.
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
  });
});

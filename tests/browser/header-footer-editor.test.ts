import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { demoOwnerSession, openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The header and footer editor (client/editor/screens/header-footer/) in Chromium: keyboard
 * only, a custom header band in dark colours and a footer text are saved under If-Match and a
 * new visitor sees both; another session's save makes the next one a conflict with who saved,
 * nothing is overwritten, and 'Load their version' brings theirs; leaving with unsaved changes asks.
 */
const store = useStorefront();
const POLL = { timeout: 30_000 };

/** The header/footer API as a second session of the owner (another tab). */
async function api(method: string, body?: unknown, extra: Record<string, string> = {}) {
  const { headers } = await demoOwnerSession(store.worker);
  const res = await store.worker.fetch('/api/site-header-footer', { method, headers: { ...headers, 'Content-Type': 'application/json', ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

const part = (page: Page, name: 'header' | 'footer') => page.locator(`fieldset[data-part="${name}"]`);

/**
 * Tabs until `target` has focus (at most `max` presses), so every step is reachable by keyboard:
 * forwards, or with Shift+Tab when the target comes before the focus (a block added above its
 * button), rather than wrapping round the whole owner app and the preview frame.
 */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  for (let i = 0; i < max; i++) {
    const where = await target.evaluate((el) => {
      const at = document.activeElement;
      if (el === at || (at && el.contains(at))) return 'here';
      return at && at !== document.body && el.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'before' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by Tab: ${String(target)}`);
}

describe('the header and footer editor in Chromium', () => {
  it('saves a header option and the footer text by keyboard; a visitor sees them; a stale save gets the conflict message', async () => {
    // Our stale save answers 412, which the browser logs.
    store.allow(/412|site-header-footer/);
    const before = await api('GET');
    expect(before.status).toBe(200);

    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/header-footer'));
    await page.getByRole('heading', { name: 'Header and footer', level: 1 }).waitFor(POLL);
    // The navigation shows the screen under Pages, and the screen links the navigation editor.
    await page.locator('.owner-nav, nav').getByRole('link', { name: 'Header and footer' }).first().waitFor();
    expect(await page.getByRole('link', { name: /navigation editor/ }).getAttribute('href')).toBe('/config/pages');

    // Header: a custom band, dark colours, a text block, all by keyboard.
    const header = part(page, 'header');
    const headerCustom = header.getByRole('radio', { name: /custom header band/ });
    // Tab reaches the group's checked radio; arrow keys move to the next and check it.
    await tabTo(page, header.getByRole('radio', { name: /theme's own header/ }));
    await page.keyboard.press('ArrowDown');
    expect(await headerCustom.isChecked()).toBe(true);
    const colours = header.getByLabel('Header colours');
    await tabTo(page, colours);
    await colours.selectOption('dark');
    const addHeaderBlock = header.getByRole('button', { name: 'Add block' });
    await tabTo(page, addHeaderBlock);
    await page.keyboard.press('Enter');
    const headerText = header.getByRole('textbox', { name: 'Text' });
    await headerText.waitFor();
    await tabTo(page, headerText);
    await page.keyboard.type('Free glaze workshop on Saturday');

    // Footer: a custom band with its text.
    const footer = part(page, 'footer');
    const footerCustom = footer.getByRole('radio', { name: /custom footer band/ });
    await tabTo(page, footer.getByRole('radio', { name: /theme's own footer/ }));
    await page.keyboard.press('ArrowDown');
    expect(await footerCustom.isChecked()).toBe(true);
    await tabTo(page, footer.getByRole('button', { name: 'Add block' }));
    await page.keyboard.press('Enter');
    const footerText = footer.getByRole('textbox', { name: 'Text' });
    await footerText.waitFor();
    await tabTo(page, footerText);
    await page.keyboard.type('Made by hand in Kiln Lane, 2026');

    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await tabTo(page, save, 200);
    await page.keyboard.press('Enter');
    await page.getByText(`Saved as version ${before.json.version + 1}. Visitors see it now.`).waitFor(POLL);
    await page.locator(`[data-header-footer-editor][data-version="${before.json.version + 1}"][data-dirty="false"]`).waitFor();

    // The stored revision holds what was typed, and the preview (the live home page) shows it.
    const stored = await api('GET');
    expect(stored.json.version).toBe(before.json.version + 1);
    expect(stored.json.header.sections[0].design.theme).toBe('dark');
    expect(JSON.stringify(stored.json.footer)).toContain('Made by hand in Kiln Lane, 2026');
    const frame = page.frameLocator('iframe[title="Preview of the home page"]');
    await frame.locator('.site-footer-blocks').getByText('Made by hand in Kiln Lane, 2026').waitFor(POLL);

    // A new visitor (no session) sees both on the live site.
    const visitor = await store.visitor();
    await visitor.page.goto(store.url('/'));
    await visitor.page.locator('.site-header-blocks .section-theme-dark').getByText('Free glaze workshop on Saturday').waitFor(POLL);
    await visitor.page.locator('.site-footer-blocks').getByText('Made by hand in Kiln Lane, 2026').waitFor();

    // Another tab saves over the version this screen is based on.
    const theirs = { header: stored.json.header, footer: { sections: [{ ...stored.json.footer.sections[0], blocks: [{ ...stored.json.footer.sections[0].blocks[0], props: { text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Their footer line' }] }] } } }] }] } };
    const other = await api('PUT', theirs, { 'If-Match': `"${stored.json.version}"` });
    expect(other.status).toBe(200);

    // Ours, still on the old version: the conflict message, nothing overwritten.
    await header.getByLabel('Header padding').selectOption('large');
    await save.click();
    const conflict = page.locator('[data-conflict]');
    await conflict.waitFor(POLL);
    expect(await conflict.getAttribute('role')).toBe('alert');
    expect(await conflict.textContent()).toContain(`saved the header and footer (version ${other.json.version})`);
    expect(await save.isDisabled()).toBe(true);
    const after = await api('GET');
    expect(after.json.version).toBe(other.json.version);
    expect(JSON.stringify(after.json.footer)).toContain('Their footer line');
    expect(after.json.header.sections[0].design.padding).not.toBe('large');

    expect(await seriousAxeViolations(page, { exclude: ['iframe'] })).toEqual([]);

    // Loading theirs replaces the screen's copy with the stored one.
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await page.locator(`[data-header-footer-editor][data-version="${other.json.version}"][data-dirty="false"]`).waitFor(POLL);
    expect(await page.locator('[data-conflict]').count()).toBe(0);
    await footer.getByRole('button', { name: 'Footer text 1', exact: true }).click();
    await footer.getByRole('textbox', { name: 'Text' }).getByText('Their footer line').waitFor();

    // Leaving with unsaved changes asks first.
    await header.getByLabel('Header colours').selectOption('accent');
    await page.locator('nav').getByRole('link', { name: 'Pages', exact: true }).first().click();
    const ask = page.getByRole('dialog', { name: 'Save your changes?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/config/header-footer');
  });
});

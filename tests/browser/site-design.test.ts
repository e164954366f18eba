import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The design screen (client/editor/screens/design/) in Chromium: a brand tone, a colour by
 * its hex input and one by keyboard on the picker, a font from the browser, autosave with
 * the preview following, publish; then a new visitor's home page uses the colour and the
 * font, and every font and stylesheet comes from the site itself (/assets). SPEC §8 texts when
 * fonts or a font's preview cannot load.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

async function openDesign(page: Page) {
  await openOwnerApp(page, store.url('/config/design'));
  await page.getByRole('heading', { name: 'Design', level: 1 }).waitFor();
}

const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');
const previewVersion = (page: Page) => page.locator('iframe.design-preview').getAttribute('data-preview-version');
const paletteValue = (page: Page, key: string) => page.locator(`[data-palette="${key}"] code`).textContent();

/** Waits for the autosave after a change: saved, with a newer draft in the preview. */
async function autosaved(page: Page, before: string | null) {
  await expect.poll(async () => (await saveState(page)) === 'saved' && (await previewVersion(page)) !== before, POLL).toBe(true);
}

describe('the design screen in Chromium', () => {
  it('tone, colours by hex and by keyboard, a font, publish: a visitor sees them, with fonts from /assets only', async () => {
    const { page } = await signedInOwner(store);
    await openDesign(page);
    await page.locator('[data-font-option="lora"]').first().waitFor();

    // A brand tone sets palette and fonts together.
    let version = await previewVersion(page);
    await page.getByRole('group', { name: 'Brand tone' }).getByRole('radio', { name: 'Playful' }).check();
    expect(await paletteValue(page, 'accent')).toBe('#ef476f');
    expect(await page.getByRole('group', { name: 'Heading font' }).getByRole('radio', { name: /Pacifico/ }).isChecked()).toBe(true);
    await autosaved(page, version);

    // The accent by its hex input; its text colour follows the SPEC §9 rule (dark: light text).
    version = await previewVersion(page);
    await page.locator('[data-palette="accent"]').click();
    const hex = page.getByRole('textbox', { name: 'Accent hex' });
    await hex.fill('#1d6f42');
    expect(await paletteValue(page, 'accent')).toBe('#1d6f42');
    expect(await paletteValue(page, 'accentText')).toBe('#ffffff');
    await page.locator('[data-text-on="light"]').waitFor();
    // A hand edit makes the styles the owner's own.
    expect(await page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    await autosaved(page, version);
    // The preview (the worker's render of the home page with the draft) has it.
    await expect.poll(() => page.frameLocator('iframe.design-preview').locator('html').getAttribute('style'), POLL).toContain('--accent:#1d6f42;');

    // The dark section colour by keyboard on the picker's hue slider.
    version = await previewVersion(page);
    await page.locator('[data-palette="darkBackground"]').click();
    const before = await paletteValue(page, 'darkBackground');
    await page.getByRole('slider', { name: 'Hue' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => paletteValue(page, 'darkBackground')).not.toBe(before);
    await autosaved(page, version);

    // A heading font from the browser, previewed in its own face.
    version = await previewVersion(page);
    const heading = page.getByRole('group', { name: 'Heading font' });
    await heading.getByRole('radio', { name: /Lora/ }).check();
    await heading.locator('[data-font-option="lora"][data-font-state="ready"]').waitFor();
    await autosaved(page, version);
    await page.screenshot({ path: join(ARTIFACTS, 'site-design-1280.png'), fullPage: true });

    // Publish.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Published' }).waitFor();

    // A new visitor's home page uses the published colour and font, all from the site's origin.
    const visitor = await store.visitor();
    const requests: string[] = [];
    visitor.page.on('request', (r) => requests.push(r.url()));
    await visitor.page.goto(store.url('/'));
    await visitor.page.evaluate(() => document.fonts.ready);
    const look = await visitor.page.evaluate(() => {
      const h = document.querySelector('h1, h2')!;
      const button = document.querySelector('.button, .sqs-add-to-cart-button');
      return {
        accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
        headingFont: getComputedStyle(h).fontFamily,
        buttonBackground: button ? getComputedStyle(button).backgroundColor : null,
        loraLoaded: [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Lora' && f.status === 'loaded'),
      };
    });
    expect(look.accent).toBe('#1d6f42');
    expect(look.headingFont).toMatch(/^"?Lora"?,/);
    if (look.buttonBackground) expect(look.buttonBackground).toBe('rgb(29, 111, 66)');
    expect(look.loraLoaded).toBe(true);
    const origin = new URL(store.url('/')).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    const fonts = requests.filter((u) => /\.woff2?(\?|$)/.test(u));
    expect(fonts.length).toBeGreaterThan(0);
    for (const u of fonts) expect(new URL(u).pathname).toMatch(/^\/assets\/fonts\/v1\/[a-z0-9-]+-\d00\.woff2$/);
    // The page's stylesheets name no font host.
    const css = await visitor.page.evaluate(() =>
      [...document.styleSheets].flatMap((s) => {
        try {
          return [...s.cssRules].map((r) => r.cssText);
        } catch {
          return [`unreadable ${s.href}`];
        }
      }).join('\n'),
    );
    expect(css).toContain('/assets/fonts/v1/lora-400.woff2');
    expect(css).not.toMatch(/url\((["']?)(https?:)?\/\//);
  }, 120_000);

  it("says 'Unable to load fonts' and 'Unable to load preview for {fontName}' when they cannot load", async () => {
    store.allow(/HTTP 5\d\d|Failed to load resource|net::ERR_FAILED/);
    const { page } = await signedInOwner(store);
    await page.route('**/api/site-styles/fonts', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await openDesign(page);
    await page.getByRole('alert').getByText('Unable to load fonts').first().waitFor();

    await page.unroute('**/api/site-styles/fonts');
    await page.route('**/assets/fonts/v1/caveat.css', (route) => route.abort());
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await page.getByText('Unable to load preview for Caveat').first().waitFor();
    // Other fonts still preview.
    await page.locator('[data-font-option="lora"][data-font-state="ready"]').first().waitFor();
  }, 60_000);
});

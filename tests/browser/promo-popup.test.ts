import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openOwnerApp, ownerApi, signedInOwner } from './owner-harness.js';
import { useStorefront } from './harness.js';

/**
 * The promo popup (page type 104) end to end: the owner designs and publishes it in
 * /config/popup, a visitor sees it after its trigger (time only through Playwright's clock),
 * dismisses it with Escape, does not see it on the next page, sees it again once the owner
 * publishes a new version, and signs up from it; the scroll trigger; no layout shift.
 */
const store = useStorefront();

const ownerCall = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => ownerApi(store.worker, method, path, body, headers);

/** Saves `change` over the current draft and publishes it; the new published version. */
async function publish(change: Record<string, unknown> = {}): Promise<number> {
  let state = await ownerCall('GET', '/api/owner/popup');
  if (Object.keys(change).length) state = await ownerCall('PUT', '/api/owner/popup', { design: { ...state.design, ...change } }, { 'If-Match': `"${state.revision}"` });
  return (await ownerCall('POST', '/api/owner/popup/publish', undefined, { 'If-Match': `"${state.revision}"` })).published.version;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /Ten percent off/ });
const marker = (page: Page) => page.locator('[data-island="promo-popup"]');

/** Opens `path` with the clock paused and waits until the popup's trigger is armed (or knows it stays closed). */
async function openArmed(page: Page, path: string, expected: 'armed' | 'dismissed'): Promise<void> {
  await page.goto(store.url(path));
  // The idle period that fetches the trigger (Playwright's clock answers requestIdleCallback within 50 ms).
  await expect.poll(async () => {
    await page.clock.runFor(100);
    return marker(page).getAttribute('data-popup-state');
  }).toBe(expected);
}

describe('promo popup', () => {
  it('the owner publishes it; it shows after its seconds, Escape dismisses it, it stays closed on the next page and shows again for a new version; a sign-up lands in the list', async () => {
    const owner = await signedInOwner(store);
    await openOwnerApp(owner.page, store.url('/config/popup'));
    await owner.page.getByLabel('Heading').fill('Ten percent off your first order');
    await owner.page.getByLabel('The popup offers').selectOption('newsletter');
    await owner.page.getByLabel('Button label').fill('Join Kiln Notes');
    await owner.page.getByLabel('Seconds after the page opens').fill('8');
    // The live preview follows the form.
    await expect.poll(() => owner.page.getByTestId('popup-preview').textContent()).toContain('Join Kiln Notes');
    await owner.page.getByRole('switch', { name: 'Show the popup on the site' }).click();
    await owner.page.getByRole('button', { name: 'Publish' }).click();
    await owner.page.getByText('Published version 1').waitFor();

    // Someone else saves the draft first: Save shows the conflict dialog, Reload shows theirs.
    store.allow(/412/);
    const current = await ownerCall('GET', '/api/owner/popup');
    await ownerCall('PUT', '/api/owner/popup', { design: { ...current.design, heading: 'Ten percent off (theirs)' } }, { 'If-Match': `"${current.revision}"` });
    await owner.page.getByLabel('Heading').fill('Ten percent off (mine)');
    await owner.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = owner.page.getByRole('dialog', { name: 'This popup changed' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => owner.page.getByLabel('Heading').inputValue()).toBe('Ten percent off (theirs)');
    // Leaving with an unsaved change asks first; Cancel stays, Discard leaves the draft as it was.
    await owner.page.getByLabel('Heading').fill('Ten percent off (unsaved)');
    await owner.page.locator('nav').getByRole('link', { name: 'Campaigns', exact: true }).first().click();
    const ask = owner.page.getByRole('dialog', { name: 'Save your changes?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(owner.page.url()).pathname).toBe('/config/popup');
    await owner.page.locator('nav').getByRole('link', { name: 'Campaigns', exact: true }).first().click();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await owner.page.waitForURL((url) => url.pathname === '/config/campaigns');
    expect((await ownerCall('GET', '/api/owner/popup')).design.heading).toBe('Ten percent off (theirs)');

    const v = await store.visitor();
    const page = v.page;
    await page.clock.install();
    await openArmed(page, '/', 'armed');
    await page.evaluate(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { shift: number }).shift += e.value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    const focusedBefore = await page.evaluate(() => document.activeElement?.tagName);
    await page.clock.runFor(7000);
    expect(await dialog(page).count()).toBe(0);
    const shown = page.waitForRequest((r) => r.url().endsWith('/api/census/overlay') && (r.postData() ?? '').includes('action=render'));
    await page.clock.runFor(1500);
    await dialog(page).waitFor();
    await shown;
    // Focus is inside, Tab stays inside.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.02);

    const closed = page.waitForRequest((r) => r.url().endsWith('/api/census/overlay') && (r.postData() ?? '').includes('action=close'));
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await closed;
    // Focus went back where it was; the SPEC §3 keys are stored.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(focusedBefore);
    const stored = JSON.parse((await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('atelier.popup.'))?.[1])) ?? '{}');
    expect(stored).toMatchObject({ version: 1, submitted: false });
    expect(typeof stored['date-closed']).toBe('number');

    // The next page: it stays closed.
    await openArmed(page, '/shop', 'dismissed');
    await page.clock.runFor(20_000);
    expect(await dialog(page).count()).toBe(0);

    // A new version shows again; a sign-up from it lands in the list.
    expect(await publish()).toBe(2);
    await openArmed(page, '/shop', 'armed');
    await page.clock.runFor(8100);
    await dialog(page).waitFor();
    await dialog(page).getByLabel('Email address').fill('popup-visitor@example.com');
    await dialog(page).getByRole('button', { name: 'Join Kiln Notes' }).click();
    await dialog(page).getByText('Check your inbox').waitFor();
    const lists = await ownerCall('GET', '/api/owner/mailing-lists');
    const kiln = lists.lists.find((l: { name: string }) => l.name === 'Kiln Notes');
    const subs = await ownerCall('GET', `/api/owner/mailing-lists/${kiln.id}/subscribers?q=popup-visitor%40example.com`);
    expect(subs.subscribers).toMatchObject([{ email: 'popup-visitor@example.com', status: 'pending' }]);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await openArmed(page, '/', 'dismissed');
  });

  it('opens on the scroll trigger once the visitor scrolls past the percent', async () => {
    await publish({ trigger: { kind: 'scroll', percent: 60 } });
    const v = await store.visitor({ viewport: { width: 390, height: 600 } });
    const page = v.page;
    await page.clock.install();
    await openArmed(page, '/', 'armed');
    await page.clock.runFor(30_000);
    expect(await dialog(page).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await dialog(page).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('opens on exit intent: a desktop pointer leaving through the top of the window, not one moving inside the page', async () => {
    await publish({ enabled: true, heading: 'Ten percent off before you go', trigger: { kind: 'exit', fallbackSeconds: 600 } });
    const v = await store.visitor({ viewport: { width: 1280, height: 800 } });
    const page = v.page;
    await page.clock.install();
    await openArmed(page, '/', 'armed');
    expect(await page.evaluate(() => matchMedia('(hover: hover) and (pointer: fine)').matches)).toBe(true);
    await page.mouse.move(640, 400);
    await page.mouse.move(640, 5);
    // Moving between elements inside the page, and time passing, do not open it.
    await page.evaluate(() => document.body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 640, clientY: 5, relatedTarget: document.documentElement })));
    await page.clock.runFor(60_000);
    expect(await dialog(page).count()).toBe(0);
    // The pointer leaves the window through its top edge (no element to go to, above the viewport).
    await page.evaluate(() => document.body.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 640, clientY: -2, relatedTarget: null })));
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('the owner picks a site page in the campaign link dialog and in the popup\'s pages: the mail links to it, the popup shows there only', async () => {
    const owner = await signedInOwner(store);
    const page = owner.page;
    // The campaign editor's link dialog lists the site's published pages (GET /api/owner/page-links).
    await openOwnerApp(page, store.url('/config/campaigns/new'));
    await page.getByLabel('Subject').fill('Picked pages');
    const body = page.getByRole('textbox', { name: 'Email body', exact: true });
    await body.click();
    await page.keyboard.type('Meet the studio');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Add link' });
    await linkDialog.locator('select').selectOption({ label: 'About (/about)' });
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const campaign = (await ownerCall('GET', `/api/owner/campaigns/${id}`)).campaign;
    // The page's absolute URL on the site (the click redirect leads there).
    expect(campaign.bodyHtml).toContain(`href="${store.url('/about')}"`);

    // The popup's pages: a checkbox list of the same pages instead of typed paths.
    await openOwnerApp(page, store.url('/config/popup'));
    await page.getByLabel('Heading').fill('Ten percent off, About only');
    await page.getByRole('combobox', { name: 'Pages', exact: true }).selectOption('chosen');
    const picker = page.getByRole('group', { name: 'Pages where it shows' });
    await picker.getByRole('checkbox', { name: 'Home (/)' }).uncheck();
    await picker.getByRole('checkbox', { name: 'About (/about)' }).check();
    await picker.getByText('1 page chosen').waitFor();
    const on = page.getByRole('switch', { name: 'Show the popup on the site' });
    if ((await on.getAttribute('aria-checked')) !== 'true') await on.click();
    const before = (await ownerCall('GET', '/api/owner/popup')).published?.version ?? 0;
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Published version ${before + 1}`).waitFor();
    expect((await ownerCall('GET', '/api/owner/popup')).design.pages).toEqual({ mode: 'chosen', paths: ['/about'] });

    const v = await store.visitor();
    await v.page.clock.install();
    await openArmed(v.page, '/about', 'armed');
    await v.page.goto(store.url('/'));
    expect(await marker(v.page).count()).toBe(0);
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { textLayout } from '../../edge/api/pages/test-pages.js';
import { createSiteUser, signIn } from '../../edge/test-support.js';
import { ROLE } from '../../domain/roles/roles.js';
import { zonedToEpoch } from '../../client/editor/screens/pages/zoned-time.js';
import { useStorefront } from './harness.js';
import { demoOwnerSession, signedInOwner, openOwnerApp, seriousAxeViolations } from './owner-harness.js';

/**
 * The Pages screen (client/editor/screens/pages/) in Chromium: create with the slug from the
 * title and the server's field message, rename, Needs Review and the status filter,
 * duplicate, trash and restore, publish and see it live, add to the navigation and reorder
 * it by keyboard (dnd-kit's keyboard sensor and the move buttons) with the storefront's
 * header following, the 412 notice, axe and screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

async function openPages(page: Page) {
  await openOwnerApp(page, store.url('/config/pages'));
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  await page.locator('[data-section="main-nav"]').waitFor();
  // The role check has answered: the Create button shows for the owner.
  await page.getByRole('button', { name: 'Create page' }).waitFor();
}

const section = (page: Page, name: string) => page.locator(`[data-section="${name}"]`);
const navTitles = (page: Page) => section(page, 'main-nav').locator('[data-nav-title]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-nav-title')));
async function headerTitles(): Promise<string[]> {
  const html = await (await store.worker.fetch('/')).text();
  // The menu's own items: the theme's account link (last, for phones) is not a navigation item.
  const nav = /<nav class="site-nav"[\s\S]*?<\/nav>/.exec(html)![0].replace(/<li class="nav-account">[\s\S]*?<\/li>/, '');
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
}
/** The links in the header's drop-down under `parent`. */
async function headerSubTitles(parent: string): Promise<string[]> {
  const html = await (await store.worker.fetch('/')).text();
  const item = new RegExp(`<li class="nav-has-children"><a [^>]*>${parent}</a><details class="nav-sub">[\\s\\S]*?</details>`).exec(html);
  return item ? [...item[0].matchAll(/<a [^>]*>([^<]*)<\/a>/g)].slice(1).map((m) => m[1]!) : [];
}
/** Runs `act` and waits until the screen has saved a new navigation version. */
async function saving(page: Page, act: () => Promise<void>) {
  const nav = section(page, 'main-nav');
  const before = await nav.getAttribute('data-nav-version');
  await act();
  await expect.poll(async () => (await nav.getAttribute('aria-busy')) === null && (await nav.getAttribute('data-nav-version')) !== before, POLL).toBe(true);
}
const press = async (target: Locator, key: string) => {
  await target.focus();
  await target.page().keyboard.press(key);
};

describe('the Pages screen in Chromium', () => {
  it('creates, renames, reviews and filters, duplicates, trashes and restores, publishes, and reorders the navigation by keyboard', async () => {
    store.allow(/HTTP (400|409|412) |status of (400|409|412)/);
    const { page } = await signedInOwner(store);
    await openPages(page);
    expect(await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBe('page');
    expect(await navTitles(page)).toEqual(['Home', 'Shop', 'Journal', 'About', 'Contact']);
    // The demo's collection pages carry their block page's status.
    await section(page, 'collections').locator('[data-collection]').first().getByText('Published').waitFor();

    // Create: the slug follows the title; a taken slug gets the server's message beside the field.
    await page.getByRole('button', { name: 'Create page' }).click();
    const create = page.getByRole('dialog', { name: 'Create page' });
    await create.getByLabel('Title', { exact: true }).fill('Workshop dates');
    expect(await create.getByLabel('URL slug').inputValue()).toBe('workshop-dates');
    await create.getByLabel('URL slug').fill('shop');
    await create.getByRole('button', { name: 'Create page' }).click();
    const slugError = create.locator('[data-field-error]');
    await slugError.waitFor(POLL);
    expect(await slugError.textContent()).toMatch(/shop/);
    expect(await create.getByLabel('URL slug').getAttribute('aria-invalid')).toBe('true');
    await create.getByLabel('URL slug').fill('workshops');
    await create.getByRole('button', { name: 'Create page' }).click();
    await create.waitFor({ state: 'hidden' });
    const row = (title: string) => section(page, 'not-linked').locator(`[data-page-title="${title}"]`);
    await row('Workshop dates').waitFor(POLL);
    expect(await row('Workshop dates').locator('.pages-url').textContent()).toBe('/workshops');
    expect(await row('Workshop dates').locator('[data-status]').textContent()).toBe('Draft');
    // Draft: View opens the preview.
    expect(await row('Workshop dates').getByRole('link', { name: 'View Workshop dates' }).getAttribute('href')).toBe('/workshops?preview');
    const id = await row('Workshop dates').getAttribute('data-page-id');
    expect(await row('Workshop dates').getByRole('link', { name: 'Edit Workshop dates' }).getAttribute('href')).toBe(`/config/pages/${id}/edit`);

    // Rename in the settings dialog.
    await row('Workshop dates').getByRole('button', { name: 'Settings of Workshop dates' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings of Workshop dates' });
    await settings.getByLabel('Title', { exact: true }).fill('Workshops');
    expect(await settings.getByLabel('URL slug').inputValue()).toBe('workshops');
    await settings.getByLabel('SEO description').fill('Wheel and glaze workshops in the studio.');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await row('Workshops').waitFor(POLL);

    // Needs Review, then the status filter finds it (and only pages of that status).
    await row('Workshops').getByRole('button', { name: 'Status of Workshops' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Status of Workshops' });
    await statusDialog.getByRole('button', { name: 'Needs Review' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row('Workshops').locator('[data-status]').textContent(), POLL).toBe('Needs Review');
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('needs-review');
    const results = page.getByRole('region', { name: 'Results' });
    await results.locator('[data-page-title="Workshops"]').waitFor(POLL);
    expect(await results.locator('[data-status]').evaluateAll((b) => b.map((x) => x.textContent))).toEqual(['Needs Review']);
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('published');
    await results.locator('[data-page-title="Home"]').waitFor(POLL);
    expect(await results.locator('[data-page-title="Workshops"]').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('');

    // Duplicate, then trash the copy, see it in the trash and restore it.
    await row('Workshops').getByRole('button', { name: 'Duplicate Workshops' }).click();
    await row('Workshops (copy)').waitFor(POLL);
    await row('Workshops (copy)').getByRole('button', { name: 'Delete Workshops (copy)' }).click();
    await page.getByRole('dialog', { name: 'Move Workshops (copy) to the trash?' }).getByRole('button', { name: 'Move to trash' }).click();
    await row('Workshops (copy)').waitFor({ state: 'detached', ...POLL });
    await page.getByRole('button', { name: 'Trash', exact: true }).click();
    const trash = page.getByRole('region', { name: 'Trash' });
    await trash.locator('[data-page-title="Workshops (copy)"]').getByRole('button', { name: 'Restore Workshops (copy)' }).click();
    await page.getByText('The trash is empty.').waitFor(POLL);
    await page.getByRole('button', { name: 'Pages', exact: true }).click();
    await row('Workshops (copy)').waitFor(POLL);

    // Search by words of the title, then schedule the copy for a time in the site's time zone.
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('copy');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Results' }).locator('[data-page-title]').evaluateAll((r) => r.map((x) => x.getAttribute('data-page-title'))), POLL).toEqual(['Workshops (copy)']);
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await row('Workshops (copy)').getByRole('button', { name: 'Status of Workshops (copy)' }).click();
    await page.getByRole('dialog', { name: 'Status of Workshops (copy)' }).getByRole('button', { name: 'Schedule…' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Workshops (copy)' });
    const zone = (await store.worker.db.prepare('SELECT time_zone AS tz FROM websites WHERE is_default = 1').first<{ tz: string }>())!.tz;
    await schedule.getByLabel(`Publish on (${zone})`).fill('2030-12-01T09:30');
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => row('Workshops (copy)').locator('[data-status]').textContent(), POLL).toBe('Scheduled Dec 1, 2030, 9:30 AM');
    const copyId = await row('Workshops (copy)').getAttribute('data-page-id');
    const stored = await store.worker.db.prepare('SELECT publish_at AS at FROM pages WHERE id = ?').bind(copyId).first<{ at: number }>();
    expect(stored!.at).toBe(zonedToEpoch('2030-12-01T09:30', zone));
    expect(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(stored!.at)).toBe('9:30 AM');

    // The editor (another screen) saves a draft; publish it here and a visitor sees it.
    const { headers } = await demoOwnerSession(store.worker);
    const put = await store.worker.fetch(`/api/pages/${id}/draft`, { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': '"1"' }, body: JSON.stringify({ layout: textLayout('Spring wheel workshops, Saturdays.') }) });
    expect(put.status).toBe(200);
    await openPages(page);
    expect((await store.worker.fetch('/workshops')).status).toBe(404);
    await row('Workshops').getByRole('button', { name: 'Status of Workshops' }).click();
    await page.getByRole('dialog', { name: 'Status of Workshops' }).getByRole('button', { name: 'Publish now' }).click();
    await expect.poll(() => row('Workshops').locator('[data-status]').textContent(), POLL).toBe('Published');
    expect(await row('Workshops').getByRole('link', { name: 'View Workshops' }).getAttribute('href')).toBe('/workshops');
    const live = await store.worker.fetch('/workshops');
    expect(live.status).toBe(200);
    expect(await live.text()).toContain('Spring wheel workshops, Saturdays.');

    // Into the navigation, then up by keyboard: dnd-kit (Space, ArrowUp, Space) and the move button.
    await saving(page, () => press(row('Workshops').getByRole('button', { name: 'Add to navigation: Workshops' }), 'Enter'));
    expect(await navTitles(page)).toEqual(['Home', 'Shop', 'Journal', 'About', 'Contact', 'Workshops']);
    expect(await headerTitles()).toEqual(['Home', 'Shop', 'Journal', 'About', 'Contact', 'Workshops']);
    const handle = page.getByRole('button', { name: 'Drag to reorder Workshops' });
    const moving = section(page, 'main-nav').locator('[data-nav-title="Workshops"]');
    await saving(page, async () => {
      await handle.focus();
      await page.keyboard.press('Space');
      await moving.and(page.locator('[data-dragging]')).waitFor(POLL);
      await page.keyboard.press('ArrowUp');
      // dnd-kit moves the row by a transform while it is held.
      await expect.poll(() => moving.evaluate((li) => li.style.transform), POLL).toMatch(/translate/);
      // Drop only once dnd-kit has found the place under it (its live region says so): on a
      // loaded machine the transform can come a frame before the collision check.
      await page.getByRole('status').filter({ hasText: 'Workshops is over Contact.' }).waitFor({ state: 'attached', ...POLL });
      await page.keyboard.press('Space');
    });
    expect(await navTitles(page)).toEqual(['Home', 'Shop', 'Journal', 'About', 'Workshops', 'Contact']);
    await saving(page, () => press(page.getByRole('button', { name: 'Move Workshops up' }), 'Enter'));
    expect(await navTitles(page)).toEqual(['Home', 'Shop', 'Journal', 'Workshops', 'About', 'Contact']);
    // Focus stayed on the button that moved, so the owner can press again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Workshops up');
    expect(await headerTitles()).toEqual(['Home', 'Shop', 'Journal', 'Workshops', 'About', 'Contact']);
    // Nest under Journal, by keyboard: the header shows it in Journal's drop-down.
    await saving(page, () => press(page.getByRole('button', { name: 'Nest Workshops under the item above' }), 'Enter'));
    expect(await headerTitles()).toEqual(['Home', 'Shop', 'Journal', 'Workshops', 'About', 'Contact']);
    expect(await headerSubTitles('Journal')).toEqual(['Workshops']);
    await saving(page, () => press(page.getByRole('button', { name: 'Take Workshops out of its group' }), 'Enter'));
    expect(await headerTitles()).toEqual(['Home', 'Shop', 'Journal', 'Workshops', 'About', 'Contact']);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-pages-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Someone else saves the navigation meanwhile: the next change here is refused (412), said, and reloaded.
    const layout = (await (await store.worker.fetch('/api/commondata/GetSiteLayout', { headers })).json()) as { layout: { identifier: string; version: number }[] };
    const version = layout.layout.find((n) => n.identifier === 'main-nav')!.version;
    const theirs = await store.worker.fetch('/api/widget/UpdateNavigation', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
      body: JSON.stringify({ fieldName: 'main-nav', navigation: { items: [{ title: 'Shop', externalLink: '/shop' }, { pageId: id }] } }),
    });
    expect(theirs.status).toBe(200);
    await press(page.getByRole('button', { name: 'Move Workshops up' }), 'Enter');
    await page.locator('[data-nav-notice]').getByText(/Someone else changed the navigation/).waitFor(POLL);
    await expect.poll(() => navTitles(page), POLL).toEqual(['Shop', 'Workshops']);
  });

  it('shows the tree and its dialogs on a phone without axe violations', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openPages(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-pages-390.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('dialog', { name: 'Create page' }).getByLabel('Title', { exact: true }).fill('Café & Co');
    expect(await page.getByRole('dialog', { name: 'Create page' }).getByLabel('URL slug').inputValue()).toBe('cafe-co');
    await page.screenshot({ path: join(ARTIFACTS, 'owner-pages-create-390.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a draft editor only what the role may do: create, edit, duplicate, Needs Review; no publishing, trash or navigation moves', async () => {
    await createSiteUser(store.worker, { email: 'drafts@fernandkiln.test', password: 'draft-Editor-pass-1', roles: [ROLE.draftEditor] });
    const { page } = await signedInOwner(store, undefined, signIn(store.worker, 'drafts@fernandkiln.test', 'draft-Editor-pass-1'));
    await openPages(page);
    await page.getByRole('button', { name: 'Create page' }).click();
    const create = page.getByRole('dialog', { name: 'Create page' });
    await create.getByLabel('Title', { exact: true }).fill('Glaze notes');
    await create.getByRole('button', { name: 'Create page' }).click();
    const row = section(page, 'not-linked').locator('[data-page-title="Glaze notes"]');
    await row.waitFor(POLL);
    expect(await row.getByRole('button', { name: 'Duplicate Glaze notes' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Drag to reorder|^Move .* up$|^Add to navigation/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'Status of Glaze notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Status of Glaze notes' });
    expect(await dialog.getByRole('group', { name: 'Change the status' }).getByRole('button').allTextContents()).toEqual(['Needs Review']);
    await dialog.getByRole('button', { name: 'Needs Review' }).click();
    await expect.poll(() => row.locator('[data-status]').textContent(), POLL).toBe('Needs Review');
    // A published page: no settings (renaming it is a publishing right) and no status menu beyond review.
    const home = section(page, 'collections').locator('[data-collection]').first();
    expect(await home.getByRole('button', { name: /^Settings of/ }).count()).toBe(0);
  });

  it('shows SPEC §8 texts when the list cannot load, and loads again on "Try again"', async () => {
    store.allow(/net::ERR_FAILED|Failed to load resource|HTTP 500|status of 500/);
    const { page } = await signedInOwner(store);
    let fail: 'network' | 'server' | undefined = 'network';
    await page.route(/\/api\/pages\?/, (route) => (fail === 'network' ? route.abort() : fail === 'server' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
    expect((await page.goto(store.url('/config/pages')))?.status()).toBe(200);
    const error = page.locator('[data-state="error"]');
    await error.getByText('Network error').waitFor(POLL);
    fail = 'server';
    await error.getByRole('button', { name: 'Try again' }).click();
    await error.getByText('Unable to connect. Please try again').waitFor(POLL);
    fail = undefined;
    await error.getByRole('button', { name: 'Try again' }).click();
    await section(page, 'main-nav').waitFor(POLL);
    expect(await error.count()).toBe(0);
  });

  it('reorders the navigation by dragging a row with the mouse', async () => {
    const { page } = await signedInOwner(store);
    await openPages(page);
    expect(await navTitles(page)).toEqual(['Shop', 'Workshops']);
    const from = (await page.getByRole('button', { name: 'Drag to reorder Workshops' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Drag to reorder Shop' }).boundingBox())!;
    await saving(page, async () => {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      // In steps, as a hand moves: the sensor starts after 4 px and follows each move.
      for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y - 10) * i) / 10);
      await page.mouse.up();
    });
    expect(await navTitles(page)).toEqual(['Workshops', 'Shop']);
    expect(await headerTitles()).toEqual(['Workshops', 'Shop']);
  });
});

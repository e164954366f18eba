import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The tag manager (client/editor/screens/tags/) in Chromium on the demo shop: merge two tags
 * and the storefront's product list filters by the merged tag; one inline edit at a time
 * (SPEC §5's text); put categories into the tree and nest one by keyboard (the nest button
 * and dnd-kit's keyboard sensor on the handle); axe; screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

const section = (page: Page, tagType: 'tag' | 'category') => page.locator(`section[data-tag-type="${tagType}"]`);
const row = (page: Page, tagType: 'tag' | 'category', name: string) => section(page, tagType).locator(`[data-tag-row="${name}"]`);

/** Titles the storefront's shop lists for `?tag=` (its JSON). */
async function shopTitles(query: string): Promise<string[]> {
  const res = await store.worker.fetch(`/shop?${query}&format=json`);
  return (((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title)).sort();
}

/** The demo products carrying any of `tags`, read from D1. */
async function titlesWith(tags: string[]): Promise<string[]> {
  const rows = await store.worker.db
    .prepare("SELECT title FROM items WHERE status = 'published' AND EXISTS (SELECT 1 FROM json_each(items.tags) WHERE value IN (SELECT value FROM json_each(?))) ORDER BY title")
    .bind(JSON.stringify(tags))
    .all<{ title: string }>();
  return rows.results.map((r) => r.title).sort();
}

async function treeNames(page: Page) {
  return section(page, 'category').locator('.tags-tree [data-tag-row]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-depth')}:${r.getAttribute('data-tag-row')}`));
}

describe('the tag manager in Chromium', () => {
  it('merges two tags (the shop filters by the merged one), edits one at a time, and nests a category by keyboard', async () => {
    store.allow(/HTTP (400|409) |status of (400|409)/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/tags'));
    await page.getByRole('heading', { name: 'Tags and categories', level: 1 }).waitFor();
    await row(page, 'tag', 'sale').waitFor(POLL);
    const expected = await titlesWith(['sale', 'holiday']);
    expect(expected.length).toBeGreaterThan(1);
    expect(await row(page, 'tag', 'sale').locator('[data-tag-count]').textContent()).toMatch(/^\d+ products?$/);

    // Merge 'sale' and 'holiday' into a new name.
    await section(page, 'tag').getByRole('checkbox', { name: 'Select sale' }).check();
    await section(page, 'tag').getByRole('checkbox', { name: 'Select holiday' }).check();
    await section(page, 'tag').getByRole('button', { name: 'Merge selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge 2 tags' });
    await dialog.getByLabel('Merged name').fill('winter offers');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'tag', 'winter offers').waitFor(POLL);
    expect(await row(page, 'tag', 'sale').count()).toBe(0);
    expect(await row(page, 'tag', 'winter offers').locator('[data-tag-count]').textContent()).toBe(`${expected.length} products`);
    // The storefront's list of the shop filters by the merged tag at once.
    expect(await shopTitles('tag=winter%20offers')).toEqual(expected);
    expect(await shopTitles('tag=sale')).toEqual([]);
    await page.goto(store.url('/shop?tag=winter%20offers'));
    for (const title of expected) await page.getByRole('link', { name: title }).first().waitFor();

    // One inline edit at a time (SPEC §5).
    await openOwnerApp(page, store.url('/config/tags'));
    await section(page, 'tag').getByRole('button', { name: 'Edit tableware' }).click();
    await section(page, 'tag').getByRole('button', { name: 'Edit coffee' }).click();
    expect(await section(page, 'tag').locator('[data-tags-notice]').textContent()).toBe('You may only edit one tag at a time');
    const field = section(page, 'tag').getByLabel('New name for tableware');
    await field.fill('Tableware');
    await field.press('Enter');
    await row(page, 'tag', 'Tableware').waitFor(POLL);
    // Adding a name that exists: SPEC §5's text beside the field.
    await section(page, 'tag').getByLabel('New tag').fill('coffee');
    await section(page, 'tag').getByRole('button', { name: 'Add' }).click();
    expect(await section(page, 'tag').locator('[data-field-error]').textContent()).toBe('This tag already exists');

    // Categories: put two into the tree, then nest the second under the first by keyboard.
    await section(page, 'category').getByRole('button', { name: 'Add to tree: Bowls' }).click();
    await section(page, 'category').locator('.tags-tree [data-tag-row="Bowls"]').waitFor(POLL);
    await section(page, 'category').getByRole('button', { name: 'Add to tree: Vases' }).click();
    await section(page, 'category').locator('.tags-tree [data-tag-row="Vases"]').waitFor(POLL);
    expect(await treeNames(page)).toEqual(['0:All', '1:Bowls', '1:Vases']);
    const nestButton = section(page, 'category').getByRole('button', { name: 'Nest Vases under the category above' });
    await nestButton.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => treeNames(page), POLL).toEqual(['0:All', '1:Bowls', '2:Vases']);
    // dnd-kit's keyboard sensor: pick up Serveware's handle, move it up past Bowls, drop.
    await section(page, 'category').getByRole('button', { name: 'Add to tree: Serveware' }).click();
    await section(page, 'category').locator('.tags-tree [data-tag-row="Serveware"]').waitFor(POLL);
    expect(await treeNames(page)).toEqual(['0:All', '1:Bowls', '2:Vases', '1:Serveware']);
    const moving = section(page, 'category').locator('.tags-tree [data-tag-row="Serveware"]');
    await section(page, 'category').getByRole('button', { name: 'Drag to move Serveware' }).focus();
    await page.keyboard.press('Space');
    await moving.and(page.locator('[data-dragging]')).waitFor(POLL);
    // Each step waits for dnd-kit's live region to name the place under the row.
    await page.keyboard.press('ArrowUp');
    await page.getByRole('status').filter({ hasText: 'Serveware is over Vases.' }).waitFor({ state: 'attached', ...POLL });
    await page.keyboard.press('ArrowUp');
    await page.getByRole('status').filter({ hasText: 'Serveware is over Bowls.' }).waitFor({ state: 'attached', ...POLL });
    await page.keyboard.press('Space');
    await expect.poll(() => treeNames(page), POLL).toEqual(['0:All', '1:Serveware', '1:Bowls', '2:Vases']);
    // The server kept it.
    await page.reload();
    await section(page, 'category').locator('.tags-tree [data-tag-row="Vases"]').waitFor(POLL);
    expect(await treeNames(page)).toEqual(['0:All', '1:Serveware', '1:Bowls', '2:Vases']);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'tag-manager-1280.png'), fullPage: true });
  });

  it('fits a phone (390 px)', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/tags'));
    await row(page, 'tag', 'coffee').waitFor(POLL);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(ARTIFACTS, 'tag-manager-390.png'), fullPage: true });
  });
});

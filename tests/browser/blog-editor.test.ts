import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { listSettled, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The blog post editor (client/editor/screens/blog-posts/) in Chromium: write a post with the
 * lazy rich text editor and a main image from the file picker, publish it, and a visitor
 * reads it on the blog; screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

describe('the blog post editor in Chromium', () => {
  it('writes and publishes a post with an image; a visitor reads it', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/blog'));
    await page.getByRole('heading', { name: 'Blog', level: 1 }).waitFor();
    await page.locator('[data-post="opening-the-winter-kiln"]').waitFor(POLL);
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('heading', { name: 'New post', level: 1 }).waitFor(POLL);
    await page.getByLabel('Title').fill('Glaze day notes');
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await body.waitFor(POLL);
    await body.click();
    await page.keyboard.type('We mixed three new celadons today.');
    await page.getByLabel('Excerpt').fill('Three new celadons.');
    await page.getByRole('button', { name: 'Choose main image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByLabel('Search files').fill('journal-kiln');
    await listSettled(picker, 'Files to choose from');
    await picker.getByRole('button', { name: /^Choose journal-kiln/ }).first().click();
    await picker.waitFor({ state: 'hidden' });
    await page.locator('[data-main-image]').waitFor();
    // A new post names the site's first author; the owner picks the other one.
    expect(await page.getByLabel('Author').locator('option:checked').innerText()).toBe('Maya Okafor');
    await page.getByLabel('Author').selectOption({ label: 'Theo Lindqvist' });
    await page.getByLabel('Tags').fill('glaze, celadon');
    await page.getByLabel('Publishing').selectOption('published');
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.getByRole('heading', { name: 'Edit post', level: 1 }).waitFor(POLL);
    expect(page.url()).toMatch(/\/config\/blog\/[0-9a-f]{32}$/);
    // Opened again, the post keeps its author (a save without touching the choice keeps it too).
    await page.reload();
    await page.getByRole('heading', { name: 'Edit post', level: 1 }).waitFor(POLL);
    expect(await page.getByLabel('Author').locator('option:checked').innerText()).toBe('Theo Lindqvist');
    await page.screenshot({ path: join(ARTIFACTS, 'blog-editor-1280.png'), fullPage: true });

    // A visitor reads it on the blog (no owner session).
    const visitor = await store.visitor({ viewport: { width: 390, height: 844 } });
    await visitor.page.goto(store.url('/journal'));
    await visitor.page.getByRole('link', { name: 'Glaze day notes' }).first().click();
    await visitor.page.getByText('We mixed three new celadons today.').waitFor(POLL);
    const json = (await (await store.worker.fetch('/journal/glaze-day-notes?format=json')).json()) as { item: { tags: string[]; assetUrl?: string; author?: { displayName: string } } };
    expect(json.item.tags).toEqual(['glaze', 'celadon']);
    expect(json.item.author).toEqual({ displayName: 'Theo Lindqvist' });
    expect(json.item.assetUrl ?? '').toMatch(/journal-kiln/);

    const phone = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(phone.page, store.url('/config/blog'));
    await phone.page.locator('[data-post="glaze-day-notes"]').waitFor(POLL);
    await phone.page.screenshot({ path: join(ARTIFACTS, 'blog-list-390.png'), fullPage: true });
  });
});

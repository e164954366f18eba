import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * The export and delete screen (client/editor/screens/site-export/) in Chromium: the owner
 * exports the site and downloads the zip once it is ready, deletes the site by typing its
 * name (visitors then get the unavailable page) and restores it from the same screen.
 */
const store = useStorefront({ bindings: { PAGE_CACHE: 'off' } });

describe('export and delete in Chromium', () => {
  it('exports and downloads the site, deletes it with its typed name and restores it', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/site-export'));
    await page.getByRole('heading', { name: 'Export and delete', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Export site' }).click();
    const link = page.getByRole('link', { name: /^Download zip/ });
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^site-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = join(await mkdtemp(join(tmpdir(), 'site-export-')), 'site.zip');
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    const confirm = page.getByLabel('Type Fern & Kiln to confirm');
    const remove = page.getByRole('button', { name: 'Delete site' });
    await confirm.fill('Fern and Kiln');
    expect(await remove.isDisabled()).toBe(true);
    await confirm.fill('Fern & Kiln');
    await remove.click();
    await page.getByRole('heading', { name: 'This site is deleted' }).waitFor();
    // The owner area says so on every screen (the banner comes with the next page load).
    await openOwnerApp(page, store.url('/config/site-export'));
    await page.locator('[data-subscription-banner][data-state="deleted"]').getByRole('link', { name: 'Restore it' }).waitFor();
    const visitor = await store.worker.fetch('/');
    expect([visitor.status, (await visitor.text()).includes('This site is not available')]).toEqual([410, true]);

    await page.getByRole('button', { name: 'Restore site' }).click();
    await page.getByRole('button', { name: 'Export site' }).waitFor();
    expect((await store.worker.fetch('/')).status).toBe(200);
    await openOwnerApp(page, store.url('/config/site-export'));
    expect(await page.locator('[data-subscription-banner]').count()).toBe(0);
  }, 120_000);
});

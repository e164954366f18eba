import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { pngOf, windowsProgram } from '../../edge/api/files/test-files.js';
import { layoutOf } from '../../edge/api/pages/test-pages.js';
import { useStorefront } from './harness.js';
import { demoOwnerSession, signedInOwner, openOwnerApp, seriousAxeViolations } from './owner-harness.js';

/**
 * The file manager (client/editor/screens/files/) in Chromium: upload by the button and by a
 * drop, rename, alt text and focal point, SPEC refusals (a renamed .exe, 30 MB), progress
 * failures and cancel, delete refused while a published page shows the file, axe, and
 * screenshots at 1280 and 390 px.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

// Waits for states, never for time: generous under a loaded machine (CHROMIUM_CPU_THROTTLE).
const POLL = { timeout: 30_000 };

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
});

async function openFiles(page: Page) {
  await openOwnerApp(page, store.url('/config/files'));
  await page.getByRole('heading', { name: 'Files', level: 1 }).waitFor();
}

/** Drops files on the screen the way a browser does: dragover, then drop, with a DataTransfer of File objects made in the page. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes?: number[]; size?: number }[]) {
  await page.evaluate((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      // A file of `size` bytes starting with the PNG signature, made in the page (30 MB never crosses the wire).
      const data = f.bytes ? new Uint8Array(f.bytes) : new Uint8Array(f.size!);
      if (!f.bytes) data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      transfer.items.add(new File([data], f.name, { type: f.type }));
    }
    const target = document.querySelector('[data-files-drop] .files-hint')!;
    target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

const card = (page: Page, name: string) => page.locator(`li.files-card[data-file-name="${name}"]`);
const queueItem = (page: Page, name: string) => page.locator('.files-queue-item', { hasText: name });

async function fileRow(name: string) {
  return store.worker.db
    .prepare('SELECT id, r2_key AS key, alt_text AS alt, focal_point_x AS x, focal_point_y AS y FROM assets WHERE filename = ?')
    .bind(name)
    .first<{ id: string; key: string; alt: string | null; x: number; y: number }>();
}

/** Publishes a page whose image block shows `src` (the pages API, as the page editor would). */
async function publishPageShowing(src: string, title: string): Promise<void> {
  const { headers } = await demoOwnerSession(store.worker);
  const send = (method: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
    store.worker.fetch(`/api/pages${path}`, { method, headers: { ...headers, 'Content-Type': 'application/json', ...extra }, body: JSON.stringify(body) });
  const { page } = (await (await send('POST', '', { title })).json()) as { page: { id: string } };
  expect((await send('PUT', `/${page.id}/draft`, { layout: layoutOf({ id: 'b1', type: 'image', props: { src, alt: title } }) }, { 'If-Match': '"1"' })).status).toBe(200);
  expect((await send('POST', `/${page.id}/publish`, { version: 2 })).status).toBe(200);
}

describe('the file manager in Chromium', () => {
  it('uploads by the button and by a drop, renames, sets alt text and focal point, refuses what SPEC refuses, and keeps a used file', async () => {
    store.allow(/HTTP 409 \/api\/files\/|status of 409/);
    const { page } = await signedInOwner(store);
    await openFiles(page);
    expect(await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Files' }).getAttribute('aria-current')).toBe('page');

    // By the button (the hidden input behind it).
    await page.locator('[data-file-input]').setInputFiles({ name: 'kiln.png', mimeType: 'image/png', buffer: pngOf(640, 400) });
    await card(page, 'kiln.png').waitFor();
    await expect.poll(() => card(page, 'kiln.png').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL).toBe(300);
    expect(await card(page, 'kiln.png').locator('img').getAttribute('src')).toMatch(/^\/assets\/fern-and-kiln\/uploads\/[0-9a-f]{32}\.png\?format=300w$/);
    await queueItem(page, 'kiln.png').getByText('Uploaded').waitFor();

    // By a drop.
    await dropFiles(page, [{ name: 'glaze test.png', type: 'image/png', bytes: [...pngOf(200, 120, [40, 120, 90])] }]);
    await card(page, 'glaze test.png').waitFor();

    // Rename, alt text and focal point, by keyboard to the Edit button.
    await card(page, 'kiln.png').getByRole('button', { name: 'Edit kiln.png' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'File details' });
    await dialog.waitFor();
    await dialog.getByLabel('File name').fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a file name').waitFor();
    await dialog.getByLabel('File name').fill('kiln-at-dusk.png');
    await dialog.getByLabel('Alt text').fill('The kiln at dusk');
    const picker = dialog.locator('[data-focal-picker]');
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await dialog.getByText('25% across, 75% down').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-files-details-1280.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card(page, 'kiln-at-dusk.png').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const kiln = (await fileRow('kiln-at-dusk.png'))!;
    expect(kiln.alt).toBe('The kiln at dusk');
    expect(kiln.x).toBeCloseTo(0.25, 1);
    expect(kiln.y).toBeCloseTo(0.75, 1);
    expect(await card(page, 'kiln-at-dusk.png').locator('img').getAttribute('alt')).toBe('The kiln at dusk');

    // A Windows program named photo.png, and a 30 MB image: SPEC's texts, nothing stored.
    const before = (await store.worker.db.prepare('SELECT COUNT(*) AS n FROM assets').first<{ n: number }>())!.n;
    await page.locator('[data-file-input]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: windowsProgram() });
    await queueItem(page, 'photo.png').getByText('Unable to Upload File').waitFor();
    await queueItem(page, 'photo.png').getByText('The file photo.png does not appear to be a supported file.', { exact: true }).waitFor();
    await dropFiles(page, [{ name: 'huge.png', type: 'image/png', size: 30_000_000 }]);
    await queueItem(page, 'huge.png').getByText('The file huge.png is too large. The maximum allowed file size is 20 MB.', { exact: true }).waitFor();
    expect((await store.worker.db.prepare('SELECT COUNT(*) AS n FROM assets').first<{ n: number }>())!.n).toBe(before);

    // Search and sort.
    await page.getByLabel('Search files').fill('kiln-at');
    await expect.poll(() => page.locator('li.files-card').count(), POLL).toBe(1);
    await page.getByLabel('Search files').fill('');
    await page.getByLabel('Sort').selectOption('name-asc');
    await expect.poll(async () => {
      const names = await page.locator('li.files-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-file-name')!));
      return names.length > 2 && names.join('|') === [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join('|');
    }, POLL).toBe(true);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-files-1280.png'), fullPage: true });

    // Delete: refused while a published page shows it (with where), allowed for a file nothing uses.
    await publishPageShowing(`/assets/${kiln.key}`, 'Firing day');
    await card(page, 'kiln-at-dusk.png').getByRole('button', { name: 'Delete kiln-at-dusk.png' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete kiln-at-dusk.png?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('The file kiln-at-dusk.png is in use and cannot be deleted.').waitFor();
    expect(await confirm.getByRole('link', { name: 'Firing day' }).getAttribute('href')).toBe('/firing-day');
    await confirm.getByText('Published page:').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-files-delete-refused-1280.png') });
    await confirm.getByRole('button', { name: 'Close' }).click();
    await card(page, 'kiln-at-dusk.png').waitFor();

    await card(page, 'glaze test.png').getByRole('button', { name: 'Delete glaze test.png' }).click();
    await page.getByRole('dialog', { name: 'Delete glaze test.png?' }).getByRole('button', { name: 'Delete' }).click();
    await card(page, 'glaze test.png').waitFor({ state: 'detached' });
    expect(await fileRow('glaze test.png')).toBeNull();
  }, 120_000);

  it('shows progress failures with SPEC texts and cancels an upload', async () => {
    store.allow(/HTTP 500 \/api\/files|status of 500|ERR_CONNECTION_RESET|net::ERR_FAILED/);
    const { page } = await signedInOwner(store);
    await openFiles(page);
    let held: Route | undefined;
    await page.route(/\/api\/files\?name=/, async (route) => {
      const name = new URL(route.request().url()).searchParams.get('name');
      if (name === 'broken.png') return route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream trouble' });
      if (name === 'dropped.png') return route.abort('connectionreset');
      if (name === 'pasted.png') return route.continue();
      held = route;
    });
    const input = page.locator('[data-file-input]');
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: pngOf(10, 10) });
    await queueItem(page, 'broken.png').getByText('File processing failed').waitFor();
    await input.setInputFiles({ name: 'dropped.png', mimeType: 'image/png', buffer: pngOf(10, 10) });
    await queueItem(page, 'dropped.png').getByText('File upload failed to complete').waitFor();

    await input.setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: pngOf(10, 10) });
    await expect.poll(() => held !== undefined, POLL).toBe(true);
    await queueItem(page, 'slow.png').getByRole('button', { name: 'Cancel the upload of slow.png' }).click();
    await queueItem(page, 'slow.png').getByText('File processing cancelled').waitFor();
    await held!.abort().catch(() => undefined);
    expect(await fileRow('slow.png')).toBeNull();

    // Pasting a file (a screenshot from the clipboard) uploads it.
    await page.evaluate((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, [...pngOf(50, 30)]);
    await card(page, 'pasted.png').waitFor();
    expect(await fileRow('pasted.png')).not.toBeNull();
  }, 120_000);

  it('fits a phone: the grid, the queue and the details dialog at 390 px', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openFiles(page);
    await page.locator('[data-file-input]').setInputFiles({ name: 'phone-upload-with-a-rather-long-name.png', mimeType: 'image/png', buffer: pngOf(400, 600) });
    await card(page, 'phone-upload-with-a-rather-long-name.png').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'owner-files-390.png') });
    await card(page, 'phone-upload-with-a-rather-long-name.png').getByRole('button', { name: /^Edit / }).click();
    await page.getByRole('dialog', { name: 'File details' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'owner-files-details-390.png') });
    // Unsaved edits (SPEC §4): Escape asks to keep editing or discard.
    const dialog = page.getByRole('dialog', { name: 'File details' });
    await dialog.getByLabel('Alt text').fill('A tall dark rectangle');
    await page.keyboard.press('Escape');
    await dialog.getByText('You have unsaved changes. Save them or discard them?').waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByLabel('Alt text').inputValue()).toBe('A tall dark rectangle');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await fileRow('phone-upload-with-a-rather-long-name.png'))!.alt).toBeNull();
    // Without edits, Escape just closes.
    await card(page, 'phone-upload-with-a-rather-long-name.png').getByRole('button', { name: /^Edit / }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);
});

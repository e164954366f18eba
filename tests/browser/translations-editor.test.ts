import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { demoOwnerSession, openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 29: the side-by-side translation editor (/config/languages/translations). The owner
 * opens French from the Languages screen, finds a missing text, translates it and saves with
 * Ctrl+Enter; the /fr page shows it. A save over someone else's newer text opens the conflict
 * dialog. Then the translator round trip: export JSON, change one value, import: the preview
 * counts one change, and applying it shows the text in the editor and on the page.
 */
const store = useStorefront();

describe('translation editor', () => {
  it('translates a missing text, handles a conflict, and imports an edited JSON export after its preview', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/languages'));
    await page.locator('tr[data-language="fr"]').getByRole('link', { name: 'Translate' }).click();
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    expect(await page.getByLabel('Language').inputValue()).toBe('fr');

    // A missing text of the contact page, found by filter and search.
    await page.getByLabel('Filter by status').selectOption('missing');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Say hello');
    const rows = page.locator('.tr-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.locator('[data-source]').textContent()).toBe('Say hello');
    expect(await row.locator('[data-status-badge]').textContent()).toBe('Missing');
    const field = row.getByRole('textbox');
    await field.fill('Dites bonjour');
    expect(await row.locator('[data-status-badge]').textContent()).toBe('Missing, not saved');
    await field.press('Control+Enter');
    await expect.poll(() => row.locator('[data-status-badge]').textContent()).toBe('Done');
    expect(await (await store.worker.fetch('/fr/contact')).text()).toContain('Dites bonjour');

    // Someone else saves the same text meanwhile: the next save asks whose text to keep.
    await page.getByLabel('Filter by status').selectOption('');
    await expect.poll(() => rows.count()).toBe(1);
    const owner = await demoOwnerSession(store.worker);
    const listed = (await (await store.worker.fetch('/api/multilingual/translations?language=fr', { headers: owner.headers })).json()) as { texts: { kind: string; entityId: string; fieldKey: string; source: string }[] };
    const hello = listed.texts.find((t) => t.source === 'Say hello')!;
    const other = await store.worker.fetch('/api/multilingual/translations', {
      method: 'PUT',
      headers: { ...owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: hello.kind, entityId: hello.entityId, fieldKey: hello.fieldKey, language: 'fr', text: 'Bonjour de leur part' }),
    });
    expect(other.status).toBe(200);
    store.allow(/HTTP 412 \/api\/multilingual\/translations$|status of 412 \(Precondition Failed\)/);
    await field.fill('Dites-nous bonjour');
    await row.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else saved this translation' });
    await dialog.waitFor();
    expect(await dialog.locator('[data-conflict-theirs]').textContent()).toBe('Bonjour de leur part');
    expect(await dialog.locator('[data-conflict-mine]').textContent()).toBe('Dites-nous bonjour');
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => row.locator('[data-status-badge]').textContent()).toBe('Done');
    expect(await field.inputValue()).toBe('Dites-nous bonjour');
    expect(await (await store.worker.fetch('/fr/contact')).text()).toContain('Dites-nous bonjour');

    // Export JSON, change one value, import: the preview counts it, applying saves it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('translations-fr.json');
    const saved = join(await mkdtemp(join(tmpdir(), 'translations-')), 'translations-fr.json');
    await download.saveAs(saved);
    const file = JSON.parse(await readFile(saved, 'utf8')) as { texts: { source: string; text: string | null; status: string }[] };
    const entry = file.texts.find((t) => t.source === 'Say hello')!;
    expect(entry.text).toBe('Dites-nous bonjour');
    entry.text = 'Écrivez-nous';
    const translated = file.texts.filter((t) => t.status !== 'missing').length;
    await page.locator('input[data-tr-file]').setInputFiles({ name: 'translations-fr.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const counts = page.locator('[data-tr-counts]');
    await expect.poll(() => counts.innerText()).toBe(`0 new\n1 changed\n${translated - 1} unchanged\n0 refused`);
    expect(await page.locator('[data-tr-preview]').innerText()).toContain('Écrivez-nous');
    await page.getByRole('button', { name: 'Import 1 text' }).click();
    await expect.poll(() => field.inputValue()).toBe('Écrivez-nous');
    expect(await (await store.worker.fetch('/fr/contact')).text()).toContain('Écrivez-nous');

    // A file that is not a translations file: the server's message, nothing applied.
    await page.locator('input[data-tr-file]').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"texts": []}') });
    // The conflict's 412 and the bad file's 422 (request and console) are expected.
    store.allow(/HTTP 4(12|22) \/api\/multilingual\/translations|status of 4(12|22) \((Precondition Failed|Unprocessable Entity)\)/);
    await expect.poll(() => page.locator('[data-tr-import-failure]').textContent()).toBe('This JSON file is not a translations file from this site (format "atelier-translations").');
    expect(await page.locator('[data-tr-preview]').count()).toBe(0);
  });

  it('the languages screen: at 1280 px the cells of each row line up (the buttons cell stays a table cell); at 390 px each value says what it is', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/languages'));
    const row = page.locator('tr[data-language="fr"]');
    await row.getByRole('link', { name: 'Translate' }).waitFor();
    // Every row, the primary one too (its buttons cell is empty).
    const bottoms = await page.locator('.languages-table tbody tr').evaluateAll((rows) => rows.map((r) => new Set([...r.children].map((c) => Math.round(c.getBoundingClientRect().bottom))).size));
    expect(bottoms).toEqual([1, 1]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await row.locator('td[data-label="Address"]').evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Address: "');
  });
});

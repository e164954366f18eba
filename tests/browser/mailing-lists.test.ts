import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';
import { POLL } from './page-editor-support.js';

/**
 * The mailing lists screen in Chromium: create a list, connect the newsletter block's form,
 * disconnect it after the confirmation (Cancel first keeps it), import a CSV (a file with bad
 * lines names them and imports nothing; a good one adds confirmed people), filter subscribers.
 */
const store = useStorefront();

describe('the mailing lists screen', () => {
  it('creates a list, connects and disconnects a form with confirmation, imports subscribers', async () => {
    // The refused import answers 400 (the console reports it).
    store.allow(/400 .*\/import|status of 400/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/mailing-lists'));
    await page.getByRole('heading', { name: 'Mailing lists', level: 1 }).waitFor(POLL);
    await page.locator('[data-list="Kiln Notes"]').getByText('Kiln Notes newsletter (newsletter block)').waitFor(POLL);

    await page.getByLabel('New list name').fill('Studio friends');
    await page.getByRole('button', { name: 'Create list' }).click();
    const list = page.locator('[data-list="Studio friends"]');
    await list.waitFor(POLL);

    // Connect the newsletter block's form to the new list (it leaves Kiln Notes).
    await list.getByLabel('Connect a form').selectOption({ label: 'Kiln Notes newsletter (newsletter block)' });
    await list.getByRole('button', { name: 'Connect' }).click();
    await list.locator('[data-connected="Kiln Notes newsletter"]').waitFor(POLL);
    await page.locator('[data-list="Kiln Notes"]').getByText('No form adds people to this list.').waitFor(POLL);

    // Disconnecting asks first; Cancel keeps the connection.
    await list.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect this form?' });
    await dialog.getByText('no longer add people to Studio friends').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await list.locator('[data-connected="Kiln Notes newsletter"]').count()).toBe(1);
    await list.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await list.getByText('No form adds people to this list.').waitFor(POLL);
    const form = (await store.worker.db.prepare("SELECT mailing_list_id FROM forms WHERE kind = 'newsletter'").first<{ mailing_list_id: string | null }>())!;
    expect(form.mailing_list_id).toBeNull();

    // Import: bad lines are named, nothing is imported; then a good file.
    // A new list opens with its (empty) subscribers.
    await list.getByText('No subscribers here').waitFor(POLL);
    const file = list.locator('input[type="file"]');
    await file.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('email,consent\nada@example.com,yes\nbroken,yes\nbob@example.com,no\n') });
    await list.locator('[data-import-message]').getByText('Nothing was imported: 2 lines have problems.').waitFor(POLL);
    expect(await list.locator('[data-import-problems] li').allTextContents()).toEqual([
      'Line 3 (email): broken is not a valid email address.',
      'Line 4 (consent): Consent is "no": only people who said yes can be imported (yes, true, 1 or y).',
    ]);
    await file.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('email,consent\nada@example.com,yes\nbob@example.com,yes\n') });
    await list.locator('[data-import-message]').getByText('Imported 2 new subscribers; 0 were already on the list.').waitFor(POLL);
    await list.locator('[data-counts]').getByText('2 confirmed, 0 awaiting confirmation, 0 unsubscribed').waitFor(POLL);
    await list.locator('tr[data-subscriber="bob@example.com"] [data-status="confirmed"]').waitFor(POLL);
    await list.getByLabel('Status').selectOption('pending');
    await list.getByText('No subscribers here').waitFor(POLL);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 180_000);
});

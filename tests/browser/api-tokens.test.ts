import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The API tokens screen (client/editor/screens/api-tokens/) in Chromium: an owner creates a
 * token, copies it from the dialog that shows it once, sees its last use after a tool used
 * it, and revokes it after confirming; the revoked token is refused (401).
 */
const store = useStorefront();

describe('the API tokens screen in Chromium', () => {
  it('creates a token shown once with copy, lists its last use, revokes it with confirmation', async () => {
    store.allow(/HTTP 400 |status of 400/);
    const visitor = await signedInOwner(store);
    const { page } = visitor;
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(store.url('/')).origin });
    await openOwnerApp(page, store.url('/config/api-tokens'));
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    await page.getByText('No tokens yet').waitFor();

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByRole('checkbox', { name: 'Read the theme (pull, preview)' }).uncheck();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await dialog.getByText('Enter a name for the token.').waitFor();
    await dialog.getByText('Choose at least one scope.').waitFor();
    // The fields show the refusal: the API's general message is not repeated under the form (ui/form-dialog.tsx).
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Name').fill('Theme CI');
    await dialog.getByRole('checkbox', { name: 'Change the theme (push, publish, roll back)' }).check();
    await dialog.getByRole('checkbox', { name: 'Read the theme (pull, preview)' }).check();
    await dialog.getByLabel('Expires after').selectOption('90');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    const secret = (await shown.locator('[data-secret]').textContent())!.trim();
    expect(secret).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    // Shown once: nowhere on the page once the dialog is closed.
    expect(await page.content()).not.toContain(secret);

    const card = page.locator('[data-token]').filter({ hasText: 'Theme CI' });
    await card.getByText('Last used: never').waitFor();
    await card.getByText('Read the theme (pull, preview) · Change the theme (push, publish, roll back)').waitFor();
    const used = await store.worker.fetch('/api/owner/theme/versions', { headers: { Authorization: `Bearer ${secret}` } });
    expect(used.status).toBe(200);
    await page.reload();
    await card.getByText(/^Last used: (?!never)/).waitFor();

    await card.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await card.getAttribute('data-state')).toBe('active');
    await card.getByRole('button', { name: 'Revoke' }).click();
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await page.locator('[data-token][data-state="revoked"]').filter({ hasText: 'Theme CI' }).waitFor();
    const refused = await store.worker.fetch('/api/owner/theme/versions', { headers: { Authorization: `Bearer ${secret}` } });
    expect(refused.status).toBe(401);
  });
});

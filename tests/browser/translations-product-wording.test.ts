import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 29: a product's own add-button text in the side-by-side translation editor. The owner
 * finds the private session's 'Book now' (missing), translates it, and the /fr product page's
 * button says it; when the English words change, the row says outdated.
 */
const store = useStorefront();

describe("the add button's own text in the translation editor", () => {
  it('is listed as the product\'s "Add button text", saved to the /fr page and marked outdated when the original changes', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/languages/translations?language=fr'));
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('Book now');
    const rows = page.locator('.tr-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.locator('[data-source]').textContent()).toBe('Book now');
    expect(await row.textContent()).toContain('Private Studio Session · Add button text');
    expect(await row.locator('[data-status-badge]').textContent()).toBe('Missing');
    const field = row.getByRole('textbox', { name: 'Translation of add button text: Book now' });
    await field.fill('Réserver maintenant');
    await field.press('Control+Enter');
    await expect.poll(() => row.locator('[data-status-badge]').textContent()).toBe('Done');
    const fr = await (await store.worker.fetch('/fr/shop/private-studio-session')).text();
    expect(fr).toContain('<div class="sqs-add-to-cart-button-inner">Réserver maintenant</div>');

    // The owner changes the English words: the row, read again, is outdated.
    await store.worker.db.prepare("UPDATE products SET custom_add_button_text = 'Book a session' WHERE custom_add_button_text = 'Book now'").run();
    await page.reload();
    await page.getByRole('heading', { name: 'Translations', level: 1 }).waitFor();
    await search.fill('Book a session');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('[data-status-badge]').textContent()).toBe('Done, outdated');
    expect(await rows.first().getByRole('textbox').inputValue()).toBe('Réserver maintenant');
  }, 120_000);
});

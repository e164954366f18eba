import { describe, expect, it } from 'vitest';
import { useStorefront } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 29 (lang26): on a site with an added language the Gift cards screen asks for the
 * recipient's language (the primary chosen at first); the card's mail follows the choice.
 * Beside tests/browser/owner-screens.test.ts' gift-card test, which issues in the primary.
 */
const store = useStorefront();

const mailTo = (to: string) =>
  store.worker.db.prepare("SELECT subject, text_body AS text FROM mail_outbox WHERE kind = 'gift-card' AND to_address = ?").bind(to).first<{ subject: string; text: string }>();

describe("the Gift cards screen's recipient language", () => {
  it('defaults to the primary and mails the card in French when the owner picks French', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/gift-cards'));
    await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
    const select = page.getByRole('combobox', { name: "Recipient's language" });
    await select.waitFor();
    expect(await select.inputValue()).toBe('en-US');
    expect(await select.locator('option').allTextContents()).toEqual(['English (United States)', 'French']);

    await page.getByRole('textbox', { name: 'Amount' }).fill('25');
    await page.getByRole('textbox', { name: 'Recipient email' }).fill('amie@example.fr');
    await select.selectOption('fr');
    await page.getByRole('button', { name: 'Issue gift card' }).click();
    await page.getByText(/^Gift card •••• \w{4} issued; the code was mailed to amie@example\.fr\.$/).waitFor();
    const french = (await mailTo('amie@example.fr'))!;
    expect(french.subject).toMatch(/\u00a0: une carte cadeau pour vous$/);
    expect(french.text).toMatch(/\nVotre code\u00a0: \S+\n/);

    await page.getByRole('textbox', { name: 'Amount' }).fill('10');
    await page.getByRole('textbox', { name: 'Recipient email' }).fill('friend@example.com');
    await select.selectOption('en-US');
    await page.getByRole('button', { name: 'Issue gift card' }).click();
    await page.getByText(/^Gift card •••• \w{4} issued; the code was mailed to friend@example\.com\.$/).waitFor();
    expect((await mailTo('friend@example.com'))!.subject).toMatch(/: a gift card for you$/);
  });
});

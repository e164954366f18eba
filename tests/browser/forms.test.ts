import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageKeys } from '../../edge/api/forms/test-visitor.js';
import { linkIn, queuedMails } from '../../edge/api/forms/test-mail-log.js';
import { FORM_MESSAGES as M, RESTOCK_MESSAGES as R } from '../../domain/messages/form-messages.js';
import { formKeyIssued, islandsHydrated, openStorefront, type Storefront } from './harness.js';

let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
});
afterAll(() => store?.close());

describe('forms in Chromium', () => {
  it('the contact form: every validation message, the counter, then the success text', async () => {
    const { page, close } = await store.visitor();
    await page.goto(store.url('/contact'));
    const form = page.locator('.page-body [data-island="form"]');
    await form.scrollIntoViewIfNeeded();
    await islandsHydrated(page, '.page-body [data-island="form"]');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual([M.required, M.required, M.required]);
    expect(await form.locator('.form-message').textContent()).toBe(M.invalidFields);
    expect(await form.locator('.form-notice-above').textContent()).toBe(M.noticeAbove);
    expect(await form.locator('.form-notice-below').textContent()).toBe(M.noticeBelow);

    await form.locator('input[name="name.first"]').fill('Ada');
    await form.locator('input[name="name.last"]').fill('Lovelace');
    await form.locator('input[name="email"]').fill('ada@example');
    const message = form.locator('textarea[name="message"]');
    await message.fill('x'.repeat(2001));
    expect(await form.locator('.form-counter').textContent()).toBe('2001 / 2000');
    expect(await form.locator('.form-counter').getAttribute('class')).toContain('error');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual([M.emailInvalid, M.tooLong]);

    await form.locator('input[name="email"]').fill('ada@example.com');
    const text = 'A commission: twelve mugs <b>please</b>';
    await message.fill(text);
    expect(await form.locator('.form-counter').textContent()).toBe(`${text.length} / 2000`);
    await form.locator('select[name="topic"]').selectOption('Commissions');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.locator('.form-submission-text').textContent()).toContain('Thanks for writing!');
    const row = await store.worker.db.prepare("SELECT \"values\" FROM form_submissions WHERE search_text LIKE '%twelve mugs%'").first<{ values: string }>();
    expect(JSON.parse(row!.values)).toMatchObject({ name: ['Ada', 'Lovelace'], email: 'ada@example.com', topic: 'Commissions' });
    await close();
  });

  it('the footer newsletter: sign up, then confirm through the mailed link', async () => {
    const { page, close } = await store.visitor();
    await page.goto(store.url('/'));
    const form = page.locator('.footer-newsletter [data-island="form"]');
    await form.scrollIntoViewIfNeeded();
    // Hydration waits for the island's chunks: the harness's wait, not expect.poll's 1 s.
    await islandsHydrated(page, '.footer-newsletter [data-island="form"]');
    const email = form.locator('input[type="email"]');
    const keyed = formKeyIssued(page);
    await email.fill('browser-reader@example.com');
    // The key is issued on first input; a person then takes a while to press the button.
    await keyed;
    await ageKeys(store.worker);
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => form.locator('.form-submission-text').textContent()).toContain('Welcome to Kiln Notes');
    const mail = (await queuedMails(store.worker)).find((m) => m.to === 'browser-reader@example.com')!;
    // The link shows a button (mail scanners that prefetch it confirm nothing); pressing it confirms.
    await page.goto(store.url(linkIn(mail, '/newsletter/confirm')));
    const pending = await store.worker.db.prepare("SELECT status FROM mailing_list_subscribers WHERE email = 'browser-reader@example.com'").first<{ status: string }>();
    expect(pending?.status).toBe('pending');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toContain("You're subscribed");
    const sub = await store.worker.db.prepare("SELECT status FROM mailing_list_subscribers WHERE email = 'browser-reader@example.com'").first<{ status: string }>();
    expect(sub?.status).toBe('confirmed');
    await close();
  });

  it('the restock form on a sold-out product: SPEC texts, then signed up', async () => {
    const { page, close } = await store.visitor();
    await page.goto(store.url('/shop/moon-jar'));
    // The product form island shows the restock block for the sold-out choice; the restock island drives it.
    const island = page.locator('.product-restock');
    await island.locator('.restock-idle').waitFor();
    const submit = island.locator('input[type="submit"]').first();
    await submit.click();
    await expect.poll(() => island.locator('.product-restock-error').textContent()).toBe(R.emailBlank);
    await island.locator('input[name="email"]').first().fill('not-an-email');
    await submit.click();
    await expect.poll(() => island.locator('.product-restock-error').textContent()).toBe(R.emailInvalid);
    await island.locator('input[name="email"]').first().fill('jar-lover@example.com');
    await submit.click();
    // The demo moon jar has the owner's own success text (SPEC §4: it replaces 'Signed up!').
    await expect.poll(() => island.locator('.product-restock-success').textContent()).toBe("You're on the list!");
    expect(await island.locator('form').count()).toBe(0);
    const row = await store.worker.db.prepare("SELECT variant_id FROM restock_signups WHERE email = 'jar-lover@example.com'").first();
    expect(row).not.toBeNull();
    await close();
  });
});

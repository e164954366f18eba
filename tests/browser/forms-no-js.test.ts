import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorefront, type Storefront, type Visitor } from './harness.js';

/**
 * SPEC progressive enhancement: with JavaScript disabled the contact form still posts
 * (edge/pages/forms), shows the SPEC §5 messages with the values kept, and lands on the
 * submission text; the footer newsletter sign-up works the same way.
 */
let store: Storefront;
let visitor: Visitor;

beforeAll(async () => {
  store = await openStorefront();
  visitor = await store.visitor({ javaScriptEnabled: false });
});
afterAll(async () => {
  await visitor?.close();
  await store?.close();
});

async function submissions(text: string): Promise<number> {
  const row = await store.worker.db.prepare('SELECT count(*) AS n FROM form_submissions WHERE search_text LIKE ?').bind(`%${text}%`).first<{ n: number }>();
  return row!.n;
}

describe('forms without JavaScript', () => {
  it('the contact form shows its errors with the values kept, then the submission text', async () => {
    const { page } = visitor;
    await page.goto(store.url('/contact'));
    const form = page.locator('main form.form');
    expect(await page.locator('main [data-island="form"]').getAttribute('data-island-state')).toBeNull();
    await form.getByLabel('First Name').fill('Grace');
    await form.getByLabel('Email').fill('grace-at-example');
    await form.getByLabel('Topic').selectOption('Wholesale');
    await form.getByLabel('Message').fill('Nojs hello from a browser without scripts');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/forms\//);
    expect(await form.locator('.form-notice-above').innerText()).toBe('One or more fields is invalid, please check your entries.');
    expect(await form.locator('[data-field-id="email"] .field-error').innerText()).toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(await form.locator('[data-field-id="name"] .field-error').innerText()).toBe('Required');
    expect(await form.getByLabel('First Name').inputValue()).toBe('Grace');
    expect(await form.getByLabel('Topic').inputValue()).toBe('Wholesale');
    expect(await form.getByLabel('Message').inputValue()).toBe('Nojs hello from a browser without scripts');
    expect(await submissions('nojs hello')).toBe(0);

    await form.getByLabel('Last Name').fill('Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/form-submitted=/);
    expect(await page.locator('main .form-submission-text').innerText()).toContain('Thanks for writing!');
    expect(await page.locator('main form.form').count()).toBe(0);
    expect(await submissions('nojs hello')).toBe(1);
    // The refused post answered 400 on purpose (the page shown again); nothing else failed.
    expect(visitor.errors.filter((e) => !e.startsWith('HTTP 400') && !e.includes('status of 400'))).toEqual([]);
  });

  it('the footer newsletter signs up from any page and returns to it', async () => {
    const { page } = visitor;
    await page.goto(store.url('/about'));
    const footer = page.locator('.footer-newsletter');
    await footer.getByLabel('Email address').fill('nojs-reader@example.com');
    await footer.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/\/about\?form-submitted=/);
    expect(await page.locator('.footer-newsletter .form-submission-text').innerText()).toContain('Welcome to Kiln Notes');
    expect(await submissions('nojs-reader@example.com')).toBe(1);
  });
});

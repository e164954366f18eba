import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageKeys, TestVisitor } from '../../edge/api/forms/test-visitor.js';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { openStorefront, type Storefront } from './harness.js';
import { addSessionCookies } from './owner-harness.js';

let store: Storefront;
beforeAll(async () => {
  store = await openStorefront();
});
afterAll(() => store?.close());

const XSS = (n: number) => `<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n}</script>"'><svg onload="window.__xss=${n}">`;

describe('the owner app\'s listing of form submissions in Chromium', () => {
  it('shows XSS attempts in every field as text and runs none of them', async () => {
    const ctx = (await new TestVisitor(store.worker).req('GET', '/contact?format=json')).json;
    const v = await TestVisitor.arrive(store.worker);
    const key = (await v.req('POST', '/api/form/FormSubmissionKey', '')).json.key;
    await ageKeys(store.worker);
    // Every field carries a payload; the email and select must still pass validation, so
    // their payloads go where the rules allow (the local part of an address is free text).
    const form = { name: [XSS(1), XSS(2)], email: `"<script>x</script>"@example.com`, topic: 'Something else', message: XSS(3) };
    const saved = await v.req('POST', '/api/form/SaveFormSubmission', { key, form: JSON.stringify(form), pageId: ctx.collection.id, contentSource: 'c', pagePath: '/contact' });
    expect(saved.status).toBe(200);

    const { email, password } = await demoOwner();
    const owner = await signIn(store.worker, email, password);
    const { context, page, close } = await store.visitor();
    await addSessionCookies(context, owner.cookie, store.url('/'));
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    expect((await page.goto(store.url('/config/form-submissions')))?.status()).toBe(200);
    // The owner app's table (client/editor/screens/form-submissions.tsx), not the server's
    // table.form-submissions, which the app replaces.
    const row = page.locator('table.dt-table tbody tr').first();
    expect(await row.locator('dd[data-value="message"]').textContent()).toBe(XSS(3));
    expect(await row.locator('dd[data-value="name"]').textContent()).toBe(`${XSS(1)}, ${XSS(2)}`);
    expect(await row.locator('dd[data-value="email"]').textContent()).toBe(`"<script>x</script>"@example.com`);
    expect(await page.locator('table.dt-table img, table.dt-table script, table.dt-table svg').count()).toBe(0);
    expect(await page.locator('table.form-submissions').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
    await close();
  });
});

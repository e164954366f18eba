import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorefront, type Storefront } from './harness.js';

/**
 * The front door in Chromium (issue 34): a new owner signs up on the platform host, verifies
 * through the outbox link, creates a store site from the starter, opens its owner area on
 * `<slug>.localhost` (Chromium resolves *.localhost to loopback) and the site's home renders
 * the starter's content. One browser, one visitor, one walk.
 */
let store: Storefront;

beforeAll(async () => {
  store = await openStorefront();
});
afterAll(async () => store?.close());

describe('the front door', () => {
  it('sign up, verify, create a store site, open its owner area, see its home', async () => {
    const port = new URL(store.worker.url).port;
    const platform = (path: string) => `http://app.localhost:${port}${path}`;
    const visitor = await store.visitor();
    const { page } = visitor;
    try {
      await page.goto(platform('/sign-up'));
      await page.getByLabel('Email').fill('browser.owner@example.test');
      await page.getByLabel('Password').fill('front-Door-pass-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Check your email');

      const mail = await store.worker.db
        .prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'platform-verify-email'")
        .bind('browser.owner@example.test')
        .first<{ text: string }>();
      const link = /http:\/\/\S+\/verify\?token=\S+/.exec(mail!.text)![0];
      expect(new URL(link).host).toBe(`app.localhost:${port}`);
      await page.goto(link);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Your sites');

      await page.getByRole('link', { name: 'Create site' }).click();
      await page.getByLabel('Fern & Kiln store').check();
      await page.getByLabel('Title').fill('Kiln Two');
      await page.getByLabel('Site address').fill('kiln-two');
      await page.getByRole('button', { name: 'Create site' }).click();
      await expect.poll(() => page.locator('[data-notice="info"]').textContent()).toBe('Kiln Two is ready at kiln-two.localhost.');

      await page.getByRole('button', { name: 'Open Kiln Two' }).click();
      await page.getByRole('link', { name: 'Go to the owner area of Kiln Two' }).click();
      await page.waitForURL(`http://kiln-two.localhost:${port}/config/`, { timeout: 10_000 }).catch(async (e) => { throw new Error(`${page.url()} ${(await page.content()).slice(0, 1500)}`, { cause: e }); });
      // The owner area, not its sign-in form: the hand-over signed the owner in on this host.
      await expect.poll(() => page.locator('form.sign-in-form').count()).toBe(0);
      const area = await page.content();
      expect(area).toContain('Kiln Two');

      await page.goto(`http://kiln-two.localhost:${port}/`);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Made slowly, fired hot.');
      expect(await page.title()).toContain('Kiln Two');
    } finally {
      await visitor.close();
    }
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setStock, variantOf } from '../../edge/api/commerce/test-catalog.js';
import { addOne, placeOrder } from '../../edge/api/commerce/test-checkout.js';
import { TestVisitor } from '../../edge/api/commerce/test-visitor.js';
import { useStorefront } from './harness.js';
import { addSessionCookies, demoOwnerSession, signedInOwner, openOwnerApp, seriousAxeViolations } from './owner-harness.js';

/**
 * The owner app (client/editor) in Chromium: keyboard navigation, review moderation seen on
 * the product page, the orders data table paging and sorting on the server, the phone menu,
 * and axe-core over the app's screens.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
// Screenshots for a look (git-ignored) only with `TEST_SCREENSHOTS=1`: they assert nothing (docs/testing.md).
const LOOK = process.env.TEST_SCREENSHOTS === '1';

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  const mug = await variantOf(store.worker.db, 'FK-MUG-08-OAT');
  await setStock(store.worker.db, 'FK-MUG-08-OAT', 500);
  // Twelve orders: more than one page of ten; quantities vary so the totals sort differently.
  for (let i = 0; i < 12; i++) {
    const v = new TestVisitor(store.worker, `198.51.100.${60 + i}`);
    await v.visit('/api/commerce/shopping-cart');
    await addOne(v, mug.itemId, 'FK-MUG-08-OAT', (i % 4) + 1);
    expect((await placeOrder(v, { extra: { email: `app${i}@example.com` } })).status).toBe(201);
  }
}, 120_000);

/** Presses Tab until the focused element's accessible text is `name` (at most 60 presses). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (label === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('the owner app in Chromium', () => {
  it('is used by keyboard alone: Tab to Reviews, Enter, approve a review, which the product page then shows', async () => {
    const shopper = new TestVisitor(store.worker, '198.51.100.99');
    await shopper.visit('/about');
    const mugId = ((await (await fetch(store.url('/shop/speckled-stoneware-mug?format=json'))).json()) as { item: { id: string } }).item.id;
    const body = 'Keyboard-approved review of the mug';
    expect((await shopper.send('POST', '/api/reviews', { itemId: mugId, rating: 5, body, name: 'Grace', email: 'grace@example.com' })).status).toBe(201);

    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/'));
    // A marker on window survives in-app navigation, never a page load.
    await page.evaluate(() => ((window as unknown as { __app: number }).__app = 1));
    await tabTo(page, 'Reviews');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await page.waitForURL(store.url('/config/reviews'));
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe('page');
    await page.getByText(body).waitFor();
    await tabTo(page, 'Approve the review by Grace');
    await page.keyboard.press('Enter');
    await page.getByText('1 review approved.').waitFor();
    await page.getByText('No reviews are waiting.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __app?: number }).__app)).toBe(1);

    const product = await (await fetch(store.url('/shop/speckled-stoneware-mug'))).text();
    expect(product).toContain(body);
    // The published tab lists it now.
    await page.getByRole('button', { name: 'Published' }).click();
    await page.getByText(body).waitFor();
  });

  it('pages and sorts the orders table on the server', async () => {
    const { page } = await signedInOwner(store);
    const asked: URL[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/commerce/owner/orders?')) asked.push(new URL(req.url()));
    });
    await openOwnerApp(page, store.url('/config/orders'));
    const rows = page.locator('table.dt-table tbody tr');
    await page.getByLabel('Rows per page').selectOption('10');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByText('Page 1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(asked.at(-1)!.searchParams.get('after')).toMatch(/^\d+$/);
    expect(asked.at(-1)!.searchParams.get('limit')).toBe('10');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByText('Page 1', { exact: true }).waitFor();

    const totalHeader = page.locator('th', { has: page.getByRole('button', { name: 'Total' }) });
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => asked.at(-1)!.searchParams.get('sort')).toBe('total');
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => asked.at(-1)!.searchParams.get('sort')).toBe('-total');
    // The first row is now the dearest order (4 mugs).
    await expect.poll(() => rows.first().locator('td').nth(5).textContent()).toBe(await rows.nth(1).locator('td').nth(5).textContent());
    await page.getByRole('button', { name: 'Total' }).click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('none');
    expect(asked.at(-1)!.searchParams.get('sort')).toBeNull();

    // Search on the server; then an order's detail in the app.
    await page.getByRole('searchbox', { name: 'Order number or email' }).fill('app3@');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link').click();
    await page.locator('article[data-order]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Order #\d+/);
  });

  it('shows the outbox on the data table, searched by recipient, filtered by kind, times in the site time zone', async () => {
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/orders'));
    await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    await page.locator('tr[data-mail-to]').first().waitFor();
    await page.getByRole('searchbox', { name: 'Recipient or subject' }).fill('app5@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tr[data-mail-to]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-mail-to')))])).toEqual(['app5@example.com']);
    const { timeZone } = JSON.parse((await page.locator('#owner-app').getAttribute('data-props'))!) as { timeZone: string };
    const { mails } = (await page.evaluate(async () => (await fetch('/api/mail/outbox?to=app5%40example.com')).json())) as { mails: { createdOn: number }[] };
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(mails[0]!.createdOn);
    expect(await page.locator('tr[data-mail-to] time').first().textContent()).toBe(expected);
    // The Kind filter goes to the server: the order confirmations stay, no invitation was sent to this buyer.
    const kinds = () => page.locator('tr[data-mail-to]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-mail-kind')))]);
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('order-confirmation');
    await expect.poll(kinds).toEqual(['order-confirmation']);
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('invitation');
    await page.getByText('No mail matching app5@example.com.').waitFor();
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('');
    await expect.poll(kinds).toEqual(['order-confirmation']);
    await page.getByRole('searchbox', { name: 'Recipient or subject' }).fill('nobody@example.com');
    await page.keyboard.press('Enter');
    await page.getByText('No mail matching nobody@example.com.').waitFor();
  });

  it('shows the error panel with a retry when a list fails to load', async () => {
    store.allow(/500/);
    const { page } = await signedInOwner(store);
    await page.route('**/api/commerce/owner/orders?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }));
    await openOwnerApp(page, store.url('/config/orders'));
    await page.getByRole('alert').getByText('Unable to load results').waitFor();
    await page.unroute('**/api/commerce/owner/orders?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.locator('table.dt-table tbody tr').first().waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('rejects a review through a confirmation dialog, by keyboard; Escape closes the dialog', async () => {
    const shopper = new TestVisitor(store.worker, '198.51.100.98');
    await shopper.visit('/about');
    const mugId = ((await (await fetch(store.url('/shop/speckled-stoneware-mug?format=json'))).json()) as { item: { id: string } }).item.id;
    const body = 'A review the owner will reject';
    expect((await shopper.send('POST', '/api/reviews', { itemId: mugId, rating: 1, body, name: 'Mallory', email: 'mallory@example.com' })).status).toBe(201);
    const { page } = await signedInOwner(store);
    // Playwright's clock: the toast's 5 s go by without a real wait.
    await page.clock.install();
    await openOwnerApp(page, store.url('/config/reviews'));
    await page.getByText(body).waitFor();
    await tabTo(page, 'Reject the review by Mallory');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject this review?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Reject the review by Mallory');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, 'Reject');
    await page.keyboard.press('Enter');
    await page.getByText('1 review rejected.').waitFor();
    await page.clock.runFor(5000);
    await page.getByText('1 review rejected.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Rejected' }).click();
    await page.getByText(body).waitFor();
    expect(await (await fetch(store.url('/shop/speckled-stoneware-mug'))).text()).not.toContain(body);
  });

  it('turns the navigation into a menu on a phone', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/orders'));
    const nav = page.getByRole('navigation', { name: 'Owner area' });
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'owner-app-390.png'), fullPage: true });
    await menu.click();
    await nav.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'owner-app-390-menu.png'), fullPage: true });
    await nav.getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    expect(await nav.isVisible()).toBe(false);
  });

  it('has no serious or critical axe violation on its screens, and a wide frame', async () => {
    // axe is injected as an inline script, which the owner area's CSP refuses: this context bypasses it.
    const context = await store.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await addSessionCookies(context, (await demoOwnerSession(store.worker)).cookie, store.url('/'));
    const page = await context.newPage();
    // The screens this file's data changes (twelve orders: the pager; the reviews it leaves) and
    // the file manager; owner-screens.test.ts runs axe on every other screen (the dashboard, an
    // order, the outbox, form submissions, traffic) at 1280 and 390 px.
    for (const path of ['/config/orders', '/config/reviews', '/config/files']) {
      await openOwnerApp(page, store.url(path));
      await page.locator('h1').first().waitFor();
      await page.locator('[data-state="loading"]').waitFor({ state: 'detached' });
      expect({ path, violations: await seriousAxeViolations(page, { inject: 'script-tag' }) }).toEqual({ path, violations: [] });
      if (LOOK) await page.screenshot({ path: join(ARTIFACTS, `owner-app-1280${path.replace(/\/+$/, '').replaceAll('/', '-')}.png`), fullPage: true });
    }
    await openOwnerApp(page, store.url('/config/orders'));
    await page.locator('table.dt-table').waitFor();
    if (LOOK) await page.screenshot({ path: join(ARTIFACTS, 'owner-app-1280.png'), fullPage: true });
    await context.close();
  });
});

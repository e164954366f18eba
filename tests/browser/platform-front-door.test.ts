import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trialDaysRemaining } from '../../domain/platform/trial.js';
import { chooseStandardShipping, fillCheckoutAddress, fillTestCard, islandsHydrated, useStorefront } from './harness.js';
import { seriousAxeViolations } from './owner-harness.js';

/**
 * The front door in Chromium (issue 34's Must show): a new owner signs up on the platform
 * host, verifies through the local mail reader (/dev/mail), creates a store site from the
 * starter, lands in its owner area on `<slug>.localhost` (Chromium resolves *.localhost to
 * loopback) where the trial banner counts the days at the browser's clock, adds a product in
 * the product editor and publishes it; a shopper buys it on that host with the test card.
 * The platform pages are checked by axe and keyboard on the way; TEST_SCREENSHOTS=1 writes
 * them at 1280 and 390 px to test-artifacts/.
 */
const store = useStorefront();
const POLL = { timeout: 30_000 };
const DAY = 24 * 3600_000;
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

/** With TEST_SCREENSHOTS=1: the page at its width and, on a desktop page, at 390 px too (for a person to look at). */
async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.TEST_SCREENSHOTS) return;
  await mkdir(ARTIFACTS, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: join(ARTIFACTS, `platform-${name}-${size.width}.png`), fullPage: true });
  if (size.width === 390) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(ARTIFACTS, `platform-${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
}

describe('the front door', () => {
  it('sign up, verify through the mail reader, create a store site, add and publish a product; a shopper buys it on the new host', async () => {
    const port = new URL(store.worker.url).port;
    const platform = (path: string) => `http://app.localhost:${port}${path}`;
    const siteUrl = (path: string) => `http://kiln-two.localhost:${port}${path}`;
    const owner = await store.visitor();
    const { page } = owner;

    await page.goto(platform('/sign-up'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'sign-up');
    // Keyboard only: the skip link first, then the fields in order.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');
    await page.keyboard.type('browser.owner@example.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('front-Door-pass-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Check your email');

    // The local mail reader: the verification mail's link.
    await page.getByRole('link', { name: 'Read it in the local mail reader' }).click();
    await page.getByRole('heading', { name: 'Local mail', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'dev-mail');
    const mail = page.locator('.platform-mail').filter({ hasText: 'browser.owner@example.test' }).first();
    const link = await mail.locator('a[data-mail-link]').first().getAttribute('href');
    expect(link).toMatch(new RegExp(`^http://app\\.localhost:${port}/verify\\?token=`));
    await mail.locator('a[data-mail-link]').first().click();
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your sites');
    await shoot(page, 'sites-empty');

    await page.getByRole('link', { name: 'Create site' }).click();
    await page.getByRole('heading', { name: 'Create a site', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'new-site');
    // An empty title is refused with its text beside the form (the browser's own check off).
    store.allow(/HTTP 400 \/sites|status of 400/);
    await page.locator('form.new-site-form').evaluate((form) => form.setAttribute('novalidate', ''));
    await page.getByRole('button', { name: 'Create site' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Give your site a title.');
    await page.getByLabel('Fern & Kiln store').check();
    await page.getByLabel('Title').fill('Kiln Two');
    await page.getByLabel('Site address').fill('kiln-two');
    await page.getByRole('button', { name: 'Create site' }).click();
    await expect.poll(() => page.locator('[data-notice="info"]').textContent()).toBe('Kiln Two is ready at kiln-two.localhost.');
    // A second site (blank): the new site's owner area lists it in the site switcher.
    await page.getByRole('link', { name: 'Create site' }).click();
    await page.getByLabel('Blank page').check();
    await page.getByLabel('Title').fill('Second Studio');
    await page.getByRole('button', { name: 'Create site' }).click();
    await expect.poll(() => page.locator('[data-notice="info"]').textContent()).toBe('Second Studio is ready at second-studio.localhost.');
    await shoot(page, 'sites');

    // The trial: 14 days from today in the site's time zone; the browser's clock is put three
    // days before its last day (22:00 there), so the banner must say 4 days.
    const site = (await store.worker.db
      .prepare("SELECT id, shard, trial_ends_on AS ends, time_zone AS tz, subscription_state AS state FROM websites WHERE identifier = 'kiln-two'")
      .first<{ id: string; shard: number; ends: number; tz: string; state: number }>())!;
    // The new site's rows are on the shard the directory names (docs/platform.md "Shards").
    const siteDb = store.worker.shards[site.shard]!;
    expect(site.state).toBe(3);
    const at = site.ends - 3 * DAY - 2 * 3600_000;
    expect(trialDaysRemaining(site.ends, at, site.tz)).toBe(4);
    await page.clock.install({ time: at });

    await page.getByRole('button', { name: 'Open Kiln Two' }).click();
    await page.getByRole('link', { name: 'Go to the owner area of Kiln Two' }).click();
    await page.waitForURL(siteUrl('/config/'), POLL);
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor(POLL);
    await expect.poll(() => page.locator('[data-subscription-banner][data-state="trial"]').textContent(), POLL).toBe('4 days left in your trial. Upgrade');
    expect(await page.content()).toContain('Kiln Two');
    const switcher = page.getByRole('navigation', { name: 'Your other sites' });
    expect(await switcher.getByRole('link', { name: 'Second Studio' }).getAttribute('href')).toMatch(new RegExp(`^http://app\\.localhost:${port}/sites/[^/]+/open$`));
    await shoot(page, 'owner-area');

    // The product editor on the new site: one physical product, published.
    const shop = (await siteDb
      .prepare("SELECT id FROM collections WHERE website_id = ? AND url_id = 'shop' AND type = 13")
      .bind(site.id)
      .first<{ id: string }>())!;
    expect((await page.goto(siteUrl(`/config/products/new?collectionId=${shop.id}&type=physical`)))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'New physical product', level: 1 }).waitFor(POLL);
    await page.getByLabel('Title', { exact: true }).fill('Walk Mug');
    await page.locator('input[data-path="variants.0.sku"]').fill('WALK-MUG');
    await page.locator('input[data-path="variants.0.price"]').fill('24.00');
    await page.locator('input[data-path="variants.0.qtyInStock"]').fill('5');
    await page.locator('select[data-path="status"]').selectOption('published');
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/config\/products\/[0-9a-f]{32}$/, POLL);
    await expect.poll(() => page.locator('.prod-save-state').innerText(), POLL).toBe('Saved');
    const product = await siteDb
      .prepare("SELECT i.url_id AS slug, i.status FROM products p JOIN items i ON i.id = p.item_id WHERE p.website_id = ? AND i.title = 'Walk Mug'")
      .bind(site.id)
      .first<{ slug: string; status: string }>();
    expect(product?.status).toBe('published');
    await owner.close();

    // A shopper on the new site's host buys it with the test card.
    const shopper = await store.visitor();
    const buyer = shopper.page;
    expect((await buyer.goto(siteUrl(`/shop/${product!.slug}`)))?.status()).toBe(200);
    await islandsHydrated(buyer, '[data-island="product-form"], [data-island="cart-pill"]');
    expect(await buyer.title()).toContain('Kiln Two');
    await buyer.locator('.product-purchase button.sqs-add-to-cart-button').click();
    await buyer.waitForFunction(() => document.cookie.includes('hasCart=true'));
    await buyer.goto(siteUrl('/cart'));
    await buyer.getByRole('link', { name: 'Checkout' }).click();
    await buyer.waitForURL(/\/checkout$/, POLL);
    await islandsHydrated(buyer, '[data-island="checkout"]');
    const checkout = await fillCheckoutAddress(buyer, { email: 'shopper@example.test' });
    await chooseStandardShipping(buyer);
    await fillTestCard(checkout);
    await checkout.getByRole('button', { name: /Place order/ }).click();
    await buyer.waitForURL(/\/order-confirmed\?order=/, POLL);
    expect(new URL(buyer.url()).host).toBe(`kiln-two.localhost:${port}`);
    expect(await buyer.locator('.order-lines').innerText()).toContain('Walk Mug');
    const order = await siteDb
      .prepare("SELECT COUNT(*) AS n FROM orders WHERE website_id = ? AND email = 'shopper@example.test'")
      .bind(site.id)
      .first<{ n: number }>();
    expect(order?.n).toBe(1);
    const stock = await siteDb.prepare("SELECT qty_in_stock AS q FROM variants WHERE website_id = ? AND sku = 'WALK-MUG'").bind(site.id).first<{ q: number }>();
    expect(stock?.q).toBe(4);
  });

  it('the platform pages on a phone: sign in, reset and its errors, no sideways scrolling', async () => {
    const port = new URL(store.worker.url).port;
    const platform = (path: string) => `http://app.localhost:${port}${path}`;
    const phone = await store.visitor({ viewport: { width: 390, height: 844 } });
    const { page } = phone;
    store.allow(/HTTP 401 |status of 401/);
    for (const path of ['/', '/sign-up', '/reset']) {
      await page.goto(platform(path));
      await shoot(page, path === '/' ? 'sign-in' : path.slice(1));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
    await page.goto(platform('/'));
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password').fill('wrong-Pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password.');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody@example.test');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'sign-in-error');
    // A visible focus ring on the focused field (the owner app's focus colour).
    await page.getByLabel('Password').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
  });
});

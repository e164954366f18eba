import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { variantOf } from '../../edge/api/commerce/test-catalog.js';
import { islandsHydrated, trackRequests, useStorefront, visitorApi, type Visitor } from './harness.js';

/**
 * Issue 31, the styled pages: checkout, cart, contact and the footer newsletter, account and
 * order pages in the theme's style. In Chromium: errors beside their fields and gone once
 * fixed, the declined card's alert, the honeypot out of sight, of the tab order and of the
 * accessibility tree, one h1 per page, the account pages in the site's layout. What one load
 * of each page answers (no sideways scrolling at 320 and 390 px, axe-core, no layout shift while
 * the checkout and cart islands take over, the screenshots) is the page tour's
 * (tests/browser/visual/tour.ts), which opens each page once per width.
 */
const store = useStorefront();
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'styled-pages');
// The account walk (sign in, two pages, a resize): room for a loaded CI machine (or CHROMIUM_CPU_THROTTLE).
const LONG = 240_000;

beforeAll(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});

/** Puts one mug in the visitor's cart (the page's own cookies and crumb). */
async function withMug(visitor: Pick<Visitor, 'context' | 'page' | 'errors' | 'close'>): Promise<void> {
  const mug = await variantOf(store.worker.db, 'FK-MUG-08-OAT');
  await visitorApi(store, visitor as Visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: null });
}

/**
 * Loads `path` and waits until the eager islands are up and the page has settled (fonts, images,
 * none of its own fetches pending: not networkidle's half second after the traffic beacons).
 */
async function openSettled(page: Page, path: string): Promise<void> {
  const network = trackRequests(page);
  await page.goto(store.url(path));
  await islandsHydrated(page, '[data-island][data-island-load="eager"]');
  await network.quiet();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

describe('styled pages in Chromium', () => {
  it('checkout: errors sit below their fields, are announced, and go once the field is fixed', async () => {
    store.allow(/HTTP 400 \/api\/commerce\/orders|status of 400/);
    const { page } = await store.visitor({ viewport: { width: 390, height: 844 } });
    await withMug({ page, context: page.context(), errors: [], close: async () => {} });
    await openSettled(page, '/checkout');
    const checkout = page.locator('[data-island="checkout"]');
    await checkout.getByRole('button', { name: /Place order · \$\d+\.\d\d/ }).click();
    const email = checkout.getByLabel('Email', { exact: true });
    const error = page.locator('#email-error');
    await error.waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('email-error');
    const [field, message] = [(await email.boundingBox())!, (await error.boundingBox())!];
    // Right below its input, in the same column.
    expect(message.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(message.y - (field.y + field.height)).toBeLessThan(24);
    expect(Math.abs(message.x - field.x)).toBeLessThan(2);
    // The live region names the fields that need attention (present before, so it is announced).
    await expect.poll(() => page.locator('.checkout-announcer').innerText()).toMatch(/fields need attention: Email, First name, Last name, Address, City/);
    expect(await page.locator('.checkout-announcer').getAttribute('aria-live')).toBe('polite');
    expect(await page.locator('#city-error').count()).toBe(1);
    expect(await page.getByRole('alert').innerText()).toBe('Update the missing or invalid information above.');

    await email.fill('ada@example.com');
    await error.waitFor({ state: 'detached' });
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#city-error').count()).toBe(1);
    await checkout.getByLabel('City', { exact: true }).fill('Portland');
    await page.locator('#city-error').waitFor({ state: 'detached' });
  });

  it('checkout: a declined card is a prominent alert above the pay button, and the demo names its test card', async () => {
    store.allow(/HTTP 402 \/api\/commerce\/orders|status of 402/);
    const { page } = await store.visitor({ viewport: { width: 1280, height: 900 } });
    await withMug({ page, context: page.context(), errors: [], close: async () => {} });
    await openSettled(page, '/checkout');
    const checkout = page.locator('[data-island="checkout"]');
    expect(await checkout.locator('.test-card-note').innerText()).toContain('4242 4242 4242 4242');
    await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
    for (const [label, value] of Object.entries({ 'First name': 'Ada', 'Last name': 'Lovelace', Address: '1 Main St', City: 'Portland', 'Postal code': '97201' })) {
      await checkout.getByLabel(label, { exact: true }).fill(value);
    }
    await checkout.getByLabel('State / region').selectOption('OR');
    await checkout.getByRole('radio', { name: /Standard/ }).click();
    await expect.poll(() => checkout.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    // The totals add up, and the button names what is paid.
    const total = (await checkout.locator('[data-line="total"]').innerText()).match(/\$[\d.]+/)![0];
    expect(await checkout.getByRole('button', { name: /Place order/ }).textContent()).toBe(`Place order · ${total}`);
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('Security code').fill('123');
    await checkout.getByRole('button', { name: /Place order/ }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe('Your card was declined.');
    const look = await alert.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, weight: Number(getComputedStyle(el).fontWeight), next: el.nextElementSibling?.className ?? '' }));
    expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(look.weight).toBeGreaterThanOrEqual(600);
    expect(look.next).toContain('checkout-pay');
    await checkout.screenshot({ path: join(ARTIFACTS, 'checkout-declined-1280.png') });
  });

  it('contact form: each error goes once its field is fixed, and the notice with the last one', async () => {
    const { page } = await store.visitor({ viewport: { width: 390, height: 844 } });
    await openSettled(page, '/contact');
    const form = page.locator('.page-body [data-island="form"]');
    await form.getByRole('button', { name: 'Send' }).click();
    const messageError = form.locator('[data-field-id] .field-error').last();
    await messageError.waitFor();
    const before = await form.locator('.field-error').count();
    expect(before).toBeGreaterThan(1);
    await form.getByLabel(/^Message/).fill('Hello there, a question about mugs.');
    await expect.poll(() => form.locator('.field-error').count()).toBe(before - 1);
    await form.getByLabel(/^Email/).fill('ada@example.com');
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await expect.poll(() => form.locator('.field-error').count()).toBe(0);
    expect(await form.locator('.form-notice, .form-message').count()).toBe(0);
  });

  it('the honeypot is in the DOM, out of sight, out of the tab order and of the accessibility tree', async () => {
    const { page } = await store.visitor({ viewport: { width: 390, height: 844 } });
    await openSettled(page, '/contact');
    const traps = page.locator('input[name="hp-website"]');
    // The contact form's and the footer newsletter's.
    expect(await traps.count()).toBe(2);
    for (const trap of await traps.all()) {
      const box = await trap.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const wrap = el.closest('.form-honeypot')!.getBoundingClientRect();
        return { right: r.right, wrapWidth: wrap.width, wrapHeight: wrap.height, tabIndex: (el as HTMLInputElement).tabIndex };
      });
      // Nothing of it on screen: clipped to at most a pixel, and left of the page.
      expect(box.wrapWidth).toBeLessThanOrEqual(1);
      expect(box.wrapHeight).toBeLessThanOrEqual(1);
      expect(box.right).toBeLessThanOrEqual(0);
      expect(box.tabIndex).toBe(-1);
    }
    expect(await page.getByRole('textbox', { name: /Leave this empty/ }).count()).toBe(0);
    expect(await page.locator('body').ariaSnapshot()).not.toContain('Leave this empty');
    // Tabbing through the whole page never lands on it.
    const seen = new Set<string>();
    for (let i = 0; i < 60; i += 1) {
      await page.keyboard.press('Tab');
      seen.add(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? ''));
    }
    expect(seen.has('hp-website')).toBe(false);
    expect(seen.has('email') || [...seen].some((n) => n.length > 0)).toBe(true);
  });

  it('one h1 on Contact and About', async () => {
    const { page } = await store.visitor();
    for (const [path, title] of [['/contact', 'Say hello'], ['/about', 'About the studio']] as const) {
      await page.goto(store.url(path));
      expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([title]);
    }
  });

  it('account pages have the site header and footer; the header links to the account', async () => {
    const { page } = await store.visitor({ viewport: { width: 1280, height: 900 } });
    await page.goto(store.url('/'));
    const header = page.locator('.site-header');
    await header.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(store.url('/account'));
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.locator('.site-header').count()).toBe(1);
    expect(await page.locator('.site-footer').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toMatch(/^Sign in · /);
    await page.getByLabel('Email').first().fill('owner@fernandkiln.test');
    await page.getByLabel('Password').fill('check-Owner-pass-7');
    await Promise.all([page.waitForURL(store.url('/account')), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    // Signed in: the header (never cached for a session) says so, here and on the storefront.
    await page.locator('.site-header').getByRole('link', { name: 'Your account' }).waitFor();
    await page.goto(store.url('/shop'));
    await page.locator('.site-header').getByRole('link', { name: 'Your account' }).waitFor();
    // On a phone the account link is in the Menu, so the header row stays short.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.locator('.site-header .account-link').isVisible()).toBe(false);
    await page.locator('.nav-toggle-label').click();
    await page.locator('.site-nav').getByRole('link', { name: 'Your account' }).waitFor();
  }, LONG);
});

import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { variantOf } from '../../edge/api/commerce/test-catalog.js';
import { demoOwner, startWorker, type RunningWorker } from '../../edge/test-support.js';

/**
 * Accounts in headless Chromium: the owner signs in at /config/, sees the shell and signs
 * out; a shopper signs up, confirms the address through the outbox link and lands on the
 * account page, then sees an order and a subscription placed with the test card there. Every page must load without a console error (CSP violations included).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let worker: RunningWorker;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await mkdir(ARTIFACTS, { recursive: true });
  worker = await startWorker({ port: 0 });
  browser = await openBrowser(inject('chromiumEndpoint'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

const url = (path: string) => new URL(path, worker.url).href;

describe('accounts in Chromium', () => {
  it('the owner signs in at /config/, sees the shell, and signs out', async () => {
    const owner = await demoOwner();
    const { context, page, errors } = await freshPage();
    await page.goto(url('/config/'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await Promise.all([page.waitForURL(url('/config/')), page.getByRole('button', { name: 'Sign in' }).click()]);
    // The React shell (client/editor, its own Vite entry) takes over the server-rendered frame.
    await page.waitForSelector('[data-owner-shell][data-hydrated="true"]');
    expect(await page.locator('script[src*="/client/editor-"]').count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Owner area' });
    await nav.getByRole('link', { name: 'Contributors' }).waitFor();
    await expect(page.locator('[data-owner-email]').innerText()).resolves.toBe(owner.email);
    // The session cookie is HttpOnly: scripts see only SiteUserInfo and the crumb.
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toContain('SiteUserInfo=');
    expect(visible).not.toContain('SiteUserSession=');
    await nav.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.waitForSelector('[data-owner-shell][data-hydrated="true"]');
    await page.screenshot({ path: join(ARTIFACTS, 'config-shell.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/config/'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('SiteUserSession');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('storefront pages never load the owner app', async () => {
    const { context, page, errors } = await freshPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(url('/'));
    await page.goto(url('/shop'));
    expect(scripts.some((s) => s.includes('/client/loader-'))).toBe(true);
    expect(scripts.filter((s) => s.includes('editor'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shopper signs up, confirms through the outbox link, and sees their account', async () => {
    const email = 'browser-shopper@example.test';
    const { context, page, errors } = await freshPage();
    await page.goto(url('/account'));
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel(/Password/).fill('browser-Pass-123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mail = await worker.db
      .prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'verify-email'")
      .bind(email)
      .first<{ text: string }>();
    const link = /https?:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    expect(new URL(link).host).toBe(new URL(worker.url).host);
    await page.goto(link);
    await Promise.all([page.waitForURL(url('/account')), page.getByRole('button', { name: 'Confirm my email address' }).click()]);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await expect(page.locator('[data-account-email]').innerText()).resolves.toBe(email);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.locator('[data-orders-empty]').waitFor();
    await page.locator('[data-subscriptions-empty]').waitFor();

    // An order placed through the API with the test card (the page's own cookies
    // and crumb), and a subscription, then both in the account.
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')!.value;
    const headers = { 'X-CSRF-Token': crumb, 'Content-Type': 'application/json' };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await page.request.post(url('/api/commerce/shopping-cart/entries'), { headers, data: { itemId: mug.itemId, sku: mug.sku, quantity: 1, additionalFields: null } })).status()).toBe(200);
    const address = { firstName: 'Browser', lastName: 'Shopper', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
    const placed = await page.request.post(url('/api/commerce/orders'), {
      headers: { ...headers, 'Idempotency-Key': 'browser-account-order-1' },
      data: { email, shippingAddress: address, shippingOptionId: 'us-standard', payment: { provider: 'test', card } },
    });
    expect(placed.status()).toBe(201);
    const { order } = (await placed.json()) as { order: { orderNumber: number } };
    const club = await variantOf(worker.db, 'FK-CLUB-MONTH');
    const subCart = (await (await page.request.post(url('/api/3/commerce/cart/subscription'), { headers, data: { itemId: club.itemId, sku: club.sku, qty: 1, additionalFields: null } })).json()) as { cartToken: string };
    const subscribed = await page.request.post(url('/api/commerce/orders'), {
      headers: { ...headers, 'Idempotency-Key': 'browser-account-subscription-1' },
      data: { email, cartToken: subCart.cartToken, payment: { provider: 'test', card } },
    });
    expect(subscribed.status()).toBe(201);
    await page.goto(url('/account'));
    const row = page.locator(`[data-order="${order.orderNumber}"]`);
    await expect(row.innerText()).resolves.toMatch(new RegExp(`#${order.orderNumber}\\s+\\w{3} \\d{1,2}, \\d{4}\\s+\\$\\d+\\.\\d{2}\\s+Paid`));
    await expect(page.locator('[data-subscriptions]').innerText()).resolves.toMatch(/Monthly Clay Club\s+\$65\.00 every month\s+\w{3} \d{1,2}, \d{4}\s+Active/);
    await page.screenshot({ path: join(ARTIFACTS, 'account.png'), fullPage: true });
    await Promise.all([page.waitForURL(url(`/account/orders/${order.orderNumber}`)), row.getByRole('link').click()]);
    await page.getByRole('heading', { name: `Order #${order.orderNumber}` }).waitFor();
    await expect(page.locator('.order-lines').innerText()).resolves.toContain('Speckled');
    // The link was single use.
    await page.goto(link);
    await expect(page.getByRole('alert').innerText()).resolves.toBe('This link is invalid or has expired.');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});

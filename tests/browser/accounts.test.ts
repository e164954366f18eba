import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, startWorker, type RunningWorker } from '../../edge/test-support.js';

/**
 * Accounts in headless Chromium: the owner signs in at /config/, sees the shell and signs
 * out; a shopper signs up, confirms the address through the outbox link and lands on the
 * account page. Every page must load without a console error (CSP violations included).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let worker: RunningWorker;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await mkdir(ARTIFACTS, { recursive: true });
  worker = await startWorker({ port: 0 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
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
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await Promise.all([page.waitForURL(url('/config/')), page.getByRole('button', { name: 'Sign in' }).click()]);
    // The React shell (client/editor, its own Vite entry) takes over the server-rendered frame.
    await page.waitForSelector('[data-owner-shell][data-hydrated="true"]');
    expect(await page.locator('script[src*="/client/editor-"]').count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Owner area' });
    await expect(nav.getByRole('link', { name: 'Contributors' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-owner-email]').innerText()).resolves.toBe(owner.email);
    // The session cookie is HttpOnly: scripts see only SiteUserInfo and the crumb.
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).toContain('SiteUserInfo=');
    expect(visible).not.toContain('SiteUserSession=');
    await nav.getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Outbox' }).isVisible()).resolves.toBe(true);
    await page.waitForSelector('[data-owner-shell][data-hydrated="true"]');
    await page.screenshot({ path: join(ARTIFACTS, 'config-shell.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/config/'));
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
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
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/Password/).fill('browser-Pass-123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' }).isVisible()).resolves.toBe(true);

    const mail = await worker.db
      .prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'verify-email'")
      .bind(email)
      .first<{ text: string }>();
    const link = /https?:\/\/\S+\/account\/verify\?token=[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    expect(new URL(link).host).toBe(new URL(worker.url).host);
    await page.goto(link);
    await Promise.all([page.waitForURL(url('/account')), page.getByRole('button', { name: 'Confirm my email address' }).click()]);
    await expect(page.getByRole('heading', { name: 'Your account' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-account-email]').innerText()).resolves.toBe(email);
    await expect(page.getByRole('heading', { name: 'Orders' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-orders-empty]').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'account.png'), fullPage: true });
    // The link was single use.
    await page.goto(link);
    await expect(page.getByRole('alert').innerText()).resolves.toBe('This link is invalid or has expired.');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});

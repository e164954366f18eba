import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';
import { ageKeys } from '../../edge/api/forms/test-visitor.js';
import { CHROMIUM, CHROMIUM_ARGS, formKeyIssued, openWithProviderScript } from './harness.js';

// expect.poll waits 1 s by default: too short for a slow phone or a loaded machine (CHROMIUM_CPU_THROTTLE).
const POLL = { timeout: 30_000 };

/**
 * A real bot-check flow with a fake reCAPTCHA Enterprise: the provider's script is served
 * by the test (Playwright routes its URL, nothing leaves the machine) and the worker's
 * assessments go to a local fake API (CAPTCHA_ENDPOINT). The form island loads the script
 * only on a site with a site key, only once the visitor starts on the form, and sends
 * the token it gets; the CSP opens Google's hosts only for that site.
 */
const SITE_KEY = 'fake-site-key';
const FAKE_SCRIPT = `window.grecaptcha = { enterprise: {
  ready(cb) { cb(); },
  execute(key, options) { (window.__captcha ||= []).push({ key, action: options.action }); return Promise.resolve('fake-token:' + options.action); },
} };`;

let worker: RunningWorker;
let browser: Browser;
let assessments: { token: string; siteKey: string; expectedAction: string }[] = [];
let api: Server;

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const event = (JSON.parse(body) as { event: { token: string; siteKey: string; expectedAction: string } }).event;
      assessments.push(event);
      const valid = event.token === `fake-token:${event.expectedAction}`;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ tokenProperties: { valid, action: event.expectedAction }, riskAnalysis: { score: 0.9 } }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  worker = await startWorker({
    port: 0,
    bindings: { PAGE_CACHE: 'off', CAPTCHA_PROVIDER: 'recaptcha-enterprise', CAPTCHA_PROJECT: 'atelier-test', CAPTCHA_SECRET: 'test-api-key', CAPTCHA_ENDPOINT: endpoint },
  });
  await worker.db.prepare('UPDATE websites SET captcha_site_key = ?').bind(SITE_KEY).run();
  await worker.db.prepare("UPDATE forms SET captcha_enabled = 1 WHERE kind != 'newsletter'").run();
  browser = await openBrowser(inject('chromiumEndpoint'));
});
afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
  await new Promise((resolve) => api?.close(resolve));
});

/** `script: 'fails'`: the provider's script never loads (blocked, offline). */
function openPage(path: string, options: { script?: 'loads' | 'fails'; beforeGoto?: (page: Page) => Promise<unknown> } = {}) {
  return openWithProviderScript(browser, new URL(path, worker.url).href, { provider: 'https://www.google.com/recaptcha/**', fakeScript: FAKE_SCRIPT, ...options });
}

async function contactPage() {
  const { page, ...rest } = await openPage('/contact');
  const form = page.locator('main [data-island="form"]');
  await form.locator('form.form').waitFor();
  await page.waitForFunction(() => document.querySelector<HTMLElement>('main [data-island="form"]')?.dataset.islandState === 'hydrated');
  return { page, ...rest, form };
}

describe('reCAPTCHA Enterprise on a site that configured it', () => {
  it('loads the provider script only when the visitor starts on the form, sends its token, and the submission is stored', async () => {
    const { context, page, scripts, errors, csp, form } = await contactPage();
    expect(csp).toContain('https://www.google.com/recaptcha/');
    expect(scripts).toEqual([]);
    expect(await form.locator('.captcha-notice').innerText()).toBe('This form is protected by reCAPTCHA.');
    const keyed = formKeyIssued(page);
    await form.getByLabel('First Name').fill('Ren');
    await expect.poll(() => scripts.length, POLL).toBe(1);
    expect(scripts[0]).toBe(`https://www.google.com/recaptcha/enterprise.js?render=${SITE_KEY}`);
    await form.getByLabel('Last Name').fill('Captcha');
    await form.getByLabel('Email').fill('ren-captcha@example.com');
    await form.getByLabel('Topic').selectOption('Workshops');
    await form.getByLabel('Message').fill('Sent with a bot check');
    await keyed;
    await ageKeys(worker);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.locator('.form-submission-text').textContent(), POLL).toContain('Thanks for writing!');
    expect(await page.evaluate(() => (window as unknown as { __captcha: unknown[] }).__captcha)).toEqual([{ key: SITE_KEY, action: 'FORM_BLOCK_SUBMISSION' }]);
    expect(assessments).toContainEqual(expect.objectContaining({ token: 'fake-token:FORM_BLOCK_SUBMISSION', siteKey: SITE_KEY, expectedAction: 'FORM_BLOCK_SUBMISSION' }));
    const row = await worker.db.prepare("SELECT status, held_reason FROM form_submissions WHERE search_text LIKE '%ren-captcha%'").first();
    expect(row).toEqual({ status: 'received', held_reason: null });
    expect(scripts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a use-captcha chunk that failed to load leaves the server form and is fetched again when the visitor reaches for it', async () => {
    const chunkRequests: string[] = [];
    const { context, page, errors } = await openPage('/contact', {
      beforeGoto: (p) =>
        p.route(/\/client\/chunks\/use-captcha-[^/]+\.js/, async (route) => {
          chunkRequests.push(route.request().url());
          await (chunkRequests.length === 1 ? route.abort('connectionreset') : route.continue());
        }),
    });
    const form = page.locator('main [data-island="form"]');
    await expect.poll(() => chunkRequests.length, POLL).toBe(1);
    expect(await form.locator('form').count()).toBe(1);
    await form.locator('form').hover();
    await expect.poll(() => chunkRequests.length, POLL).toBe(2);
    expect(chunkRequests[1]).toMatch(/use-captcha-[^/]+\.js\?\d+$/);
    await expect.poll(() => form.locator('.captcha-notice').count(), POLL).toBe(1);
    expect(await form.locator('form').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without a site key the form has no bot check, never fetches the script, and the CSP stays closed', async () => {
    await worker.db.prepare('UPDATE websites SET captcha_site_key = NULL').run();
    try {
      const { context, scripts, csp, form } = await contactPage();
      expect(csp).not.toContain('google.com');
      await form.getByLabel('First Name').fill('Nora');
      await form.getByLabel('Email').fill('nora@example.com');
      expect(await form.locator('.captcha-notice, .captcha-container').count()).toBe(0);
      expect(scripts).toEqual([]);
      await context.close();
    } finally {
      await worker.db.prepare('UPDATE websites SET captcha_site_key = ?').bind(SITE_KEY).run();
    }
  });
});

describe('the restock sign-up of a sold-out product on a site with reCAPTCHA Enterprise', () => {
  it('loads the provider script on first interaction, mints a PRODUCT_WAITLIST_SUBMISSION token, and the sign-up is stored', async () => {
    const { context, page, scripts, errors, csp } = await openPage('/shop/moon-jar');
    expect(csp).toContain('https://www.google.com/recaptcha/');
    const restock = page.locator('.product-restock');
    await restock.locator('.restock-idle').waitFor();
    expect(await restock.locator('.captcha-notice').innerText()).toBe('This form is protected by reCAPTCHA.');
    expect(scripts).toEqual([]);
    await restock.locator('input[name=email]').fill('waitlist-captcha@example.com');
    await expect.poll(() => scripts.length, POLL).toBe(1);
    expect(scripts[0]).toBe(`https://www.google.com/recaptcha/enterprise.js?render=${SITE_KEY}`);
    await restock.locator('input[type=submit]').click();
    await restock.locator('.product-restock-success').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __captcha: unknown[] }).__captcha)).toEqual([{ key: SITE_KEY, action: 'PRODUCT_WAITLIST_SUBMISSION' }]);
    expect(assessments).toContainEqual(expect.objectContaining({ token: 'fake-token:PRODUCT_WAITLIST_SUBMISSION', siteKey: SITE_KEY, expectedAction: 'PRODUCT_WAITLIST_SUBMISSION' }));
    const rows = (await worker.db.prepare("SELECT variant_id FROM restock_signups WHERE email = 'waitlist-captcha@example.com'").all()).results;
    expect(rows).toHaveLength(1);
    expect(scripts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the SPEC §8 text and stores nothing when the provider script fails to load', async () => {
    const { context, page, scripts } = await openPage('/shop/moon-jar', { script: 'fails' });
    const restock = page.locator('.product-restock');
    await restock.locator('.restock-idle').waitFor();
    await restock.locator('input[name=email]').fill('no-script@example.com');
    await restock.locator('input[type=submit]').click();
    await expect.poll(() => restock.locator('.product-restock-error').textContent(), POLL).toBe('ReCaptcha has not been set up!');
    expect(scripts.length).toBeGreaterThan(0);
    expect(await worker.db.prepare("SELECT 1 FROM restock_signups WHERE email = 'no-script@example.com'").first()).toBeNull();
    await context.close();
  });

  it('a restock chunk that failed to load is fetched again when the visitor reaches for the form; what they typed is kept', async () => {
    const chunkRequests: string[] = [];
    const navigations: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { context, page, errors } = await openPage('/shop/moon-jar', {
      // The first fetch of the restock island's chunk fails (a dropped connection); the retry
      // waits until the test lets it through, so the server's form is provably still there.
      beforeGoto: async (p) => {
        p.on('request', (req) => void (req.isNavigationRequest() && navigations.push(req.url())));
        await p.route(/\/client\/islands\/restock-[^/]+\.js/, async (route) => {
          chunkRequests.push(route.request().url());
          if (chunkRequests.length === 1) return route.abort('connectionreset');
          await released;
          await route.continue();
        });
      },
    });
    const restock = page.locator('.product-restock');
    await expect.poll(() => chunkRequests.length, POLL).toBe(1);
    const email = restock.locator('.product-restock-notification[data-variant-id] input[name=email]');
    await email.fill('retry-captcha@example.com');
    await expect.poll(() => chunkRequests.length, POLL).toBe(2);
    expect(chunkRequests[1]).toMatch(/restock-[^/]+\.js\?\d+$/);
    // The server's form never submits itself (the email would land in the address).
    await email.press('Enter');
    release();
    await restock.locator('.restock-idle').waitFor();
    const island = restock.locator('.restock-idle input[name=email]');
    expect(await island.inputValue()).toBe('retry-captcha@example.com');
    await expect.poll(() => island.evaluate((el) => el === document.activeElement), POLL).toBe(true);
    await restock.locator('input[type=submit]').click();
    await restock.locator('.product-restock-success').waitFor();
    const rows = (await worker.db.prepare("SELECT 1 FROM restock_signups WHERE email = 'retry-captcha@example.com'").all()).results;
    expect(rows).toHaveLength(1);
    expect(navigations).toEqual([new URL('/shop/moon-jar', worker.url).href]);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('a use-captcha chunk that failed to load is fetched again when the visitor reaches for the form; the sign-up then carries its token', async () => {
    const chunkRequests: string[] = [];
    const { context, page, scripts, errors } = await openPage('/shop/moon-jar', {
      // The first fetch of the bot-check hook's chunk fails (a dropped connection), the retry goes through.
      beforeGoto: (p) =>
        p.route(/\/client\/chunks\/use-captcha-[^/]+\.js/, async (route) => {
          chunkRequests.push(route.request().url());
          await (chunkRequests.length === 1 ? route.abort('connectionreset') : route.continue());
        }),
    });
    const restock = page.locator('.product-restock');
    await expect.poll(() => chunkRequests.length, POLL).toBe(1);
    // Without the hook the island waits: the server's form stays (no form that could only refuse).
    const email = restock.locator('.product-restock-notification[data-variant-id] input[name=email]');
    await email.fill('retry-hook@example.com');
    await expect.poll(() => chunkRequests.length, POLL).toBe(2);
    expect(chunkRequests[1]).toMatch(/use-captcha-[^/]+\.js\?\d+$/);
    await restock.locator('.restock-idle').waitFor();
    expect(await restock.locator('.captcha-notice').innerText()).toBe('This form is protected by reCAPTCHA.');
    expect(await restock.locator('.restock-idle input[name=email]').inputValue()).toBe('retry-hook@example.com');
    await restock.locator('input[type=submit]').click();
    await restock.locator('.product-restock-success').waitFor();
    expect(scripts).toEqual([`https://www.google.com/recaptcha/enterprise.js?render=${SITE_KEY}`]);
    expect(await page.evaluate(() => (window as unknown as { __captcha: unknown[] }).__captcha)).toEqual([{ key: SITE_KEY, action: 'PRODUCT_WAITLIST_SUBMISSION' }]);
    const rows = (await worker.db.prepare("SELECT 1 FROM restock_signups WHERE email = 'retry-hook@example.com'").all()).results;
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

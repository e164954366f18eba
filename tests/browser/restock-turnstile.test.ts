import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';
import { CHROMIUM, CHROMIUM_ARGS, openWithProviderScript } from './harness.js';

// expect.poll waits 1 s by default: too short for a slow phone or a loaded machine (CHROMIUM_CPU_THROTTLE).
const POLL = { timeout: 30_000 };

/**
 * The restock sign-up of a sold-out product on a deployment with Cloudflare Turnstile: a
 * fake widget script (Playwright routes Cloudflare's URL, nothing leaves the machine) and a
 * fake siteverify (CAPTCHA_ENDPOINT). The widget renders into the restock form's captcha
 * container on first interaction; its token travels as `recaptchaEnterpriseV3Token`.
 */
const SITE_KEY = 'fake-turnstile-key';
const FAKE_SCRIPT = `window.turnstile = {
  render(container, options) {
    (window.__widgets ||= []).push({ sitekey: options.sitekey, action: options.action });
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fake-turnstile';
    button.textContent = 'Verify you are human';
    button.onclick = () => options.callback('ts-token:' + options.action);
    container.appendChild(button);
    return 'widget-1';
  },
  reset() {},
};`;

let worker: RunningWorker;
let browser: Browser;
let api: Server;
const verified: string[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      verified.push(token);
      const ok = token.startsWith('ts-token:');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? { success: true, action: token.slice('ts-token:'.length) } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  worker = await startWorker({ port: 0, bindings: { PAGE_CACHE: 'off', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'test-secret', CAPTCHA_ENDPOINT: endpoint } });
  await worker.db.prepare('UPDATE websites SET captcha_site_key = ?').bind(SITE_KEY).run();
  browser = await openBrowser(inject('chromiumEndpoint'));
});
afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
  await new Promise((resolve) => api?.close(resolve));
});

describe('restock sign-up with Turnstile', () => {
  it('renders the widget into the captcha container on first interaction, refuses without its token, then signs up', async () => {
    const { context, page, scripts, errors, csp } = await openWithProviderScript(browser, new URL('/shop/moon-jar', worker.url).href, {
      provider: 'https://challenges.cloudflare.com/**',
      fakeScript: FAKE_SCRIPT,
    });
    expect(csp).toContain('https://challenges.cloudflare.com');
    const restock = page.locator('.product-restock');
    await restock.locator('.restock-idle').waitFor();
    expect(await restock.locator('.captcha-container').count()).toBe(1);
    expect(scripts).toEqual([]);

    await restock.locator('input[name=email]').fill('turnstile-fan@example.com');
    await restock.locator('.captcha-container .fake-turnstile').waitFor();
    expect(scripts).toEqual(['https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit']);
    expect(await page.evaluate(() => (window as unknown as { __widgets: unknown[] }).__widgets)).toEqual([{ sitekey: SITE_KEY, action: 'PRODUCT_WAITLIST_SUBMISSION' }]);

    // SPEC §5: the container is present and incomplete.
    await restock.locator('input[type=submit]').click();
    await expect.poll(() => restock.locator('.product-restock-error').textContent(), POLL).toBe('Complete CAPTCHA before submitting.');
    expect(verified).toEqual([]);

    await restock.locator('.fake-turnstile').click();
    await restock.locator('input[type=submit]').click();
    await restock.locator('.product-restock-success').waitFor();
    expect(verified).toEqual(['ts-token:PRODUCT_WAITLIST_SUBMISSION']);
    const rows = (await worker.db.prepare("SELECT variant_id FROM restock_signups WHERE email = 'turnstile-fan@example.com'").all()).results;
    expect(rows).toHaveLength(1);
    expect(scripts).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

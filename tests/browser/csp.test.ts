import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { openBrowser } from './chromium.js';
import { trackRequests } from './harness.js';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { demoOwner, startWorker, type RunningWorker } from '../../edge/test-support.js';

/**
 * The Content-Security-Policy in Chromium: the demo site's pages render with it and report
 * no violation; inline script is refused (so the listener can see one); an SVG with a
 * script, opened directly from /assets/, does not run.
 *
 * ADDING A PAGE OR ISLAND? Add its URL to PAGES (OWNER_PAGES for the signed-in owner area).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Screenshots of each page under the policy, for a look (git-ignored): `TEST_SCREENSHOTS=1` (they
// assert nothing, and thirty full-page pictures cost the suite half a minute).
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const screenshot = async (page: Page, name: string) => {
  if (process.env.TEST_SCREENSHOTS === '1') await page.screenshot({ path: join(ARTIFACTS, `csp-${name.replaceAll(' ', '-')}.png`), fullPage: true });
};
const PAGES: readonly { name: string; path: string; status: number }[] = [
  { name: 'home', path: '/', status: 200 },
  { name: 'product listing', path: '/shop', status: 200 },
  { name: 'product', path: '/shop/speckled-stoneware-mug', status: 200 },
  { name: 'blog post', path: '/journal/opening-the-winter-kiln', status: 200 },
  { name: 'cart', path: '/cart', status: 200 },
  { name: 'checkout', path: '/checkout', status: 200 },
  { name: 'refused download link', path: '/downloads/g1?expires=1&sig=x', status: 403 },
  { name: 'search', path: '/search?q=mug', status: 200 },
  { name: 'contact', path: '/contact', status: 200 },
  { name: 'not found', path: '/no-such-page', status: 404 },
  { name: 'owner sign-in', path: '/config/', status: 200 },
  { name: 'shopper account (sign-in)', path: '/account', status: 200 },
  { name: 'shopper sign-up', path: '/account/sign-up', status: 200 },
  { name: 'shopper order detail (signed out)', path: '/account/orders/1001', status: 401 },
  { name: 'subscription checkout (unknown cart)', path: '/checkout?cartToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', status: 200 },
];
// The owner area's screens (edge/pages/config), opened by the signed-in demo owner.
const OWNER_PAGES: readonly { name: string; path: string }[] = [
  { name: 'owner home', path: '/config/' },
  { name: 'owner traffic', path: '/config/traffic' },
  { name: 'owner contributors', path: '/config/contributors' },
  { name: 'owner outbox', path: '/config/outbox' },
  { name: 'owner form submissions', path: '/config/form-submissions' },
  { name: 'owner orders', path: '/config/orders' },
  { name: 'owner gift cards', path: '/config/gift-cards' },
  { name: 'owner subscriptions', path: '/config/subscriptions' },
  { name: 'owner customers', path: '/config/customers' },
  { name: 'owner reviews', path: '/config/reviews' },
  { name: 'owner files', path: '/config/files' },
  { name: 'owner restock', path: '/config/restock' },
  { name: 'owner pages', path: '/config/pages' },
  { name: 'owner tags', path: '/config/tags' },
  { name: 'owner blog', path: '/config/blog' },
];
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/>
<script>document.documentElement.setAttribute('data-ran', 'yes'); fetch('/api/svg-ran');</script></svg>`;

let worker: RunningWorker;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  await mkdir(ARTIFACTS, { recursive: true });
  worker = await startWorker({ port: 0 });
  await worker.files.put('tests/evil.svg', new TextEncoder().encode(EVIL_SVG).buffer as never, { httpMetadata: { contentType: 'image/svg+xml' } });
  browser = await openBrowser(inject('chromiumEndpoint'));
  context = await watchedContext();
}, 60_000);

/** A browser context whose every document records the violations it sees, before any of its own code runs. */
async function watchedContext(): Promise<BrowserContext> {
  const fresh = await browser.newContext();
  await fresh.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return fresh;
}

afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});

/**
 * Opens `url`, lets images and late work settle, and returns what the policy refused. The late
 * work includes the traffic chunk, which the loader starts at the first idle period or the first
 * key press: a key press here starts it at once, and the page's own requests (the chunk, the
 * islands' fetches; not the census beacon's slow answer) are waited for instead of networkidle.
 */
async function open(page: Page, url: string): Promise<{ status: number; csp: string; violations: string[] }> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  const network = trackRequests(page);
  const res = await page.goto(url);
  await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown')));
  await network.quiet();
  const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  return { status: res?.status() ?? 0, csp: (await res?.headerValue('content-security-policy')) ?? '', violations: [...violations, ...console] };
}

describe('the CSP in Chromium', () => {
  // Each page its own tab (one context, no state of the file's own), five side by side (maxConcurrency).
  it.concurrent.each(PAGES)('$name ($path) renders with the policy and no violation', async ({ name, path, status }) => {
    const page = await context.newPage();
    const seen = await open(page, new URL(path, worker.url).href);
    expect(seen.status).toBe(status);
    expect(seen.csp).toMatch(/script-src 'self'/);
    expect(seen.violations).toEqual([]);
    // The theme's stylesheet applied (it zeroes the body margin) and every image decoded.
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
    const broken = await page.evaluate(() => Array.from(document.images).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src));
    expect(broken).toEqual([]);
    await screenshot(page, name);
    await page.close();
  });

  it('refuses inline script and style elements but keeps style attributes', async () => {
    const page = await context.newPage();
    await open(page, new URL('/', worker.url).href);
    const result = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { margin-top: 77px }';
      document.head.append(style);
      const div = document.createElement('div');
      div.innerHTML = '<p id="styled" style="opacity: 0">x</p>';
      document.body.append(div);
      await new Promise((done) => setTimeout(done, 50));
      return {
        ran: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true,
        margin: getComputedStyle(document.body).marginTop,
        opacity: getComputedStyle(document.getElementById('styled')!).opacity,
        violations: (window as unknown as { __csp: string[] }).__csp,
      };
    });
    expect(result.ran).toBe(false);
    expect(result.margin).toBe('0px');
    expect(result.opacity).toBe('0');
    expect(result.violations).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem inline/), expect.stringMatching(/^style-src-elem inline/)]));
    await page.close();
  });

  it('the plain status page (site not found) keeps its hashed inline style', async () => {
    const page = await context.newPage();
    const seen = await open(page, `http://no-such-site.test:${worker.url.port}/`);
    expect(seen.status).toBe(404);
    expect(seen.violations).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontWeight)).toBe('600');
    await page.close();
  });
});

describe('the CSP in the owner area', () => {
  let owner: BrowserContext;
  beforeAll(async () => {
    owner = await watchedContext();
    const { email, password } = await demoOwner();
    const page = await owner.newPage();
    await page.goto(new URL('/config/', worker.url).href);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await Promise.all([page.waitForURL(new URL('/config/', worker.url).href), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    await page.close();
  }, 60_000);
  afterAll(() => owner?.close());

  it.concurrent.each(OWNER_PAGES)('$name ($path) renders for the owner with the policy and no violation', async ({ name, path }) => {
    const page = await owner.newPage();
    const seen = await open(page, new URL(path, worker.url).href);
    expect(seen.status).toBe(200);
    expect(seen.csp).toMatch(/script-src 'self'/);
    // Signed in: the shell took over, not the sign-in form.
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    expect(seen.violations).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    await screenshot(page, name);
    await page.close();
  });
});

describe('an SVG with a script, opened directly', () => {
  it('does not run from /assets/', async () => {
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    const res = await page.goto(new URL('/assets/tests/evil.svg', worker.url).href, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    expect(await res?.headerValue('content-security-policy')).toMatch(/sandbox/);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
    expect(calls).not.toContain('/api/svg-ran');
    await page.close();
  });

  it('would run without the sandbox (the check above can fail)', async () => {
    // The same SVG from a plain server without the policy: the script runs and calls home.
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/evil.svg' ? 200 : 204, { 'Content-Type': 'image/svg+xml' });
      res.end(req.url === '/evil.svg' ? EVIL_SVG : undefined);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const page = await context.newPage();
      const calls: string[] = [];
      page.on('request', (r) => calls.push(new URL(r.url()).pathname));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/evil.svg`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBe('yes');
      expect(calls).toContain('/api/svg-ran');
      await page.close();
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});

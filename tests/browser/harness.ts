/**
 * Shared setup of the browser suites: the worker in Miniflare on a loopback port with
 * the seeded D1/R2 and the Vite build, and Debian's Chromium through playwright-core.
 * Every page records console errors and failed requests so a test can assert none.
 */
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { openBrowser } from './chromium.js';
import { startWorker, type RunningWorker } from '../../edge/test-support.js';

export { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

/**
 * `CHROMIUM_CPU_THROTTLE=10 npx vitest run tests/browser/x.test.ts`: every visitor's page runs
 * that many times slower (CDP Emulation.setCPUThrottlingRate), a slow phone or a loaded CI
 * machine, to shake out waits that only hold on a fast one.
 */
const CPU_THROTTLE = Number(process.env.CHROMIUM_CPU_THROTTLE ?? '1');

/** Slows the page's CPU by CHROMIUM_CPU_THROTTLE (no-op when unset). */
export async function throttleCpu(context: BrowserContext, page: Page): Promise<void> {
  if (!(CPU_THROTTLE > 1)) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/**
 * Opens `url` in a fresh (CPU-throttled when asked) context whose bot-check provider script
 * (requests matching `provider`) is answered by `fakeScript`, or refused with `script: 'fails'`
 * (blocked, offline). Routes are set before the page loads and never changed while it loads:
 * swapping them mid-load turns request interception off and on under the page's own chunks.
 */
export async function openWithProviderScript(
  browser: Browser,
  url: string,
  options: { provider: string; fakeScript: string; script?: 'loads' | 'fails'; beforeGoto?: (page: Page) => Promise<unknown> },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await throttleCpu(context, page);
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(options.provider, async (route) => {
    scripts.push(route.request().url());
    await (options.script === 'fails' ? route.abort() : route.fulfill({ contentType: 'text/javascript', body: options.fakeScript }));
  });
  await options.beforeGoto?.(page);
  const res = await page.goto(url);
  return { context, page, scripts, errors, csp: res!.headers()['content-security-policy'] ?? '' };
}

export interface Storefront {
  worker: RunningWorker;
  browser: Browser;
  /** A fresh visitor (own cookies) with console and request failures recorded. */
  visitor(options?: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; reducedMotion?: 'reduce' | 'no-preference' }): Promise<Visitor>;
  url(path: string): string;
  close(): Promise<void>;
}

export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught page errors so far. */
  errors: string[];
  close(): Promise<void>;
}

/** `bindings`: the worker's extra vars, e.g. the STRIPE_* keys of a deployment with Stripe. */
export async function openStorefront(options: { bindings?: Record<string, string> } = {}): Promise<Storefront> {
  const browser = await openBrowser(inject('chromiumEndpoint'));
  const worker = await startWorker({ port: 0, ...(options.bindings ? { bindings: options.bindings } : {}) }).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  const url = (path: string) => new URL(path, worker.url).href;
  return {
    worker,
    browser,
    url,
    async visitor(options = {}) {
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, javaScriptEnabled: options.javaScriptEnabled, reducedMotion: options.reducedMotion });
      const page = await context.newPage();
      await throttleCpu(context, page);
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (res) => {
        if (res.status() >= 400) errors.push(`HTTP ${res.status()} ${new URL(res.url()).pathname}`);
      });
      let closed: Promise<void> | undefined;
      // Closing twice (a test's own close, then the suite's afterEach) closes once.
      return { context, page, errors, close: () => (closed ??= context.close()) };
    },
    async close() {
      await browser.close().catch(() => undefined);
      await worker.dispose();
    },
  };
}

/** A test file's storefront (useStorefront): a Storefront whose visitors the file's afterEach checks. */
export interface StorefrontSuite extends Omit<Storefront, 'close'> {
  /** Errors matching `pattern` are expected in the current test (a refused order's 402, an offline fetch). */
  allow(pattern: RegExp): void;
}

/**
 * The set-up every storefront browser file shares, registered once at the top of the file:
 * one worker and one Chromium for the file (beforeAll/afterAll), and after each test every
 * visitor the test opened must have no console error, page error or failed request (but
 * those the test allowed), then is closed.
 */
export function useStorefront(options: { bindings?: Record<string, string> } = {}): StorefrontSuite {
  let store: Storefront | undefined;
  let opened: Visitor[] = [];
  let allowed: RegExp | undefined;
  const started = (): Storefront => {
    if (!store) throw new Error('the storefront starts in beforeAll: use it inside hooks and tests');
    return store;
  };
  beforeAll(async () => {
    store = await openStorefront(options);
  });
  afterAll(async () => {
    await store?.close();
  });
  afterEach(async () => {
    const visitors = opened;
    const pattern = allowed;
    opened = [];
    allowed = undefined;
    try {
      for (const visitor of visitors) expect(visitor.errors.filter((e) => !pattern?.test(e))).toEqual([]);
    } finally {
      await Promise.all(visitors.map((visitor) => visitor.close()));
    }
  });
  return {
    get worker() {
      return started().worker;
    },
    get browser() {
      return started().browser;
    },
    url: (path) => started().url(path),
    async visitor(visitorOptions) {
      const visitor = await started().visitor(visitorOptions);
      opened.push(visitor);
      return visitor;
    },
    allow(pattern) {
      allowed = pattern;
    },
  };
}

// The traffic chunk's census hit, events and RUM beacons: they start at the page's first idle
// period and change nothing on it (their answers can take seconds on a loaded machine).
const BACKGROUND = /^\/api\/(census|events)\//;

/**
 * The page's own requests in flight (documents, chunks, pictures, the islands' fetches), and
 * `quiet()`, which resolves once none is in flight and none has started over two frames: the
 * network state the checks need, without networkidle's fixed half second after the traffic beacons.
 */
export function trackRequests(page: Page): { quiet(): Promise<void> } {
  const pending = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    if (BACKGROUND.test(new URL(request.url()).pathname)) return;
    pending.add(request);
    started += 1;
  });
  const done = (request: Request) => pending.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const twoFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return {
    async quiet() {
      for (;;) {
        const before = started;
        const idle = pending.size === 0;
        await twoFrames();
        if (idle && pending.size === 0 && started === before) return;
      }
    },
  };
}

/** Waits until every island on the page has mounted (the loader marks each `data-island-state`). */
export async function islandsHydrated(page: Page, selector = '[data-island]'): Promise<void> {
  await page.waitForFunction(
    (sel) => Array.from(document.querySelectorAll<HTMLElement>(sel)).every((el) => el.dataset.islandState === 'hydrated'),
    selector,
  );
}

/**
 * Scrolls each marker of `selector` into view in turn (so `visible` islands below the fold,
 * such as product cards' add-to-cart, start) and waits until all have mounted.
 */
export async function islandsReached(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const waiting = Array.from(document.querySelectorAll<HTMLElement>(sel)).filter((el) => el.dataset.islandState !== 'hydrated');
    waiting[0]?.scrollIntoView({ block: 'center' });
    return waiting.length === 0;
  }, selector);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Resolves when the page's form island has its submission key (fetched on the visitor's first
 * input): call it before that input, await it before ageing keys (edge/api/forms/test-visitor.ts).
 */
export function formKeyIssued(page: Page): Promise<unknown> {
  return page.waitForResponse((r) => r.url().endsWith('/api/form/FormSubmissionKey') && r.ok());
}

/** The shopper the checkout walks fill in: a Portland, Oregon address the seeded US zone ships to. */
export interface CheckoutShopper {
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Fills the checkout island's contact and shipping address with `shopper` in Portland, OR, and
 * leaves the postal code by Tab so the island asks for the shipping quote.
 */
export async function fillCheckoutAddress(page: Page, shopper: CheckoutShopper): Promise<Locator> {
  const checkout = page.locator('[data-island="checkout"]');
  await checkout.getByLabel('Email', { exact: true }).fill(shopper.email);
  await checkout.getByLabel('First name', { exact: true }).fill(shopper.firstName ?? 'Ada');
  await checkout.getByLabel('Last name', { exact: true }).fill(shopper.lastName ?? 'Lovelace');
  await checkout.getByLabel('Address', { exact: true }).fill('1 Main St');
  await checkout.getByLabel('City', { exact: true }).fill('Portland');
  await checkout.getByLabel('State / region').selectOption('OR');
  await checkout.getByLabel('Postal code').fill('97201');
  await page.keyboard.press('Tab');
  return checkout;
}

/** Picks the seeded zone's Standard rate with the arrow keys, from the Pick up option above it. */
export async function chooseStandardShipping(page: Page): Promise<void> {
  const wait = { timeout: 30_000 };
  const standard = page.getByRole('radio', { name: /Standard/ });
  await standard.waitFor(wait);
  await page.getByRole('radio', { name: /Pick up/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => standard.isChecked(), wait).toBe(true);
}

/** Types the local test provider's card (4242…, or another test number) into `form`. */
export async function fillTestCard(form: Locator | Page, number = '4242 4242 4242 4242'): Promise<void> {
  await form.getByLabel('Card number', { exact: true }).fill(number);
  await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
  await form.getByLabel('Security code', { exact: true }).fill('123');
}

/** Calls the worker's APIs with the visitor's own cookies (crumb echoed), e.g. to fill a cart. */
export async function visitorApi(store: Pick<Storefront, 'url'>, visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown): Promise<any> {
  let crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')?.value;
  if (!crumb) {
    await visitor.context.request.get(store.url('/about'));
    crumb = (await visitor.context.cookies(store.url('/'))).find((c) => c.name === 'crumb')?.value;
  }
  const res = await visitor.context.request.fetch(store.url(path), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb ?? '' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok()) throw new Error(`${method} ${path} -> ${res.status()} ${JSON.stringify(json)}`);
  return json;
}

/** Bodies of the add-to-cart calls the page makes. */
export function recordAdds(page: Page): unknown[] {
  const adds: unknown[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/commerce/shopping-cart/entries') adds.push(req.postDataJSON());
  });
  return adds;
}

/** An item's id from its page context. */
export async function itemIdOf(store: Pick<Storefront, 'url'>, path: string): Promise<string> {
  const res = await fetch(store.url(`${path}?format=json`));
  return ((await res.json()) as { item: { id: string } }).item.id;
}

/**
 * On /fr, opens the intro wheel workshop's additional-fields dialog from its product page: picks
 * the first date, adds to cart, and returns the dialog once it shows.
 */
export async function openFrenchWorkshopDialog(store: Pick<Storefront, 'url'>, page: Page): Promise<Locator> {
  await page.goto(store.url('/fr/shop/intro-wheel-workshop'));
  await islandsHydrated(page, '[data-island="product-form"]');
  await page.locator('.product-purchase select').first().selectOption({ index: 1 });
  await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
  const dialog = page.getByRole('dialog', { name: 'Workshop details' });
  await dialog.waitFor();
  return dialog;
}

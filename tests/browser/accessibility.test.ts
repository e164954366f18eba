import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './axe.js';
import { islandsHydrated, openStorefront, visitorApi, type Storefront, type Visitor } from './harness.js';

/**
 * axe-core over the storefront's main pages once their islands have hydrated: no
 * serious or critical WCAG 2.1 A/AA violation. axe is injected as an inline script, so
 * this context bypasses the CSP (the pages' own scripts run exactly as usual).
 */

/** Rules excepted, with the reason. Empty: every serious or critical finding is fixed. */
const EXCEPTIONS: Record<string, string> = {};

let store: Storefront;
let visitor: Visitor;

beforeAll(async () => {
  store = await openStorefront();
  const context = await store.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  visitor = { context, page, errors, close: () => context.close() };
  // A cart with one mug, so the cart and checkout pages show their full forms.
  const mug = ((await (await fetch(store.url('/shop/speckled-stoneware-mug?format=json'))).json()) as { item: { id: string } }).item.id;
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: mug, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null });
});
afterAll(async () => {
  await visitor?.close();
  await store?.close();
});

const PAGES = ['/', '/shop', '/shop/speckled-stoneware-mug', '/cart', '/checkout', '/contact'];

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  it.each(PAGES)('%s has no serious or critical violations', async (path) => {
    const { page } = visitor;
    await page.goto(store.url(path));
    await islandsHydrated(page, '[data-island][data-island-load="eager"]');
    // Colours are judged at rest: the pill fades in once the cart has loaded (a fetch after
    // hydration), and mid-way its text would read as low contrast.
    // (data-state says "initialized" from the moment the fetch starts; the visitor's cart has a mug, so wait for the pill itself.)
    await page.locator('.cart-pill.is-visible').waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const findings = await audit(page, EXCEPTIONS);
    if (findings.length) console.log(path, JSON.stringify(findings, null, 2));
    expect(findings).toEqual([]);
  });
});

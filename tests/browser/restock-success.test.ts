import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwner, signIn } from '../../edge/test-support.js';
import { openStorefront, type Storefront } from './harness.js';

/**
 * SPEC §4 Restock form: on success the owner's custom text shows instead of 'Signed up!',
 * the product's own text before the site's. Set through the owner API, seen in Chromium.
 */
let store: Storefront;
let headers: Record<string, string>;
let moonJarId: string;

beforeAll(async () => {
  store = await openStorefront();
  const { email, password } = await demoOwner();
  headers = { ...(await signIn(store.worker, email, password)).headers, 'Content-Type': 'application/json' };
  moonJarId = ((await (await fetch(store.url('/shop/moon-jar?format=json'))).json()) as { item: { id: string } }).item.id;
});
afterAll(async () => {
  await store?.close();
});

async function setText(body: Record<string, unknown>) {
  const res = await store.worker.fetch('/api/site-users/account/notifications/restock/success-text', { method: 'PUT', headers, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function signUpShows(email: string): Promise<string | null> {
  const visitor = await store.visitor();
  await visitor.page.goto(store.url('/shop/moon-jar'));
  const island = visitor.page.locator('.product-restock');
  await island.locator('.restock-idle').waitFor();
  await island.locator('input[name="email"]').first().fill(email);
  await island.locator('input[type="submit"]').first().click();
  await island.locator('.product-restock-success').waitFor();
  const text = await island.locator('.product-restock-success').textContent();
  expect(visitor.errors).toEqual([]);
  await visitor.close();
  return text;
}

describe("the owner's restock success text", () => {
  it("shows the site's text, then the product's own over it", async () => {
    // The demo jar has its own text ("You're on the list!"): cleared, the site's shows.
    await setText({ productId: moonJarId, text: null });
    await setText({ text: 'You are on the list for everything.' });
    expect(await signUpShows('site-text@example.com')).toBe('You are on the list for everything.');
    await setText({ productId: moonJarId, text: 'We will write when the jars are out of the kiln.' });
    expect(await signUpShows('product-text@example.com')).toBe('We will write when the jars are out of the kiln.');
  });
});

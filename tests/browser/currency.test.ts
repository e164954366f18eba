import { beforeAll, describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, visitorApi } from './harness.js';

/**
 * One price, three places: the product page (the engine's money formatter on the server),
 * the cart pill and the cart page (React, domain/money in the browser). A store in a
 * zero-decimal currency (KRW) once showed ₩78 in the pill for a ₩7,800 coffee set.
 */
const store = useStorefront({ bindings: { PAGE_CACHE: 'off' } });

beforeAll(async () => {
  const db = store.worker.db;
  await db.batch([
    db.prepare("UPDATE websites SET currency = 'KRW'"),
    db.prepare("UPDATE products SET currency = 'KRW'"),
    db.prepare("UPDATE variants SET currency = 'KRW'"),
  ]);
});

/** The one-variant product the tests buy, as its page's context JSON has it. */
async function coffeeSet(): Promise<{ id: string; sku: string; currency: string }> {
  const { item } = (await (await fetch(store.url('/shop/pour-over-coffee-set?format=json'))).json()) as {
    item: { id: string; structuredContent: { variants: { sku: string; priceMoney: { currency: string } }[] } };
  };
  const variant = item.structuredContent.variants[0]!;
  return { id: item.id, sku: variant.sku, currency: variant.priceMoney.currency };
}

describe('a store in Korean won', () => {
  it('shows the same price on the product page, in the cart pill and on the cart page', async () => {
    const visitor = await store.visitor();
    const { page } = visitor;
    const product = await coffeeSet();
    expect(product.currency).toBe('KRW');
    await page.goto(store.url('/shop/pour-over-coffee-set'));
    const serverPrice = (await page.locator('.product-price').first().innerText()).trim();
    expect(serverPrice).toBe('₩7,800');

    await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: product.id, sku: product.sku, quantity: 1, additionalFields: null });
    await page.reload();
    await islandsHydrated(page, '[data-island="cart-pill"]');
    await page.locator('.cart-pill.is-visible').waitFor();
    expect(await page.locator('.cart-pill-subtotal').innerText()).toBe(serverPrice);

    await page.goto(store.url('/cart'));
    await islandsHydrated(page, '[data-island="cart"]');
    // The island's own markup (quantity controls), not the server's, which it replaces once the cart loads.
    await page.locator('.cart-entries .cart-entry-controls').waitFor();
    expect(await page.locator('.cart-entry-total').innerText()).toBe(serverPrice);
    expect(await page.locator('.cart-summary strong').innerText()).toBe(serverPrice);
  });

  it("shows the same price in the cart page's server markup (before scripts, and without them)", async () => {
    const visitor = await store.visitor({ javaScriptEnabled: false });
    const { page } = visitor;
    await page.goto(store.url('/shop/pour-over-coffee-set'));
    const serverPrice = (await page.locator('.product-price').first().innerText()).trim();
    const product = await coffeeSet();
    await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: product.id, sku: product.sku, quantity: 1, additionalFields: null });
    await page.goto(store.url('/cart'));
    expect(await page.locator('.cart-entry-total').innerText()).toBe(serverPrice);
    expect(await page.locator('.cart-summary strong').innerText()).toBe(serverPrice);
  });
});

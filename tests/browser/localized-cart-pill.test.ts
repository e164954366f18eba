import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { islandsReached, useStorefront, visitorApi } from './harness.js';
import { DEMO_FRENCH_TEXTS } from '../../edge/api/multilingual/test-french.js';

/**
 * fix4 (issue 29): the cart pill's read of the cart sends the page's language (`<html lang>`), so
 * the cart's refused coupons come back in its words; a subscribable product's add sends it too.
 */
const store = useStorefront();
const FRENCH: Record<string, string> = DEMO_FRENCH_TEXTS;
const CART = '/api/commerce/shopping-cart';

/** The cart read the page makes on start, with the refused coupons' messages it answered. */
async function cartRead(page: Page, path: string): Promise<{ language: string | null; messages: string[] }> {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === CART),
    page.goto(store.url(path)),
  ]);
  const { shoppingCart } = (await res.json()) as { shoppingCart: { invalidCoupons: { message: string }[] } };
  return { language: new URL(res.url()).searchParams.get('language'), messages: shoppingCart.invalidCoupons.map((c) => c.message) };
}

describe('the cart pill and the subscription add in the page language', () => {
  it("the pill's cart read on /fr sends language 'fr' and gets a refused coupon's message in French; English on /", async () => {
    const visitor = await store.visitor();
    const { item } = (await (await fetch(store.url('/shop/incense-holder?format=json'))).json()) as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
    await visitorApi(store, visitor, 'POST', `${CART}/entries`, { itemId: item.id, sku: item.structuredContent.variants[0]?.sku ?? null, quantity: 1, additionalFields: null });
    await visitorApi(store, visitor, 'POST', `${CART}/coupons`, { code: 'nope-fix4' });

    expect(await cartRead(visitor.page, '/fr/')).toEqual({ language: 'fr', messages: [FRENCH.couponUnknown] });
    const english = await cartRead(visitor.page, '/');
    expect(english.language).toMatch(/^en/);
    expect(english.messages).toEqual(['This coupon code is not valid.']);
  });

  it("a subscribable product's add on its /fr page sends language 'fr'", async () => {
    const { page } = await store.visitor();
    const bodies: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/3/commerce/cart/subscription') bodies.push(req.postDataJSON());
    });
    await page.goto(store.url('/fr/shop/monthly-clay-club'));
    await islandsReached(page, '[data-island="product-form"], [data-island="add-to-cart"]');
    await Promise.all([page.waitForURL(/\/checkout\?cartToken=/), page.locator('button.sqs-add-to-cart-button').first().click()]);
    expect(bodies).toEqual([expect.objectContaining({ language: 'fr' })]);
  });
});

import { describe, expect, it } from 'vitest';
import { islandsReached, recordAdds, useStorefront } from './harness.js';
import { DEMO_FRENCH_TEXTS } from '../../edge/api/multilingual/test-french.js';

/**
 * Issue 29 (lang24): on /fr/shop the add-to-cart island sends the page's language with an add
 * (the cart API answers its own refusals in it), and the quick view's line when the product page
 * cannot be read is the listing page's French (`data-prop-network`); the English page keeps its
 * English line.
 */
const store = useStorefront();
const FRENCH_NETWORK: string = DEMO_FRENCH_TEXTS.themeNetwork;

describe('French listing: the add and the quick view in the page language', () => {
  it("a card's add on /fr/shop sends language 'fr'; on /shop the primary's", async () => {
    const { page } = await store.visitor();
    const adds = recordAdds(page);
    for (const path of ['/fr/shop', '/shop']) {
      await page.goto(store.url(path));
      await islandsReached(page, '[data-island="add-to-cart"]');
      const card = page.locator('.product-card', { has: page.locator('a[href$="/shop/incense-holder"]') }).first();
      await card.locator('button.sqs-add-to-cart-button').click();
      await expect.poll(() => adds.length).toBe(path === '/shop' ? 2 : 1);
    }
    expect(adds[0]).toMatchObject({ language: 'fr' });
    // The English page's own language, which the server reads as the primary's.
    expect(adds[1]).toMatchObject({ language: expect.stringMatching(/^en/) });
  });

  it("the quick view says the network line in French when the product page cannot be read; English on /shop", async () => {
    store.allow(/Failed to load resource: net::ERR_FAILED/);
    const { page } = await store.visitor();
    await page.route((url) => url.searchParams.get('format') === 'json' && url.pathname.includes('/shop/'), (route) => route.abort());
    for (const [path, line] of [['/fr/shop', FRENCH_NETWORK], ['/shop', 'Please check your internet connection.']] as const) {
      await page.goto(store.url(path));
      const quick = page.locator('[data-island="quick-view"]').first();
      // The island loads on the first press; the press on its own button then opens it.
      await quick.locator('.sqs-product-quick-view-button').click();
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="quick-view"]')?.dataset.islandState === 'hydrated');
      await quick.locator('button.sqs-product-quick-view-button').click();
      await expect.poll(() => quick.getByRole('alert').textContent()).toBe(line);
    }
  });
});

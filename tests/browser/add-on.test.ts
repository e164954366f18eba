import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { islandsReached, openStorefront, recordAdds, type Storefront, type Visitor } from './harness.js';

/**
 * SPEC §2 add-on buttons: the related products under a product page add with a plus
 * that swaps for a check when added, on the SPEC §4/§9 add-to-cart timings (check from the
 * server's success, plus again 1 s + 2 s later), in Chromium with Playwright's clock.
 */
let store: Storefront;
let visitor: Visitor;
const START = Date.now();

beforeAll(async () => {
  store = await openStorefront();
  visitor = await store.visitor();
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url('/shop/speckled-stoneware-mug'));
  await islandsReached(visitor.page, '.related-products [data-island="add-to-cart"], [data-island="cart-pill"]');
  await visitor.page.clock.pauseAt(START + 60_000);
});
afterAll(async () => {
  await visitor?.close();
  await store?.close();
});

describe('add-on buttons of related products', () => {
  it('swap plus for check when added, then back, ignoring clicks while added', async () => {
    const { page } = visitor;
    const adds = recordAdds(page);
    // The first related product with a single variant adds straight away (no options to choose).
    const at = await page.$$eval('.related-products [data-island="add-to-cart"]', (markers) =>
      markers.findIndex((m) => {
        const product = JSON.parse((m as HTMLElement).dataset.propProduct ?? '{}') as { variants?: { qtyInStock: number; unlimited: boolean }[] };
        const only = product.variants?.length === 1 ? product.variants[0] : undefined;
        return !!only && (only.unlimited || only.qtyInStock > 0);
      }),
    );
    expect(at).toBeGreaterThanOrEqual(0);
    const card = page.locator('.related-products .product-card').nth(at);
    const addOn = card.locator('.sqs-add-to-cart-button.is-add-on');
    const title = (await card.locator('.product-card-title').innerText()).trim();
    const icon = () => addOn.locator('.add-on-icon').getAttribute('data-icon');
    expect(await icon()).toBe('plus');
    expect(await addOn.getAttribute('aria-label')).toBeNull();
    expect(await page.getByRole('button', { name: `Add To Cart: ${title}` }).count()).toBe(1);

    // The add's answer first (a refusal shows its status here), then the pill, polled from Node:
    // in-page polling waits on the page's paused clock.
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries'));
    await addOn.click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => page.locator('.cart-pill-count').textContent()).toBe('1');
    expect(adds).toEqual([{ itemId: expect.any(String), sku: expect.any(String), quantity: 1, additionalFields: null, language: 'en-US' }]);
    // The adding state ends with the answer: the check at once (SPEC §4).
    await expect.poll(() => icon()).toBe('check');
    expect(await addOn.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByRole('button', { name: `Added!: ${title}` }).count()).toBe(1);
    await addOn.click();
    expect(adds.length).toBe(1);
    await page.clock.runFor(2999);
    expect(await icon()).toBe('check');
    await page.clock.runFor(1);
    expect(await icon()).toBe('plus');
    expect(visitor.errors).toEqual([]);
  });

  it('keeps the box the server rendered: hydration shifts no add-on button', async () => {
    const other = await store.visitor({ javaScriptEnabled: false });
    await other.page.goto(store.url('/shop/speckled-stoneware-mug'));
    const server = await other.page.locator('.related-products .product-card-add .sqs-add-to-cart-button').first().boundingBox();
    await other.close();
    const hydrated = await visitor.page.locator('.related-products .product-card-add .sqs-add-to-cart-button').first().boundingBox();
    expect({ width: hydrated?.width, height: hydrated?.height }).toEqual({ width: server?.width, height: server?.height });
  });
});

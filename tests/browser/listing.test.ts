import { describe, expect, it } from 'vitest';
import { islandsHydrated, islandsReached, itemIdOf, recordAdds, useStorefront, visitorApi, type Visitor } from './harness.js';

/** The listing grid's add-to-cart, popover and quick view, and the pill's cart loading, against the real cart API. */
const store = useStorefront();
let visitor: Visitor;
const START = Date.now();

async function openShop(path = '/shop') {
  visitor = await store.visitor();
  const cart = { adds: recordAdds(visitor.page) };
  await visitor.page.clock.install({ time: START });
  await visitor.page.goto(store.url(path));
  await islandsReached(visitor.page, '[data-island="add-to-cart"], [data-island="cart-pill"]');
  await visitor.page.clock.pauseAt(START + 60_000);
  return cart;
}

const card = (title: string) => visitor.page.locator('.product-card', { has: visitor.page.getByRole('link', { name: title, exact: true }) });

describe('listing grid', () => {
  it("a product with options shows 'Select Option', disabled for 2000 ms, then restores", async () => {
    const cart = await openShop();
    const button = card('Speckled Stoneware Mug').locator('button.sqs-add-to-cart-button');
    expect(await button.innerText()).toBe('Add To Cart');
    await button.click();
    expect(await button.innerText()).toBe('Select Option');
    expect(await button.isDisabled()).toBe(true);
    await visitor.page.clock.runFor(1999);
    expect(await button.isDisabled()).toBe(true);
    await visitor.page.clock.runFor(1);
    expect(await button.innerText()).toBe('Add To Cart');
    expect(await button.isDisabled()).toBe(false);
    expect(cart.adds).toEqual([]);
  });

  it('a single-variant product is added and the popover says so, closing after 3000 ms or on Close', async () => {
    const cart = await openShop();
    const button = card('Incense Holder').locator('button.sqs-add-to-cart-button');
    await button.click();
    const popover = visitor.page.locator('.added-popover');
    await popover.waitFor();
    expect(await popover.locator('p').innerText()).toBe('Incense Holder was added to your cart.');
    expect(cart.adds).toHaveLength(1);
    // Snapped under the first visible cart indicator (the header's cart link), right edges aligned.
    const [pop, link] = await Promise.all([popover.boundingBox(), visitor.page.locator('.site-header .cart-link').boundingBox()]);
    expect(pop!.y).toBeGreaterThanOrEqual(link!.y + link!.height);
    expect(Math.abs(pop!.x + pop!.width - (link!.x + link!.width))).toBeLessThan(2);
    await visitor.page.clock.runFor(2999);
    expect(await popover.count()).toBe(1);
    await visitor.page.clock.runFor(1);
    expect(await popover.count()).toBe(0);
    await visitor.page.clock.runFor(5000);
    await button.click();
    await popover.waitFor();
    await popover.getByRole('button', { name: 'Close' }).click();
    expect(await popover.count()).toBe(0);
  });

  it("sold-out products show a disabled 'Sold Out' button", async () => {
    await openShop();
    const button = card('Moon Jar').locator('button');
    expect(await button.first().innerText()).toBe('Sold Out');
    expect(await button.first().isDisabled()).toBe(true);
  });

  it('Quick View opens the product in a lightbox with focus trapped; Escape and an outside click close it', async () => {
    const cart = await openShop();
    const target = card('Everyday Tumbler');
    await target.scrollIntoViewIfNeeded();
    const open = target.getByRole('button', { name: 'Quick View' });
    await open.waitFor();
    await open.click();
    const dialog = visitor.page.getByRole('dialog', { name: 'Everyday Tumbler' });
    await dialog.waitFor();
    for (let i = 0; i < 8; i++) {
      await visitor.page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await visitor.page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await open.click();
    await dialog.waitFor();
    await visitor.page.mouse.click(5, 5);
    expect(await dialog.count()).toBe(0);
    // Adding from the quick view.
    await open.click();
    await dialog.waitFor();
    await dialog.getByRole('combobox').first().selectOption({ index: 1 });
    await dialog.locator('button.sqs-add-to-cart-button').click();
    await visitor.page.locator('.added-popover').waitFor();
    expect(cart.adds).toHaveLength(1);
  });

  it('a press on Quick View that its island takes over before the release still opens it', async () => {
    visitor = await store.visitor();
    const { page } = visitor;
    // The quick-view chunk is held until the button is pressed, then lands before the release:
    // the pressed server control is gone and the browser fires no click of its own.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/client/islands/quick-view-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(store.url('/shop'));
    const target = card('Everyday Tumbler');
    await target.scrollIntoViewIfNeeded();
    const marker = target.locator('[data-island="quick-view"]');
    const box = (await target.getByRole('button', { name: 'Quick View' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await marker.getAttribute('data-island-state')).toBe('pending');
    release();
    await page.waitForFunction((el) => el?.getAttribute('data-island-state') === 'hydrated', await marker.elementHandle());
    await page.mouse.up();
    await page.getByRole('dialog', { name: 'Everyday Tumbler' }).waitFor();
  });

  it("the pill loads the cart when hasCart=true and caps the count at '100+'", async () => {
    visitor = await store.visitor();
    const budVase = await itemIdOf(store, '/shop/bud-vase');
    const { shoppingCart } = await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: budVase, sku: await skuOf('/shop/bud-vase'), quantity: 150, additionalFields: null });
    expect(shoppingCart.totalQuantity).toBe(150);
    const calls: string[] = [];
    visitor.page.on('request', (r) => calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await visitor.page.goto(store.url('/about'));
    await visitor.page.waitForFunction(() => document.querySelector('.cart-pill-count')?.textContent === '100+');
    expect(calls).toContain('GET /api/commerce/shopping-cart');
    await visitor.page.locator('a.cart-pill').click();
    await visitor.page.waitForURL('**/cart');
  });

  it('without hasCart the pill stays hidden and never asks for the cart', async () => {
    visitor = await store.visitor();
    const calls: string[] = [];
    visitor.page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    await visitor.page.goto(store.url('/about'));
    await islandsHydrated(visitor.page, '[data-island="cart-pill"]');
    expect(await visitor.page.locator('a.cart-pill').isHidden()).toBe(true);
    // Nothing asks for the cart (the traffic runtime's page hit, sent once the page is idle, is not the pill's).
    expect(calls.filter((p) => p.startsWith('/api/commerce'))).toEqual([]);
  });
});

async function skuOf(path: string): Promise<string> {
  const res = await fetch(store.url(`${path}?format=json`));
  return ((await res.json()) as { item: { structuredContent: { variants: { sku: string }[] } } }).item.structuredContent.variants[0]!.sku;
}

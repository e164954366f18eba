import { describe, expect, it } from 'vitest';
import { balanceOf, seedGiftCard } from '../../edge/api/commerce/test-gift-cards.js';
import { islandsHydrated, useStorefront, visitorApi, type Visitor } from './harness.js';

/** In Chromium: paying with a gift card at checkout, partly and wholly. */
const store = useStorefront();
let visitor: Visitor;

/** A visitor with one digital product in the cart on the checkout page (no shipping to fill in). */
async function digitalCheckout(): Promise<void> {
  visitor = await store.visitor();
  const { page } = visitor;
  const guide = await fetch(store.url('/shop/wheel-throwing-video-course?format=json')).then((r) => r.json() as Promise<{ item: { id: string } }>);
  await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId: guide.item.id, sku: null, quantity: 1, additionalFields: null });
  await page.goto(store.url('/checkout'));
  await islandsHydrated(page, '[data-island="checkout"]');
  const checkout = page.locator('[data-island="checkout"]');
  await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
  // A purely digital cart asks for no shipping address.
  expect(await checkout.getByLabel('Address', { exact: true }).count()).toBe(0);
}

async function applyGiftCard(code: string): Promise<void> {
  const { page } = visitor;
  await page.getByLabel('Gift card code').focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

describe('gift cards at checkout in Chromium', () => {
  it('a gift card smaller than the total shows the draw-down and the card pays the rest', async () => {
    const card = await seedGiftCard(store.worker.db, 1500);
    await digitalCheckout();
    const { page } = visitor;
    await applyGiftCard(card.code.toLowerCase());
    const summary = page.locator('.order-summary');
    await expect.poll(() => summary.innerText()).toContain(`Gift card (ending ${card.code.slice(-4)}): −$15.00`);
    expect(await summary.innerText()).toContain('To pay by card: $34.00');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmed\?order=/);
    const text = await page.locator('.order-confirmed').innerText();
    expect(text).toContain('Gift card: −$15.00 · Paid by card: $34.00');
    // The digital product's download link is on the confirmation page.
    expect(await page.getByRole('link', { name: 'Wheel Throwing Video Course' }).getAttribute('href')).toMatch(/^\/downloads\/[^?]+\?expires=\d+&sig=/);
    expect(await balanceOf(store.worker.db, card.id)).toBe(0);
  });

  it('a gift card covering the whole order needs no card, and a bad code shows the SPEC-style text', async () => {
    store.allow(/HTTP 422 \/api\/commerce\/shopping-cart\/gift-card|status of 422/);
    const card = await seedGiftCard(store.worker.db, 10000);
    await digitalCheckout();
    const { page } = visitor;
    await applyGiftCard('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await page.getByText('This gift card code is not valid.').waitFor();
    await page.getByLabel('Gift card code').fill('');
    await applyGiftCard(card.code);
    await page.getByText('Your gift card covers this order: no card payment is needed.').waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await page.locator('.order-summary').innerText()).toContain('To pay by card: $0.00');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order-confirmed\?order=/);
    expect(await page.locator('.order-confirmed').innerText()).toContain('Gift card: −$49.00 · Paid by card: $0.00');
    expect(await balanceOf(store.worker.db, card.id)).toBe(5100);
  });
});

import { describe, expect, it } from 'vitest';
import { fillCheckoutAddress, fillTestCard, islandsHydrated, itemIdOf, useStorefront, visitorApi } from './harness.js';
import { openOwnerApp, signedInOwner } from './owner-harness.js';

/**
 * Issue 27 in Chromium: the owner adds a shipping zone with a free-over rate and a coupon in
 * the owner app; a shopper's checkout then offers exactly that rate and the coupon applies, and
 * the order carries both.
 */
const store = useStorefront();

describe('checkout settings in Chromium', () => {
  it('an owner adds a free-over rate and a coupon; the shopper’s checkout offers exactly that rate and the coupon applies', async () => {
    const owner = await signedInOwner(store);
    const { page } = owner;

    // Shipping: a zone for Oregon with one rate, $6.00, free from $40.00.
    await openOwnerApp(page, store.url('/config/shipping'));
    await page.getByRole('heading', { level: 1, name: 'Shipping' }).waitFor();
    await page.locator('[data-zone="United States"]').waitFor();
    await page.getByRole('button', { name: 'Add shipping zone' }).click();
    const zone = page.getByRole('dialog', { name: 'Add shipping zone' });
    await zone.getByLabel('Zone name').fill('Oregon');
    await zone.getByLabel('Countries').fill('US');
    await zone.getByLabel('Regions (optional)').fill('OR');
    await zone.getByLabel('Kind').selectOption('free-over');
    await zone.getByLabel('Rate name').fill('Oregon post');
    // A price that is no amount is refused beside its field, before anything is sent.
    await zone.getByLabel('Price (USD)').fill('six');
    await zone.getByLabel('Free for orders from (USD)').fill('40');
    await zone.getByRole('button', { name: 'Save zone' }).click();
    await zone.getByText('Enter an amount such as 8.00.').waitFor();
    await zone.getByLabel('Price (USD)').fill('6.00');
    // Saved by keyboard: focus the button and press Enter.
    await zone.getByRole('button', { name: 'Save zone' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-zone="Oregon"]').waitFor();
    expect(await page.locator('[data-zone="Oregon"]').innerText()).toContain('Oregon post: $6.00, free from $40.00');

    // Coupon: 15 % off.
    await page.goto(store.url('/config/coupons'));
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    await page.locator('tr[data-coupon="WELCOME10"]').waitFor();
    await page.getByRole('button', { name: 'Create coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create coupon' });
    await dialog.getByLabel('Code').fill('spring15');
    await dialog.getByLabel('Percent off (%)').fill('15');
    await dialog.getByLabel('Usage limit in total (optional)').fill('100');
    await dialog.getByRole('button', { name: 'Save coupon' }).click();
    const row = page.locator('tr[data-coupon="SPRING15"]');
    await row.waitFor();
    expect(await row.innerText()).toContain('0 of 100');

    // The shopper: one incense holder (on sale at $14.00) to a Portland address.
    const shopper = await store.visitor();
    const itemId = await itemIdOf(store, '/shop/incense-holder');
    await visitorApi(store, shopper, 'POST', '/api/commerce/shopping-cart/entries', { itemId, sku: 'FK-INC-01', quantity: 1, additionalFields: null });
    const s = shopper.page;
    await s.goto(store.url('/checkout'));
    await islandsHydrated(s, '[data-island="checkout"]');
    const checkout = await fillCheckoutAddress(s, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    const radios = checkout.getByRole('radio');
    await checkout.getByRole('radio', { name: /Oregon post/ }).waitFor();
    // Exactly the configured rate: nothing of the seeded US zone.
    expect(await radios.count()).toBe(1);
    expect((await checkout.locator('.shipping-option').innerText()).replace(/\s+/g, ' ')).toBe('Oregon post $6.00');
    await checkout.getByLabel('Coupon code').fill('spring15');
    await checkout.getByRole('button', { name: 'Apply', exact: true }).click();
    const summary = s.locator('.order-summary');
    // 15 % of $14.00 = $2.10; shipping $6.00; total $17.90 (no Oregon sales tax).
    await expect.poll(() => summary.innerText()).toContain('Discount: −$2.10');
    expect(await summary.innerText()).toContain('Shipping: $6.00');
    expect(await summary.innerText()).toContain('Total: $17.90');
    await fillTestCard(checkout);
    await s.getByRole('button', { name: 'Place order' }).click();
    await s.waitForURL(/\/order-confirmed\?order=/);
    const order = await store.worker.db
      .prepare("SELECT coupons, shipping_total_cents AS shipping, discount_cents AS discount, grand_total_cents AS total FROM orders WHERE email = 'grace@example.com'")
      .first<{ coupons: string; shipping: number; discount: number; total: number }>();
    expect(order).toEqual({ coupons: '["SPRING15"]', shipping: 600, discount: 210, total: 1790 });

    // The owner's coupon table counts the use.
    await page.reload();
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    await expect.poll(() => page.locator('tr[data-coupon="SPRING15"]').innerText()).toContain('1 of 100');
  });
});

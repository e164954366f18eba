import { describe, expect, it } from 'vitest';
import { islandsHydrated, useStorefront, type Visitor } from './harness.js';

/** In Chromium: subscribe on the product page -> subscription checkout -> page 206. */
const store = useStorefront();
let visitor: Visitor;

describe('subscription checkout in Chromium', () => {
  it('subscribes to the clay club with the test card and lands on the subscription confirmed page', async () => {
    visitor = await store.visitor();
    const { page } = visitor;
    await page.goto(store.url('/shop/monthly-clay-club'));
    await islandsHydrated(page, '[data-island="product-form"], [data-island="cart-pill"]');
    await page.locator('.product-purchase button.sqs-add-to-cart-button').click();
    await page.waitForURL(/\/checkout\?cartToken=[A-Za-z0-9_-]{32}$/);
    await islandsHydrated(page, '[data-island="checkout"]');
    const checkout = page.locator('[data-island="checkout"]');
    await expect.poll(() => checkout.locator('.order-summary').innerText()).toContain('$65.00 every month');
    // A service: no shipping address, no coupon on a subscription.
    expect(await checkout.getByLabel('Address', { exact: true }).count()).toBe(0);
    expect(await checkout.getByLabel('Coupon code').count()).toBe(0);
    await checkout.getByLabel('Email', { exact: true }).fill('club@example.com');
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('Security code').fill('123');
    await checkout.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/subscription-confirmed\?order=/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you! Your subscription is confirmed.');
    expect(await page.locator('.subscription-wording').innerText()).toBe('$65.00 every month');
    expect(await page.locator('.subscription-next').innerText()).toMatch(/^Next payment: \w+ +\d{1,2}, \d{4}$/);
    // The visitor's shopping cart was never involved.
    expect(await page.evaluate(() => document.cookie.includes('hasCart=true'))).toBe(false);
  });
});

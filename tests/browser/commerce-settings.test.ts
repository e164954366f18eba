import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedGiftCard } from '../../edge/api/commerce/test-gift-cards.js';
import { clubPlans, shopper, subscribe } from '../../edge/api/commerce/test-subscription.js';
import { islandsHydrated, useStorefront, visitorApi } from './harness.js';
import { openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The owner's commerce settings in Chromium (client/editor/screens/commerce-settings): the
 * currency changed to JPY shows on the storefront; prices include tax (Tax tab) shows on it too; the test provider turned off refuses the
 * test card at checkout; the sender name shows in the outbox; a gift card's balance
 * adjusted with its history; a subscription paused and resumed.
 */
const store = useStorefront();

async function settled(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.locator('[data-state="loading"]').first().waitFor({ state: 'detached' });
}

const priceOnPage = async (page: Page, path: string) => {
  await page.goto(store.url(path));
  return (await page.locator('.product-price').first().innerText()).trim();
};

describe('commerce settings in Chromium', () => {
  it('an owner changes the store currency to JPY and the product page shows yen; back to USD', async () => {
    const { page } = await signedInOwner(store);
    const shopperView = await store.visitor();
    const price = async () => (await store.worker.db.prepare("SELECT CASE WHEN on_sale = 1 THEN sale_price_cents ELSE price_cents END AS p FROM variants WHERE sku = 'FK-INC-01'").first<{ p: number }>())!.p;
    const cents = await price();
    expect(await priceOnPage(shopperView.page, '/shop/incense-holder')).toContain(`$${(cents / 100).toFixed(2)}`);

    await openOwnerApp(page, store.url('/config/commerce-settings'));
    await settled(page, 'Commerce settings');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    const form = page.getByRole('form', { name: 'Store settings' });
    await form.getByLabel('Store currency').selectOption('JPY');
    await form.getByRole('button', { name: 'Save store settings' }).click();
    await page.getByText('Store settings saved.').waitFor();
    expect(await price()).toBe(Math.round(cents / 100));
    const yen = await priceOnPage(shopperView.page, '/shop/incense-holder');
    expect(yen).toContain(`¥${Math.round(cents / 100).toLocaleString('en-US')}`);
    expect(yen).not.toContain('$');

    // Reloaded, the screen shows what is stored.
    await page.reload();
    await page.locator('[data-owner-shell][data-hydrated="true"]').waitFor();
    await expect.poll(() => page.getByRole('form', { name: 'Store settings' }).getByLabel('Store currency').inputValue()).toBe('JPY');
    // The Tax tab: prices include tax, and the product page says so; off again.
    await page.getByRole('tab', { name: 'Tax' }).click();
    const tax = page.getByRole('form', { name: 'Tax settings' });
    await tax.getByRole('switch', { name: 'Prices include tax' }).click();
    await tax.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('Tax settings saved.').waitFor();
    await shopperView.page.goto(store.url('/shop/incense-holder'));
    expect(await shopperView.page.locator('.product-tax-note').innerText()).toBe('Price includes tax.');
    await tax.getByRole('switch', { name: 'Prices include tax' }).click();
    await tax.getByRole('button', { name: 'Save tax settings' }).click();
    await expect.poll(() => store.worker.db.prepare("SELECT json_extract(store_settings, '$.pricesIncludeTax') AS v FROM websites WHERE is_default = 1").first<{ v: number }>().then((r) => r?.v)).toBe(0);
    await page.getByRole('tab', { name: 'Store' }).click();
    await page.getByRole('form', { name: 'Store settings' }).getByLabel('Store currency').selectOption('USD');
    await page.getByRole('button', { name: 'Save store settings' }).click();
    await page.getByText('Store settings saved.').waitFor();
    expect(await priceOnPage(shopperView.page, '/shop/incense-holder')).toContain(`$${(Math.round(cents / 100)).toFixed(2)}`);
  });

  it('an owner turns the test provider off: the shopper\'s test card is refused at checkout with the store\'s message; on again', async () => {
    store.allow(/HTTP 422|status of 422/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/commerce-settings'));
    await settled(page, 'Commerce settings');
    await page.getByRole('tab', { name: 'Payments' }).click();
    const form = page.getByRole('form', { name: 'Payments settings' });
    const toggle = form.getByRole('switch', { name: /Take test-card payments/ });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await form.getByRole('button', { name: 'Save payments settings' }).click();
    await page.getByText('Payment settings saved.').waitFor();
    // The secret key section never shows a key, only whether one is stored.
    expect(await page.locator('[data-stripe-key-state]').innerText()).toBe('No secret key is stored.');

    const visitor = await store.visitor();
    const { itemId, sku } = (await store.worker.db.prepare("SELECT product_id AS itemId, sku FROM variants WHERE sku = 'FK-INC-01'").first<{ itemId: string; sku: string }>())!;
    await store.worker.db.prepare("UPDATE variants SET qty_in_stock = 50 WHERE sku = 'FK-INC-01'").run();
    await visitor.page.goto(store.url('/about'));
    await visitorApi(store, visitor, 'POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity: 1, additionalFields: null });
    const checkout = visitor.page.locator('[data-island="checkout"]');
    await visitor.page.goto(store.url('/checkout'));
    await islandsHydrated(visitor.page, '[data-island="checkout"]');
    await checkout.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await checkout.getByLabel('First name', { exact: true }).fill('Ada');
    await checkout.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await checkout.getByLabel('Address', { exact: true }).fill('1 Main St');
    await visitor.page.keyboard.press('Escape');
    await checkout.getByLabel('City', { exact: true }).fill('Portland');
    await checkout.getByLabel('State / region').selectOption('OR');
    await checkout.getByLabel('Postal code').fill('97201');
    await visitor.page.keyboard.press('Tab');
    // The options are drawn again when the quote for the address arrives: click until it holds.
    const standard = visitor.page.getByRole('radio', { name: /Standard/ });
    await expect.poll(async () => {
      await standard.click();
      return standard.isChecked();
    }).toBe(true);
    await expect.poll(() => visitor.page.locator('.order-summary').innerText()).toContain('Shipping: $8.00');
    await checkout.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/34');
    await checkout.getByLabel('Security code', { exact: true }).fill('123');
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await checkout.getByRole('alert').getByText('This store is not taking test-card payments.').waitFor();

    await toggle.click();
    await form.getByRole('button', { name: 'Save payments settings' }).click();
    await page.getByText('Payment settings saved.').waitFor();
    await checkout.getByRole('button', { name: 'Place order' }).click();
    await visitor.page.waitForURL(/\/order-confirmed/);
  });

  it('an owner sets the sender name and reply-to; the outbox shows the mail goes out under them', async () => {
    store.allow(/HTTP 400|status of 400/);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/commerce-settings'));
    await settled(page, 'Commerce settings');
    await page.getByRole('tab', { name: 'Email' }).click();
    const form = page.getByRole('form', { name: 'Email settings' });
    await form.getByLabel('Sender name').fill('Fern <Kiln>');
    await form.getByRole('button', { name: 'Save email settings' }).click();
    await form.locator('[data-field-error]', { hasText: 'The sender name cannot hold line breaks, quotes or < >.' }).waitFor();
    await form.getByLabel('Sender name').fill('Fern & Kiln Studio');
    await form.getByLabel('Reply-to address').fill('hello@fernandkiln.test');
    await form.getByRole('button', { name: 'Save email settings' }).click();
    await page.getByText('Email settings saved.').waitFor();
    await page.getByRole('navigation', { name: 'Owner area' }).getByRole('link', { name: 'Outbox' }).click();
    await settled(page, 'Outbox');
    await expect.poll(() => page.locator('[data-mail-sender]').innerText()).toBe('Sent as Fern & Kiln Studio (replies to hello@fernandkiln.test). Change');
  });

  it('an owner adjusts a gift card balance with a reason and sees it in the card\'s history', async () => {
    store.allow(/HTTP 4\d\d|status of 4\d\d/);
    const card = await seedGiftCard(store.worker.db, 2000);
    const last4 = (await store.worker.db.prepare('SELECT code_last4 AS l FROM gift_cards WHERE id = ?').bind(card.id).first<{ l: string }>())!.l;
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/gift-cards'));
    await settled(page, 'Gift cards');
    await page.getByRole('button', { name: `Adjust the balance of the gift card ending ${last4}` }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust the gift card ending ${last4}` });
    await dialog.getByText('No adjustments yet.').waitFor();
    await dialog.getByLabel('Adjustment').selectOption('take');
    await dialog.getByLabel('Amount (USD)').fill('25');
    await dialog.getByLabel('Reason').fill('Refund of a returned bowl');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.locator('[data-field-error]', { hasText: 'That would take the balance below zero.' }).waitFor();
    await dialog.getByLabel('Amount (USD)').fill('7.50');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await page.getByText(`Gift card •••• ${last4} now holds $12.50.`).waitFor();
    const row = page.locator('tr[data-row]', { hasText: `•••• ${last4}` });
    await expect.poll(() => row.innerText()).toContain('$12.50');
    await page.getByRole('button', { name: `Adjust the balance of the gift card ending ${last4}` }).click();
    await expect.poll(() => dialog.getByRole('list', { name: 'Adjustment history' }).innerText()).toMatch(/^−\$7\.50 → \$12\.50: Refund of a returned bowl \(owner@/);
  });

  it('an owner pauses a subscription and resumes it', async () => {
    const v = await shopper(store.worker, '198.51.100.90');
    const plans = await clubPlans(store.worker.db);
    expect((await subscribe(v, store.worker.db, { email: 'paused@example.com', planId: plans[0] })).status).toBe(201);
    const { page } = await signedInOwner(store);
    await openOwnerApp(page, store.url('/config/subscriptions'));
    await settled(page, 'Subscriptions');
    const row = page.locator('tr[data-row]', { hasText: 'paused@example.com' });
    expect(await row.locator('[data-state]').textContent()).toBe('Active');
    await row.getByRole('button', { name: /^Pause the subscription of paused@example.com/ }).click();
    await page.getByText('Paused: paused@example.com will not be charged until it is resumed.').waitFor();
    await expect.poll(() => row.locator('[data-state]').textContent()).toBe('Paused');
    expect((await store.worker.db.prepare("SELECT status FROM subscriptions WHERE email = 'paused@example.com'").first<{ status: string }>())!.status).toBe('paused');
    await row.getByRole('button', { name: /^Resume the subscription of paused@example.com/ }).click();
    await page.getByText('Resumed: paused@example.com will be charged on the next billing date.').waitFor();
    await expect.poll(() => row.locator('[data-state]').textContent()).toBe('Active');
  });

  it('at 390 px the section tabs wrap inside the screen and the chosen one stands out', async () => {
    const { page } = await signedInOwner(store, { width: 390, height: 844 });
    await openOwnerApp(page, store.url('/config/commerce-settings'));
    await settled(page, 'Commerce settings');
    await page.getByRole('tab', { name: 'Donations' }).click();
    await page.locator('#panel-donations').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const rights = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().right));
    expect(Math.max(...rights)).toBeLessThanOrEqual(390);
    const look = (name: string) => page.getByRole('tab', { name }).evaluate((t) => getComputedStyle(t).backgroundColor);
    expect(await look('Donations')).not.toBe(await look('Store'));
  });
});

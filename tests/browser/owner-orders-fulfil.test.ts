import { beforeAll, describe, expect, it } from 'vitest';
import { setStock, variantOf } from '../../edge/api/commerce/test-catalog.js';
import { addOne, placeOrder } from '../../edge/api/commerce/test-checkout.js';
import { TestVisitor } from '../../edge/api/commerce/test-visitor.js';
import { useStorefront } from './harness.js';
import { addSessionCookies, demoOwnerSession, openOwnerApp, seriousAxeViolations, signedInOwner } from './owner-harness.js';

/**
 * The owner's order screen in Chromium: fulfil with carrier and tracking (the shopper's
 * order-status page shows them), refund one line (the owner's page and the shopper's refund
 * mail in the outbox agree), and the packing slip with its print stylesheet.
 */
const store = useStorefront();
let ip = 0;

beforeAll(async () => {
  await setStock(store.worker.db, 'FK-MUG-08-OAT', 100);
}, 60_000);

/** An order placed through the API by `email`: `mugs` mugs, and a private session with answers when `session`. */
async function order(email: string, mugs: number, session = false) {
  const v = new TestVisitor(store.worker, `198.51.100.${200 + ip++}`);
  await v.visit('/api/commerce/shopping-cart');
  const mug = await variantOf(store.worker.db, 'FK-MUG-08-OAT');
  expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', mugs)).status).toBe(200);
  if (session) {
    const s = await variantOf(store.worker.db, 'FK-PRIV-2H');
    const answers = JSON.stringify({ 'attendee-name': ['Ada', 'Lovelace'], experience: 'Never' });
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: s.itemId, sku: 'FK-PRIV-2H', quantity: 1, additionalFields: answers })).status).toBe(200);
  }
  const res = await placeOrder(v, { extra: { email, shippingOptionId: 'us-standard' } });
  expect(res.status).toBe(201);
  return res.json.order as { id: string; orderNumber: number };
}

const mailOf = (email: string, kind: string) =>
  store.worker.db.prepare('SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY created_on DESC LIMIT 1').bind(email, kind).first<{ text: string }>();

describe('owner order screen', () => {
  it('an owner fulfils an order with tracking and the shopper’s order-status page shows it', async () => {
    const o = await order('track@orders.test', 2);
    const owner = await signedInOwner(store);
    const page = owner.page;
    await openOwnerApp(page, store.url(`/config/orders/${o.orderNumber}`));
    await page.getByRole('heading', { name: new RegExp(`Order #${o.orderNumber}`) }).waitFor();
    await page.getByRole('button', { name: 'Fulfil', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Fulfil items' });
    await dialog.waitFor();
    // Send one of the two mugs, by keyboard.
    await dialog.getByLabel(/Speckled Stoneware Mug.*2 open/).fill('1');
    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByLabel('Tracking number').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-fulfilled]').first().getAttribute('data-fulfilled')).toBe('1');
    await expect.poll(() => page.locator('.order-fulfilments').innerText()).toContain('1Z999AA10123456784');

    const confirmation = await mailOf('track@orders.test', 'order-confirmation');
    const link = /https?:\/\/[^/\s]+(\/order-status\?\S+)/.exec(confirmation!.text)![1]!;
    const shopper = await store.visitor();
    expect((await shopper.page.goto(store.url(link)))?.status()).toBe(200);
    await expect.poll(() => shopper.page.locator('.order-fulfilment').innerText()).toContain('1 × Speckled Stoneware Mug');
    expect(await shopper.page.locator('.order-carrier').innerText()).toBe('UPS');
    expect(await shopper.page.locator('.order-tracking').innerText()).toBe('1Z999AA10123456784');
    const shipped = await mailOf('track@orders.test', 'order-shipped');
    expect(shipped!.text).toContain('Tracking number: 1Z999AA10123456784');
  });

  it('an owner refunds one line; the order page and the shopper’s refund mail agree', async () => {
    const o = await order('refund@orders.test', 3);
    const owner = await signedInOwner(store);
    const page = owner.page;
    await openOwnerApp(page, store.url(`/config/orders/${o.orderNumber}`));
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.waitFor();
    expect(await dialog.getByText('Left to refund:').innerText()).toBe('Left to refund: $108.00');
    await dialog.getByLabel(/Speckled Stoneware Mug at \$36\.00/).fill('1');
    await dialog.getByRole('button', { name: 'Refund $36.00' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-refunded]').innerText()).toBe('$36.00');
    expect(await page.locator('[data-refundable]').innerText()).toBe('$72.00');
    expect(await page.locator('[data-order-status]').innerText()).toBe('Partly refunded');
    const mail = await mailOf('refund@orders.test', 'order-refunded');
    expect(mail!.text).toContain(`We refunded 36.00 USD for your order #${o.orderNumber}.`);
    expect(mail!.text).toContain('1 × Speckled Stoneware Mug');
    expect(mail!.text).toContain('To your payment method: 36.00 USD');
    // The timeline has the refund with who did it.
    await expect.poll(() => page.locator('.order-timeline [data-kind="refunded"]').innerText()).toContain('Refunded 36.00 USD');
  });

  it('prints a packing slip with the address, quantities and the additional-fields answers; print hides the app around it', async () => {
    const o = await order('slip@orders.test', 2, true);
    const owner = await signedInOwner(store);
    const page = owner.page;
    await openOwnerApp(page, store.url(`/config/orders/${o.orderNumber}`));
    await expect.poll(() => page.locator('.order-line-fields').innerText()).toContain('Ada Lovelace');
    await page.getByRole('link', { name: 'Print packing slip' }).click();
    const slip = page.locator('[data-packing-slip]');
    await slip.waitFor();
    const text = await slip.innerText();
    expect(text).toContain('1 Main St');
    expect(text).toContain('attendee-name: Ada Lovelace');
    expect(text).toMatch(/Speckled Stoneware Mug\s+FK-MUG-08-OAT\s+2\s+2/);
    expect(text).not.toContain('$');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.owner-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.packing-slip-tools').isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
  });

  it('has no serious or critical axe violation on the order screen, its dialogs and the packing slip', async () => {
    const o = await order('axe@orders.test', 2, true);
    // axe is injected as an inline script, which the owner area's CSP refuses: this context bypasses it.
    const context = await store.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await addSessionCookies(context, (await demoOwnerSession(store.worker)).cookie, store.url('/'));
    const page = await context.newPage();
    await openOwnerApp(page, store.url(`/config/orders/${o.orderNumber}`));
    await page.locator('[data-order]').waitFor();
    expect(await seriousAxeViolations(page, { inject: 'script-tag' })).toEqual([]);
    for (const [button, name] of [['Fulfil', 'Fulfil items'], ['Refund', 'Refund'], ['Cancel order', 'Cancel this order?']] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('dialog', { name }).waitFor();
      expect({ name, violations: await seriousAxeViolations(page, { inject: 'script-tag' }) }).toEqual({ name, violations: [] });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await openOwnerApp(page, store.url(`/config/orders/${o.orderNumber}/packing-slip`));
    await page.locator('[data-packing-slip]').waitFor();
    expect(await seriousAxeViolations(page, { inject: 'script-tag' })).toEqual([]);
    await context.close();
  });
});

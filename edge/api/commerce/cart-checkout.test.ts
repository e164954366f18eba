import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { setStock, variantOf } from './test-catalog.js';
import { TestVisitor } from './test-visitor.js';
import { addOne, placeOrder } from './test-checkout.js';

// The cart JSON's checkout fields, set through the cart's checkout endpoints.
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

async function shopper(sku: string, quantity = 1): Promise<TestVisitor> {
  const v = new TestVisitor(worker, '198.51.100.40');
  await v.visit('/api/commerce/shopping-cart');
  await setStock(worker.db, sku, 20);
  const variant = await variantOf(worker.db, sku);
  expect((await addOne(v, variant.itemId, sku, quantity)).status).toBe(200);
  return v;
}

describe('cart checkout fields', () => {
  it('a New York location lists the US options, picks the cheapest, and adds the tax rule', async () => {
    const v = await shopper('FK-MUG-08-OAT');
    const res = await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', region: 'NY', postalCode: '10001' });
    expect(res.status).toBe(200);
    const cart = res.json.shoppingCart;
    expect(cart.shippingLocation).toMatchObject({ country: 'US', region: 'NY', postalCode: '10001' });
    expect(cart.shippingOptions.map((o: { id: string }) => o.id)).toEqual(['us-pickup', 'us-standard', 'us-express']);
    expect(cart.selectedShippingOption.id).toBe('us-pickup');
    expect(cart.applicableTaxRules).toEqual([expect.objectContaining({ name: 'New York sales tax' })]);
    // 3600 goods, pickup 0, 8.88 % -> 319.68 -> 320.
    expect([cart.subtotalCents, cart.shippingCostCents, cart.taxCents, cart.grandTotalCents]).toEqual([3600, 0, 320, 3920]);

    const chosen = await v.send('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'us-express' });
    expect(chosen.json.shoppingCart.selectedShippingOption).toMatchObject({ id: 'us-express', amountCents: 1800 });
    // (3600 + 1800) x 8.88 % = 479.52 -> 480.
    expect(chosen.json.shoppingCart.taxCents).toBe(480);
    const bad = await v.send('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: 'gb-standard' });
    expect(bad.status).toBe(422);
    // The choice holds across reads and reaches the order.
    expect((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.shippingCostCents).toBe(1800);
    const order = await placeOrder(v, { address: { firstName: 'A', lastName: 'B', address1: '1 X St', city: 'New York', region: 'NY', postalCode: '10001', country: 'US' } });
    expect(order.json.order.shippingTotal).toBe(1800);
  });

  it('UK VAT is included in prices: taxCents stays 0 and the grand total is the subtotal plus shipping', async () => {
    const v = await shopper('FK-TUM-ASH');
    const cart = (await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'GB', postalCode: 'SW1A 1AA' })).json.shoppingCart;
    expect(cart.taxCents).toBe(0);
    expect(cart.includedTaxCents).toBeGreaterThan(0);
    expect(cart.grandTotalCents).toBe(2800 + 1200);
  });

  it('refuses a postcode with the SPEC §5 text', async () => {
    const v = await shopper('FK-TUM-ASH');
    const us = await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', postalCode: '123' });
    expect(us.status).toBe(422);
    expect(us.json.message).toBe('ZIP Codes need to be 5 digits.');
    const ca = await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'CA', postalCode: '123' });
    expect(ca.json.fields.postalCode).toBe('An FSA code is invalid.');
  });

  it('coupons: valid ones discount, unknown and below-minimum ones are listed with reasons, removal undoes', async () => {
    const v = await shopper('FK-INC-01');
    await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'welcome10' });
    const res = await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'NOPE' });
    const cart = res.json.shoppingCart;
    expect(cart.coupons).toEqual(['WELCOME10', 'NOPE']);
    expect(cart.validCoupons).toEqual([]);
    expect(cart.invalidCoupons.map((c: { code: string; reason: string }) => [c.code, c.reason])).toEqual([
      ['WELCOME10', 'below-minimum'],
      ['NOPE', 'unknown'],
    ]);
    await v.send('PUT', `/api/commerce/shopping-cart/entries/${cart.entries[0].id}`, { quantity: 2 });
    const two = (await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart;
    // 2 x 1400 = 2800 >= 2000: WELCOME10 now applies, 280 off.
    expect(two.validCoupons).toEqual([expect.objectContaining({ code: 'WELCOME10', discountCents: 280 })]);
    expect(two.discountCents).toBe(280);
    const removed = await v.send('DELETE', '/api/commerce/shopping-cart/coupons/welcome10');
    expect(removed.json.shoppingCart.coupons).toEqual(['NOPE']);
    expect(removed.json.shoppingCart.discountCents).toBe(0);
  });

  it("gift-card lines do not count toward a coupon's minimum spend (issue 33, finding 7)", async () => {
    const v = await shopper('FK-INC-01');
    const card = await variantOf(worker.db, 'FK-GC-050');
    const message = JSON.stringify({ recipient: 'Grace' });
    expect((await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: card.itemId, sku: 'FK-GC-050', quantity: 1, additionalFields: message })).status).toBe(200);
    const cart = (await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'welcome10' })).json.shoppingCart;
    // 1400 of goods + a 5000 gift card: only the 1400 counts toward WELCOME10's 2000 minimum.
    expect(cart.validCoupons).toEqual([]);
    expect(cart.invalidCoupons.map((c: { code: string; reason: string }) => [c.code, c.reason])).toEqual([['WELCOME10', 'below-minimum']]);
    expect(cart.discountCents).toBe(0);
  });

  it('needs a cart and the crumb', async () => {
    const v = new TestVisitor(worker, '198.51.100.41');
    await v.visit('/api/commerce/shopping-cart');
    expect((await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'X' })).status).toBe(404);
    expect((await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: 'X' }, { crumb: false })).status).toBe(401);
  });
});

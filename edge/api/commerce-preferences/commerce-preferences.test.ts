import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUser, signIn, startWorker, type RunningWorker } from '../../test-support.js';
import { ownerSessions, type OwnerSession } from '../commerce/test-owner.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { ADDRESS_OR, addOne, placeOrder } from '../commerce/test-checkout.js';
import { itemIdOf, variantOf } from '../commerce/test-catalog.js';
import { FakeStripe } from '../commerce/test-stripe-server.js';

/**
 * SPEC §7 GET/PUT /api/v1/commerce-preferences/{namespace} and /api/owner/payment-keys over
 * HTTP on the worker: the contract (websiteId + the rest), unchanged writes skipped, zod
 * refusals, roles, the currency change and its refusal, and that no answer carries the
 * stored Stripe secret key.
 */
const SECRET = 'sk_test_prefsSecretKey0123456789WXYZ';
const stripe = new FakeStripe();
let worker: RunningWorker;
let s: Awaited<ReturnType<typeof ownerSessions>>;
let siteId: string;

beforeAll(async () => {
  await stripe.start();
  worker = await startWorker({ bindings: { SETTINGS_ENCRYPTION_KEY: 'test-settings-encryption-key-0123456789', STRIPE_API_BASE: stripe.url } });
  s = await ownerSessions(worker, 'prefs');
  siteId = (await worker.db.prepare('SELECT id FROM websites WHERE is_default = 1').first<{ id: string }>())!.id;
}, 60_000);
afterAll(async () => {
  await worker?.dispose();
  await stripe.stop();
});

const row = (namespace: string) =>
  worker.db.prepare('SELECT value, updated_on AS updatedOn FROM commerce_preferences WHERE website_id = ? AND namespace = ?').bind(siteId, namespace).first<{ value: string; updatedOn: number }>();
/** A page as the visitor's browser gets it (its cookies), as text. */
const pageHtml = async (v: TestVisitor, path: string) =>
  (await worker.fetch(path, { headers: { Cookie: [...v.jar].map(([k, x]) => `${k}=${x}`).join('; ') } })).text();
const version = async () => (await worker.db.prepare('SELECT content_version AS v FROM websites WHERE id = ?').bind(siteId).first<{ v: number }>())!.v;

describe('GET /api/v1/commerce-preferences/{namespace}', () => {
  it('answers websiteId and the namespace\'s preferences (stored ones over the defaults)', async () => {
    const got = await s.admin.get('/api/v1/commerce-preferences/installments');
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ websiteId: siteId, enabled: true, provider: 'afterpay', numInstallments: 4, minCents: 3500, maxCents: 200000 });
    const store = await s.manager.get('/api/v1/commerce-preferences/store');
    expect(store.json).toEqual({
      websiteId: siteId, currency: 'USD', multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true, stockHoldMinutes: 15, expressCheckout: expect.any(Boolean), captchaSiteKey: expect.any(String),
    });
    expect((await s.admin.get('/api/v1/commerce-preferences/email')).json).toEqual({ websiteId: siteId, senderName: '', replyTo: '' });
  });

  it('404s an unknown namespace; refuses anonymous visitors (401) and roles outside commerceSettings (403)', async () => {
    expect((await s.admin.get('/api/v1/commerce-preferences/nope')).status).toBe(404);
    expect((await s.anonymous.get('/api/v1/commerce-preferences/store')).status).toBe(401);
    expect((await s.reporter.get('/api/v1/commerce-preferences/store')).status).toBe(403);
    expect((await s.reporter.send('PUT', '/api/v1/commerce-preferences/email', { senderName: 'x', replyTo: '' })).status).toBe(403);
  });
});

describe('PUT /api/v1/commerce-preferences/{namespace}', () => {
  it('writes the namespace and answers like GET; the websiteId GET gave may be sent back', async () => {
    const put = await s.admin.send('PUT', '/api/v1/commerce-preferences/email', { websiteId: siteId, senderName: 'Fern & Kiln Studio', replyTo: 'hello@fernandkiln.test' });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ websiteId: siteId, senderName: 'Fern & Kiln Studio', replyTo: 'hello@fernandkiln.test' });
    expect((await s.admin.get('/api/v1/commerce-preferences/email')).json).toEqual(put.json);
  });

  it('skips the write when nothing changed (SPEC §5): no updated_on, no content version bump', async () => {
    const body = { guestCheckout: false, collectPhoneNumber: true };
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', body)).status).toBe(200);
    const first = await row('checkout');
    const v = await version();
    await new Promise((r) => setTimeout(r, 5));
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', body)).status).toBe(200);
    expect(await row('checkout')).toEqual(first);
    expect(await version()).toBe(v);
    // One changed scalar writes (and bumps the version).
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { ...body, guestCheckout: true })).json.guestCheckout).toBe(true);
    expect(await version()).toBe(v + 1);
    // The store namespace lives on the websites row: an unchanged PUT leaves it alone too.
    const store = (await s.admin.get('/api/v1/commerce-preferences/store')).json;
    const before = await worker.db.prepare('SELECT updated_on AS u, content_version AS v FROM websites WHERE id = ?').bind(siteId).first();
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/store', store)).status).toBe(200);
    expect(await worker.db.prepare('SELECT updated_on AS u, content_version AS v FROM websites WHERE id = ?').bind(siteId).first()).toEqual(before);
    // Phone numbers off again: checkout enforces it (the checkout-fields test below).
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { guestCheckout: true, collectPhoneNumber: false })).status).toBe(200);
  });

  it('refuses bodies that fail the namespace schema with field messages, and another site\'s websiteId', async () => {
    const bad = await s.admin.send('PUT', '/api/v1/commerce-preferences/installments', { enabled: true, provider: 'klarna', numInstallments: 40, minCents: 500, maxCents: 100 });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ provider: 'Choose an instalment provider.', numInstallments: 'Instalments are 2 to 12 payments.' });
    // SPEC §9: the demo site is en-US, which Afterpay serves and Clearpay (en-GB) does not.
    const clearpay = await s.admin.send('PUT', '/api/v1/commerce-preferences/installments', { enabled: true, provider: 'clearpay', numInstallments: 4, minCents: 3500, maxCents: 200000 });
    expect(clearpay.status).toBe(400);
    expect(clearpay.json.fields.provider).toBe("Clearpay is not offered for this site's language (en-US); choose Afterpay.");
    const off = await s.admin.send('PUT', '/api/v1/commerce-preferences/installments', { enabled: false, provider: 'clearpay', numInstallments: 4, minCents: 3500, maxCents: 200000 });
    expect(off.status).toBe(200);
    await s.admin.send('PUT', '/api/v1/commerce-preferences/installments', { enabled: true, provider: 'afterpay', numInstallments: 4, minCents: 3500, maxCents: 200000 });
    const extra = await s.admin.send('PUT', '/api/v1/commerce-preferences/email', { senderName: 'A', replyTo: '', other: 1 });
    expect(extra.status).toBe(400);
    const header = await s.admin.send('PUT', '/api/v1/commerce-preferences/email', { senderName: 'Evil\r\nBcc: x@y.test', replyTo: '' });
    expect(header.json.fields.senderName).toBe('The sender name cannot hold line breaks, quotes or < >.');
    const other = await s.admin.send('PUT', '/api/v1/commerce-preferences/email', { websiteId: 'another-site', senderName: 'A', replyTo: '' });
    expect(other.status).toBe(400);
    const currency = await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...(await s.admin.get('/api/v1/commerce-preferences/store')).json, currency: 'KRW' });
    expect(currency.json.fields.currency).toBe('Choose a currency from the list.');
    // Without the crumb the write is refused before anything else.
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/email', { senderName: 'A', replyTo: '' }, null)).status).toBe(401);
  });

  it('store flags take effect: hold minutes set the hold of the next add', async () => {
    const store = (await s.admin.get('/api/v1/commerce-preferences/store')).json;
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...store, stockHoldMinutes: 90 })).json.stockHoldMinutes).toBe(90);
    const v = new TestVisitor(worker, '198.51.100.40');
    await v.visit('/');
    const variant = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const before = Date.now();
    expect((await addOne(v, variant.itemId, variant.sku)).status).toBe(200);
    const hold = await worker.db.prepare('SELECT max(expires_on) AS e FROM stock_holds WHERE variant_id = ?').bind(variant.variantId).first<{ e: number }>();
    expect(hold!.e).toBeGreaterThanOrEqual(before + 90 * 60_000);
    expect(hold!.e).toBeLessThan(before + 91 * 60_000 + 5_000);
    // While that cart is open the currency cannot change (its lines are priced in USD).
    const refused = await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...store, stockHoldMinutes: 90, currency: 'JPY' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: 'currency_in_use', message: 'One open cart holds items priced in USD. Change the currency when they have been checked out or have expired.' });
    expect((await s.admin.get('/api/v1/commerce-preferences/store')).json.currency).toBe('USD');
    await worker.db.prepare('UPDATE carts SET expires_on = 0 WHERE website_id = ?').bind(siteId).run();
    await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...store, stockHoldMinutes: 15 });
  });

  it('changes the store currency to JPY: prices keep their number in 0-digit minor units, and checkout charges yen', async () => {
    await worker.db.prepare('UPDATE carts SET expires_on = 0 WHERE website_id = ?').bind(siteId).run();
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const store = (await s.admin.get('/api/v1/commerce-preferences/store')).json;
    // Shipping and coupon amounts of every kind, in USD cents.
    const zone = 'zone-currency-test';
    const rates = [
      { kind: 'flat', id: 'r1', name: 'Flat', amountCents: 800 },
      { kind: 'free-over', id: 'r2', name: 'Free over', amountCents: 1200, freeFromCents: 7500 },
      { kind: 'weight', id: 'r3', name: 'Weight', tiers: [{ upToGrams: 500, amountCents: 500 }, { upToGrams: 5000, amountCents: 1500 }] },
      { kind: 'value', id: 'r4', name: 'Value', tiers: [{ upToCents: 5000, amountCents: 900 }, { upToCents: 20000, amountCents: 0 }] },
      { kind: 'pickup', id: 'r5', name: 'Pickup' },
    ];
    await worker.db.prepare(`INSERT INTO shipping_zones (id, website_id, name, countries, rates, position, version) VALUES (?, ?, 'Currency test', '["NZ"]', ?, 99, 1)`).bind(zone, siteId, JSON.stringify(rates)).run();
    await worker.db.prepare(`INSERT INTO coupons (id, website_id, code, effect, min_subtotal_cents, version) VALUES ('cpn-fixed-cur', ?, 'CURFIXED', '{"kind":"fixed","amountCents":1000}', 5000, 1), ('cpn-pct-cur', ?, 'CURPCT', '{"kind":"percentage","percentBps":1000}', NULL, 1)`).bind(siteId, siteId).run();
    const ratesNow = async () => JSON.parse((await worker.db.prepare('SELECT rates FROM shipping_zones WHERE id = ?').bind(zone).first<{ rates: string }>())!.rates);
    const couponsNow = async () =>
      (await worker.db.prepare(`SELECT code, effect, min_subtotal_cents AS min, version FROM coupons WHERE id IN ('cpn-fixed-cur', 'cpn-pct-cur') ORDER BY code`).all<{ code: string; effect: string; min: number | null; version: number }>()).results.map((c) => ({ ...c, effect: JSON.parse(c.effect) }));
    const put = await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...store, currency: 'JPY' });
    expect(put.status).toBe(200);
    expect(put.json.currency).toBe('JPY');
    const after = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect(after.priceCents).toBe(Math.round(mug.priceCents / 100));
    // The same rule for shipping and coupons: $75 free shipping over $36 mugs is 75 yen over 36 yen, not 7,500 yen.
    expect(await ratesNow()).toEqual([
      { kind: 'flat', id: 'r1', name: 'Flat', amountCents: 8 },
      { kind: 'free-over', id: 'r2', name: 'Free over', amountCents: 12, freeFromCents: 75 },
      { kind: 'weight', id: 'r3', name: 'Weight', tiers: [{ upToGrams: 500, amountCents: 5 }, { upToGrams: 5000, amountCents: 15 }] },
      { kind: 'value', id: 'r4', name: 'Value', tiers: [{ upToCents: 50, amountCents: 9 }, { upToCents: 200, amountCents: 0 }] },
      { kind: 'pickup', id: 'r5', name: 'Pickup' },
    ]);
    expect(await couponsNow()).toEqual([
      { code: 'CURFIXED', effect: { kind: 'fixed', amountCents: 10 }, min: 50, version: 2 },
      { code: 'CURPCT', effect: { kind: 'percentage', percentBps: 1000 }, min: null, version: 2 },
    ]);
    const left = await worker.db.prepare("SELECT count(*) AS n FROM variants WHERE website_id = ? AND currency <> 'JPY'").bind(siteId).first<{ n: number }>();
    expect(left!.n).toBe(0);
    const v = new TestVisitor(worker, '198.51.100.41');
    await v.visit('/');
    expect((await addOne(v, after.itemId, after.sku)).status).toBe(200);
    const placed = await placeOrder(v);
    expect(placed.status).toBe(201);
    const order = await worker.db.prepare('SELECT currency, subtotal_cents AS subtotal FROM orders WHERE order_number = ?').bind(placed.json.order.orderNumber ?? placed.json.order.number).first<{ currency: string; subtotal: number }>();
    expect(order).toMatchObject({ currency: 'JPY', subtotal: after.priceCents });
    // And back: 1,200 yen becomes 1,200.00 dollars.
    await worker.db.prepare('UPDATE carts SET expires_on = 0 WHERE website_id = ?').bind(siteId).run();
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/store', { ...store, currency: 'USD' })).json.currency).toBe('USD');
    expect((await variantOf(worker.db, 'FK-MUG-08-OAT')).priceCents).toBe(after.priceCents * 100);
    expect(await ratesNow()).toEqual(rates);
    expect((await couponsNow()).map((c) => [c.effect, c.min])).toEqual([[{ kind: 'fixed', amountCents: 1000 }, 5000], [{ kind: 'percentage', percentBps: 1000 }, null]]);
    await worker.db.prepare(`DELETE FROM coupons WHERE id IN ('cpn-fixed-cur', 'cpn-pct-cur')`).run();
    await worker.db.prepare('DELETE FROM shipping_zones WHERE id = ?').bind(zone).run();
  });
});

describe('checkout fields: guest checkout and phone numbers, enforced by the server', () => {
  it('guest checkout off refuses a guest with a sign-in link and takes a signed-in shopper; phone on requires it beside the field', async () => {
    await worker.db.prepare('UPDATE carts SET expires_on = 0 WHERE website_id = ?').bind(siteId).run();
    const checkout = (await s.admin.get('/api/v1/commerce-preferences/checkout')).json;
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { ...checkout, guestCheckout: false, collectPhoneNumber: true })).status).toBe(200);
    const mug = await variantOf(worker.db, 'FK-TUM-ASH');
    const guest = new TestVisitor(worker, '198.51.100.51');
    await guest.visit('/');
    await addOne(guest, mug.itemId, mug.sku);
    // The checkout page says so before the shopper fills anything in: a sign-in link, and the form's phone field (island prop).
    const guestPage = await pageHtml(guest, '/checkout');
    expect(guestPage).toContain('data-checkout-sign-in');
    expect(guestPage).toMatch(/<a class="button button-secondary" href="\/account">Sign in or create an account<\/a>/);
    expect(guestPage).toContain('data-prop-fields="{&quot;phoneRequired&quot;:true,&quot;signInRequired&quot;:true,&quot;signInUrl&quot;:&quot;/account&quot;}"');
    const refused = await placeOrder(guest);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ error: 'sign_in_required', message: 'Sign in to check out: this store takes orders from account holders only.', signInUrl: '/account' });
    // A signed-in shopper checks out, and needs the phone number.
    await createSiteUser(worker, { email: 'member@prefs.test', password: 'member-Password-1' });
    const member = await signIn(worker, 'member@prefs.test', 'member-Password-1');
    const v = new TestVisitor(worker, '198.51.100.52');
    for (const pair of member.cookie.split('; ')) v.jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    await addOne(v, mug.itemId, mug.sku);
    const memberPage = await pageHtml(v, '/checkout');
    expect(memberPage).not.toContain('data-checkout-sign-in');
    expect(memberPage).toContain('&quot;phoneRequired&quot;:true,&quot;signInRequired&quot;:false');
    const noPhone = await placeOrder(v);
    expect(noPhone.status).toBe(422);
    expect(noPhone.json).toMatchObject({ message: 'Enter a phone number.', fields: { 'shippingAddress.phone': 'Enter a phone number.' } });
    const placed = await placeOrder(v, { address: { ...ADDRESS_OR, phone: '+1 503 555 0100' } });
    expect(placed.status).toBe(201);
    // Back on: guests check out without a phone again.
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { ...checkout, guestCheckout: true, collectPhoneNumber: false })).status).toBe(200);
    expect((await placeOrder(guest)).status).toBe(201);
    expect(await pageHtml(guest, '/checkout')).not.toContain('data-checkout-sign-in');
  });
});

describe('checkout fields: the phone on a digital-only order', () => {
  it('with nothing to ship the phone is its own field: refused beside `phone` when missing, kept as the billing contact', async () => {
    const checkout = (await s.admin.get('/api/v1/commerce-preferences/checkout')).json;
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { ...checkout, collectPhoneNumber: true })).status).toBe(200);
    try {
      const v = new TestVisitor(worker, '198.51.100.53');
      await v.visit('/');
      const guide = await itemIdOf(worker.db, 'cone-6-glaze-recipe-guide');
      const added = await v.send('POST', '/api/commerce/shopping-cart/entries', { itemId: guide, sku: null, quantity: 1, additionalFields: null });
      expect(added.json.shoppingCart.requiresShipping).toBe(false);
      const noPhone = await placeOrder(v, { address: undefined });
      expect(noPhone.status).toBe(422);
      expect(noPhone.json).toMatchObject({ message: 'Enter a phone number.', fields: { phone: 'Enter a phone number.' } });
      expect((await placeOrder(v, { address: undefined, extra: { phone: '  ' } })).json.fields).toEqual({ phone: 'Enter a phone number.' });
      const placed = await placeOrder(v, { address: undefined, extra: { phone: '+1 503 555 0101' } });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const row = await worker.db.prepare('SELECT shipping_address AS ship, billing_address AS bill FROM orders WHERE id = ?').bind(placed.json.order.id).first<{ ship: string | null; bill: string }>();
      expect(row!.ship).toBeNull();
      expect(JSON.parse(row!.bill)).toEqual({ phone: '+1 503 555 0101' });
    } finally {
      expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/checkout', { ...checkout, collectPhoneNumber: false })).status).toBe(200);
    }
  });
});

describe('tax: prices shown with or without tax (tax.pricesIncludeTax)', () => {
  it('on: checkout takes the region\'s tax out of the prices (nothing added), the pages say so; off: added again', async () => {
    expect((await s.admin.get('/api/v1/commerce-preferences/tax')).json).toEqual({ websiteId: siteId, pricesIncludeTax: false });
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: 'yes' })).status).toBe(400);
    // Oregon: one 10 % rule on goods for this test (no shipping tax), and a flat rate.
    await worker.db.prepare('DELETE FROM tax_rules').run();
    const rule = await s.admin.send('POST', '/api/owner/checkout-settings/tax-rules', { name: 'OR test tax', country: 'US', region: 'OR', rateBps: 1000, inclusive: false, appliesToShipping: false });
    expect(rule.status).toBe(201);
    const before = await version();
    const on = await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: true });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ websiteId: siteId, pricesIncludeTax: true });
    expect(await version()).toBe(before + 1);
    // Unchanged: skipped (SPEC §5).
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: true })).status).toBe(200);
    expect(await version()).toBe(before + 1);

    const mug = await variantOf(worker.db, 'FK-TUM-ASH');
    const v = new TestVisitor(worker, '198.51.100.61');
    await v.visit('/');
    expect(await pageHtml(v, '/shop/speckled-stoneware-mug')).toContain('<p class="product-tax-note">Price includes tax.</p>');
    // Product cards (the shop, search results) say it beside each price, server-rendered.
    const cardNote = '<p class="price-tax-note">incl. tax</p>';
    const shop = await pageHtml(v, '/shop');
    expect(shop.split(cardNote).length - 1).toBe(shop.split('class="product-card-title"').length - 1);
    expect(shop).toContain(cardNote);
    const search = await pageHtml(v, '/search?q=mug');
    expect(search).toContain('is-product');
    expect(search).toContain(cardNote);
    await addOne(v, mug.itemId, mug.sku, 2);
    expect(await pageHtml(v, '/cart')).toContain('Prices include tax. Shipping is worked out at checkout.');
    expect(await pageHtml(v, '/checkout')).toContain('data-prop-prices-include-tax="true"');
    const cart = (await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', postalCode: '97201' })).json.shoppingCart;
    const goods = mug.priceCents * 2;
    const inside = goods - Math.floor((goods * 10_000 + 11_000 / 2) / 11_000);
    expect([cart.subtotalCents, cart.taxCents, cart.includedTaxCents]).toEqual([goods, 0, inside]);
    expect(cart.grandTotalCents).toBe(goods - cart.discountCents + cart.shippingCostCents);
    const placed = await placeOrder(v);
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect([placed.json.order.taxTotal, placed.json.order.includedTax, placed.json.order.grandTotal]).toEqual([0, inside, cart.grandTotalCents]);
    const confirmed = await pageHtml(v, placed.json.confirmationUrl);
    expect(confirmed).toContain(`<p class="order-included-tax">Includes $${(inside / 100).toFixed(2)} tax.</p>`);

    // Off: the same rule adds its tax on top again.
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: false })).status).toBe(200);
    const w = new TestVisitor(worker, '198.51.100.62');
    await w.visit('/');
    expect(await pageHtml(w, '/shop/speckled-stoneware-mug')).not.toContain('Price includes tax.');
    expect(await pageHtml(w, '/shop')).not.toContain('price-tax-note');
    await addOne(w, mug.itemId, mug.sku, 2);
    const added = (await w.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', postalCode: '97201' })).json.shoppingCart;
    expect([added.taxCents, added.includedTaxCents]).toEqual([Math.floor((goods * 1000 + 5000) / 10_000), 0]);
    await worker.db.prepare('DELETE FROM tax_rules WHERE name = ?').bind('OR test tax').run();
  });
});

describe('tax notes in the page\'s language (store texts)', () => {
  it('a French page says the translated notes on cards, the product page and the order pages; English stays English', async () => {
    const languages = (list: string[]) => s.admin.send('PUT', '/api/multilingual/languages', { languages: list });
    expect((await languages(['en-US', 'fr'])).status).toBe(200);
    expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: true })).status).toBe(200);
    await worker.db.prepare('DELETE FROM tax_rules').run();
    expect((await s.admin.send('POST', '/api/owner/checkout-settings/tax-rules', { name: 'OR fr tax', country: 'US', region: 'OR', rateBps: 1000, inclusive: false, appliesToShipping: false })).status).toBe(201);
    try {
      const v = new TestVisitor(worker, '198.51.100.63');
      await v.visit('/fr/');
      const shop = await pageHtml(v, '/fr/shop');
      expect(shop).toContain('<p class="price-tax-note">TTC</p>');
      expect(shop).not.toContain('incl. tax');
      expect(await pageHtml(v, '/fr/shop/speckled-stoneware-mug')).toContain('<p class="product-tax-note">Prix TTC.</p>');
      expect(await pageHtml(v, '/shop')).toContain('<p class="price-tax-note">incl. tax</p>');
      const mug = await variantOf(worker.db, 'FK-TUM-ASH');
      await addOne(v, mug.itemId, mug.sku, 2);
      const placed = await placeOrder(v, { extra: { email: 'tva@example.fr', language: 'fr' } });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const inside = placed.json.order.includedTax as number;
      expect(inside).toBeGreaterThan(0);
      const euros = (inside / 100).toFixed(2).replace('.', ',');
      const confirmed = await pageHtml(v, placed.json.confirmationUrl);
      expect(confirmed).toMatch(new RegExp(`<p class="order-included-tax">Dont ${euros}[\\s\\u00a0\\u202f]\\$US de taxes\\.</p>`));
      expect(confirmed).not.toContain('Includes');
      // The shopper's status page (the mail's link) says it too.
      const mail = await worker.db.prepare(`SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND kind = 'order-confirmation'`).bind('tva@example.fr').first<{ text: string }>();
      const statusUrl = /(\/fr\/order-status\?\S+)/.exec(mail!.text)![1]!;
      expect(await pageHtml(v, statusUrl)).toMatch(new RegExp(`<p class="order-included-tax">Dont ${euros}[\\s\\u00a0\\u202f]\\$US de taxes\\.</p>`));
    } finally {
      expect((await s.admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: false })).status).toBe(200);
      await worker.db.prepare('DELETE FROM tax_rules WHERE name = ?').bind('OR fr tax').run();
      expect((await languages(['en-US'])).status).toBe(200);
    }
  });
});

describe('payments: the test provider switch and the Stripe secret key', () => {
  it('turning the test provider off refuses test-card orders; on again takes them', async () => {
    await worker.db.prepare('UPDATE carts SET expires_on = 0 WHERE website_id = ?').bind(siteId).run();
    const off = await s.admin.send('PUT', '/api/v1/commerce-preferences/payments', { testProvider: false, stripePublishableKey: '' });
    expect(off.json).toEqual({ websiteId: siteId, testProvider: false, stripePublishableKey: '', stripeSecretKeyLast4: null, stripeSecretKeySource: null });
    const v = new TestVisitor(worker, '198.51.100.42');
    await v.visit('/');
    const mug = await variantOf(worker.db, 'FK-TUM-ASH');
    await addOne(v, mug.itemId, mug.sku);
    const refused = await placeOrder(v);
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ error: 'payments_off', message: 'This store is not taking test-card payments.' });
    await s.admin.send('PUT', '/api/v1/commerce-preferences/payments', { testProvider: true, stripePublishableKey: '' });
    expect((await placeOrder(v)).status).toBe(201);
  });

  it('stores the secret key encrypted, shows only its last four, and no GET or page carries it', async () => {
    expect((await s.manager.send('PUT', '/api/owner/payment-keys/stripe', { secretKey: SECRET })).status).toBe(403);
    const bad = await s.admin.send('PUT', '/api/owner/payment-keys/stripe', { secretKey: 'pk_test_notasecret1234' });
    expect(bad.status).toBe(400);
    const put = await s.admin.send('PUT', '/api/owner/payment-keys/stripe', { secretKey: SECRET });
    expect(put.json).toEqual({ stripeSecretKeyLast4: 'WXYZ' });
    const stored = await worker.db.prepare('SELECT ciphertext, last4 FROM payment_secrets WHERE website_id = ?').bind(siteId).first<{ ciphertext: string; last4: string }>();
    expect(stored!.last4).toBe('WXYZ');
    expect(stored!.ciphertext).not.toContain('prefsSecret');
    expect(atob(stored!.ciphertext)).not.toContain('prefsSecret');
    const payments = await s.admin.get('/api/v1/commerce-preferences/payments');
    expect(payments.json).toMatchObject({ stripeSecretKeyLast4: 'WXYZ', stripeSecretKeySource: 'site' });
    // Every namespace, the owner shell and the checkout page: the key is nowhere.
    for (const ns of ['store', 'checkout', 'installments', 'email', 'payments', 'inventory', 'reviews', 'digitalDownloads']) {
      const got = await s.admin.get(`/api/v1/commerce-preferences/${ns}`);
      expect(got.status).toBe(200);
      expect(JSON.stringify(got.json)).not.toContain(SECRET.slice(8, -4));
    }
    for (const path of ['/config/commerce-settings', '/checkout', '/checkout?format=json']) {
      expect(await (await worker.fetch(path, { headers: { Cookie: s.admin.signed!.cookie } })).text()).not.toContain(SECRET.slice(8, -4));
    }
  });

  it('"Test connection" asks Stripe\'s API with the stored key and reports a refused key', async () => {
    const ok = await s.admin.send('POST', '/api/owner/payment-keys/stripe/test');
    expect(ok.json).toEqual({ ok: true, mode: 'test', message: 'Connected to Stripe in test mode.' });
    const call = stripe.calls.filter((c) => c.path === '/v1/balance').at(-1)!;
    expect(call.authorization).toBe(`Bearer ${SECRET}`);
    stripe.revokedKeys.add(SECRET);
    const refused = await s.admin.send('POST', '/api/owner/payment-keys/stripe/test');
    expect(refused.json).toEqual({ ok: false, mode: 'test', message: 'Stripe refused the key: it is not valid or was revoked.' });
    stripe.revokedKeys.clear();
  });

  it('with a stored key checkout pays through Stripe (the page gets the publishable key) and the test card is refused', async () => {
    await s.admin.send('PUT', '/api/v1/commerce-preferences/payments', { testProvider: true, stripePublishableKey: 'pk_test_prefsPublishable123' });
    const v = new TestVisitor(worker, '198.51.100.43');
    await v.visit('/');
    const page = await v.send('GET', '/checkout?format=json');
    expect(page.json.stripe).toEqual({ publishableKey: 'pk_test_prefsPublishable123', locale: 'en', returnUrl: '/checkout' });
    const mug = await variantOf(worker.db, 'FK-TUM-ASH');
    await addOne(v, mug.itemId, mug.sku);
    expect((await placeOrder(v)).status).toBe(422);
    const intent = await v.send('POST', '/api/commerce/payments/stripe/intent', { shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' } });
    expect(intent.status).toBe(200);
    expect(stripe.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!.authorization).toBe(`Bearer ${SECRET}`);
    // Removing the key puts the deployment's settings (none here) and the test provider back.
    expect((await s.admin.send('DELETE', '/api/owner/payment-keys/stripe')).json).toEqual({ removed: true });
    expect((await placeOrder(v)).status).toBe(201);
  });
});

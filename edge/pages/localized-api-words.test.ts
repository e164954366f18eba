import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { DEMO_FRENCH_TEXTS, startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, ADDRESS_OR, placeOrder } from '../api/commerce/test-checkout.js';
import { fillText, STORE_TEXTS, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { displayMoney } from '../../domain/money/money.js';
import { resolveRegion } from '../../domain/postal-codes/postcode-region.js';
import { COUPON_WORDS } from '../services/checkout/coupons.js';
import { CART_MESSAGES } from '../services/cart/index.js';

/**
 * Issue 29 (lang24): the last English API words on /fr — the add-to-cart API's own refusals, the
 * cart's refused-coupon messages, the checkout's region-mismatch message and the quick view's
 * network line — in the language the page's island sends; English without it.
 */
let worker: RunningWorker;
const FRENCH: Record<StoreTextKey, string> = DEMO_FRENCH_TEXTS;
const ENTRIES = '/api/commerce/shopping-cart/entries';
const LOCATION = '/api/commerce/shopping-cart/shipping-location';
const COUPONS = '/api/commerce/shopping-cart/coupons';

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
  await setStock(worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => worker?.dispose());

describe('the English stays word for word', () => {
  it("the store texts are the services' English messages", () => {
    expect([STORE_TEXTS.cartAdditionalFieldsJson, STORE_TEXTS.couponNotStarted, STORE_TEXTS.couponExpired, STORE_TEXTS.checkoutCouponUsedUp, STORE_TEXTS.couponNoEligibleItems, STORE_TEXTS.couponUnknown])
      .toEqual([CART_MESSAGES.additionalFieldsJson, COUPON_WORDS.notStarted, COUPON_WORDS.expired, COUPON_WORDS.usedUp, COUPON_WORDS.noEligibleItems, COUPON_WORDS.unknown]);
    expect(COUPON_WORDS.belowMinimum(2000, 'USD')).toBe(fillText(STORE_TEXTS.couponBelowMinimum, { amount: '20.00 USD' }));
    expect(resolveRegion('US', 'OR', '10001').mismatch).toBe(fillText(STORE_TEXTS.checkoutRegionMismatch, { postcodeRegion: 'New York', typedRegion: 'Oregon' }));
  });
});

describe('POST /api/commerce/shopping-cart/entries in the language the add-to-cart island sends', () => {
  it("answers its own refusals in French for language fr; English without it or for a language the site does not publish", async () => {
    const v = new TestVisitor(worker, '198.51.100.241');
    await v.visit('/fr/shop');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const card = await variantOf(worker.db, 'FK-GC-050');
    const club = await variantOf(worker.db, 'FK-CLUB-MONTH');
    const add = (body: Record<string, unknown>) => v.send('POST', ENTRIES, { itemId: mug.itemId, sku: 'FK-MUG-08-OAT', quantity: 1, additionalFields: null, ...body });

    expect(await add({ quantity: 10000, language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartQuantityRange, fields: { quantity: FRENCH.cartQuantityRange } } });
    expect(await add({ quantity: undefined, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { quantity: FRENCH.cartQuantityRequired } } });
    expect(await add({ itemId: 7, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { itemId: FRENCH.cartItemIdInvalid } } });
    expect(await add({ sku: 5, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { sku: FRENCH.cartSkuInvalid } } });
    expect(await add({ additionalFields: 5, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { additionalFields: FRENCH.cartAdditionalFieldsJson } } });
    // Refusals of the cart service (thrown after the body passed).
    expect(await add({ itemId: card.itemId, sku: null, language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartGiftCardDenomination, fields: { sku: FRENCH.cartGiftCardDenomination } } });
    expect(await add({ itemId: club.itemId, sku: 'FK-CLUB-MONTH', language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartSubscriptionOnly } });

    // English: without a language, and for one the site does not publish (the primary's words).
    expect(await add({ quantity: 10000 })).toMatchObject({ status: 400, json: { message: 'Quantity must be between 1 and 9999.' } });
    expect(await add({ quantity: 10000, language: 'de' })).toMatchObject({ status: 400, json: { message: 'Quantity must be between 1 and 9999.' } });
    expect(await add({ itemId: club.itemId, sku: 'FK-CLUB-MONTH' })).toMatchObject({ json: { message: STORE_TEXTS.cartSubscriptionOnly } });
    expect(await add({ additionalFields: 5 })).toMatchObject({ json: { fields: { additionalFields: STORE_TEXTS.cartAdditionalFieldsJson } } });

    // The language changes nothing else: the add goes through.
    expect(await add({ quantity: 2, language: 'fr' })).toMatchObject({ status: 200, json: { shoppingCart: { totalQuantity: 2 } } });
  });
});

describe('POST /api/3/commerce/cart/subscription in the language the add-to-cart island sends (fix4)', () => {
  it("answers its body's and the service's refusals in French for language fr; English without it", async () => {
    const v = new TestVisitor(worker, '198.51.100.246');
    await v.visit('/fr/shop/monthly-clay-club');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const club = await variantOf(worker.db, 'FK-CLUB-MONTH');
    const subscribe = (body: Record<string, unknown>) =>
      v.send('POST', '/api/3/commerce/cart/subscription', { itemId: club.itemId, sku: 'FK-CLUB-MONTH', qty: 1, additionalFields: null, ...body });

    expect(await subscribe({ qty: 10000, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { qty: FRENCH.cartQuantityRange } } });
    expect(await subscribe({ itemId: 7, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { itemId: FRENCH.cartItemIdInvalid } } });
    expect(await subscribe({ itemId: mug.itemId, sku: 'FK-MUG-08-OAT', language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartNotSubscribable, fields: { itemId: FRENCH.cartNotSubscribable } } });
    expect(await subscribe({ subscriptionOptionId: 'no-such-plan', language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartSubscriptionPlanUnknown } });

    expect(await subscribe({ itemId: mug.itemId, sku: 'FK-MUG-08-OAT' })).toMatchObject({ status: 400, json: { message: STORE_TEXTS.cartNotSubscribable } });
    expect(await subscribe({ subscriptionOptionId: 'no-such-plan', language: 'de' })).toMatchObject({ status: 400, json: { message: STORE_TEXTS.cartSubscriptionPlanUnknown } });
    // The language changes nothing else: the subscription cart is made.
    expect(await subscribe({ language: 'fr' })).toMatchObject({ status: 200, json: { cartToken: expect.any(String) } });
  });
});

/** A coupon row of the demo site, written as the owner's coupon screen would (uppercase code). */
async function coupon(code: string, fields: { startsAt?: number; endsAt?: number; minSubtotalCents?: number }): Promise<void> {
  const site = await worker.db.prepare("SELECT website_id AS id FROM coupons WHERE code = 'WELCOME10'").first<{ id: string }>();
  await worker.db
    .prepare('INSERT INTO coupons (id, website_id, code, effect, starts_at, ends_at, min_subtotal_cents) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(`lang24-${code}`, site!.id, code, JSON.stringify({ kind: 'percentage', percentBps: 1000 }), fields.startsAt ?? null, fields.endsAt ?? null, fields.minSubtotalCents ?? null)
    .run();
}

describe("the cart's refused coupons in the language of the request that priced it", () => {
  it('not active yet, expired, below the minimum (the language money format) and unknown codes in French; English without', async () => {
    await coupon('LATER24', { startsAt: Date.now() + 30 * 86_400_000 });
    await coupon('GONE24', { endsAt: Date.now() - 86_400_000 });
    const minimum = 123_456;
    await coupon('BIG24', { minSubtotalCents: minimum });
    const v = new TestVisitor(worker, '198.51.100.242');
    await v.visit('/fr/checkout');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 1)).status).toBe(200);
    for (const code of ['later24', 'gone24', 'nope24']) expect((await v.send('POST', COUPONS, { code, language: 'fr' })).status).toBe(200);
    const french = (await v.send('POST', COUPONS, { code: 'big24', language: 'fr' })).json.shoppingCart.invalidCoupons;
    const messages = (list: { code: string; message: string }[]) => Object.fromEntries(list.map((c) => [c.code, c.message]));
    const frenchMinimum = fillText(FRENCH.couponBelowMinimum, { amount: displayMoney(minimum, 'USD', 'fr') });
    expect(frenchMinimum).toMatch(/\$US/);
    expect(messages(french)).toEqual({ LATER24: FRENCH.couponNotStarted, GONE24: FRENCH.couponExpired, NOPE24: FRENCH.couponUnknown, BIG24: frenchMinimum });

    // The checkout island's own reads (?language=) and the cart island's writes (body language).
    expect(messages((await v.send('GET', '/api/commerce/shopping-cart?language=fr')).json.shoppingCart.invalidCoupons).BIG24).toBe(frenchMinimum);
    const english = messages((await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.invalidCoupons);
    expect(english).toEqual({
      LATER24: 'This coupon is not active yet.', GONE24: 'This coupon has expired.', NOPE24: 'This coupon code is not valid.',
      BIG24: 'Spend at least 1234.56 USD to use this coupon.',
    });
    expect(messages((await v.send('GET', '/api/commerce/shopping-cart?language=de')).json.shoppingCart.invalidCoupons).GONE24).toBe('This coupon has expired.');
    const entryId = (await v.send('GET', '/api/commerce/shopping-cart')).json.shoppingCart.entries[0].id as string;
    expect(messages((await v.send('PUT', `${ENTRIES}/${entryId}`, { quantity: 1, language: 'fr' })).json.shoppingCart.invalidCoupons).LATER24).toBe(FRENCH.couponNotStarted);
    expect(messages((await v.send('DELETE', `${COUPONS}/NOPE24?language=fr`)).json.shoppingCart.invalidCoupons)).toEqual({ LATER24: FRENCH.couponNotStarted, GONE24: FRENCH.couponExpired, BIG24: frenchMinimum });

    // The French checkout page's own cart (what the island starts from); the English page's stays English.
    const page = async (path: string) => messages((await v.send('GET', `${path}?format=json`)).json.cart.invalidCoupons);
    expect((await page('/fr/checkout')).GONE24).toBe(FRENCH.couponExpired);
    expect((await page('/checkout')).GONE24).toBe('This coupon has expired.');
  });
});

describe("the checkout's region-mismatch message in the body's language", () => {
  it("the shipping location's and the order's field message in French (region names as the region tables give them); English without", async () => {
    const v = new TestVisitor(worker, '198.51.100.243');
    await v.visit('/fr/checkout');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 1)).status).toBe(200);
    const french = fillText(FRENCH.checkoutRegionMismatch, { postcodeRegion: 'New York', typedRegion: 'Oregon' });
    const where = { country: 'US', region: 'OR', postalCode: '10001' };
    expect(await v.send('PUT', LOCATION, { ...where, language: 'fr' })).toMatchObject({ status: 422, json: { message: french, fields: { region: french } } });
    expect(await v.send('PUT', LOCATION, where)).toMatchObject({ status: 422, json: { fields: { region: 'This ZIP / postal code is in New York, not Oregon.' } } });
    const address = { ...ADDRESS_OR, postalCode: '10001' };
    const order = await placeOrder(v, { address, extra: { language: 'fr' } });
    expect(order).toMatchObject({ status: 422, json: { fields: { 'shippingAddress.region': french } } });
    expect((await placeOrder(v, { address })).json.fields['shippingAddress.region']).toBe('This ZIP / postal code is in New York, not Oregon.');
  });
});

describe("the quick view's network line", () => {
  it("a French listing's quick-view island gets the line in French; an English one gets no prop (the island's English)", async () => {
    const prop = (html: string) => /data-island="quick-view"[^>]*?data-prop-network="([^"]*)"/.exec(html)?.[1];
    const fr = await (await worker.fetch('/fr/shop')).text();
    expect(fr).toContain('data-island="quick-view"');
    expect(JSON.parse(prop(fr)!.replaceAll('&quot;', '"'))).toBe(FRENCH.themeNetwork);
    const en = await (await worker.fetch('/shop')).text();
    expect(en).toContain('data-island="quick-view"');
    expect(prop(en)).toBeUndefined();
  });
});

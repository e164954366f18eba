import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { STORE_TEXTS, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { CART_MESSAGES } from '../services/cart/index.js';

/**
 * Issue 29 (lang24): the last English API words on /fr — the add-to-cart API's own refusals, the
 * cart's refused-coupon messages, the checkout's region-mismatch message and the quick view's
 * network line — in the language the page's island sends; English without it.
 */
let worker: RunningWorker;
const FRENCH: Record<StoreTextKey, string> = JSON.parse(readFileSync(new URL('../../fixtures/demo/translations.json', import.meta.url), 'utf8')).fr.storeTexts;
const ENTRIES = '/api/commerce/shopping-cart/entries';

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
  await setStock(worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => worker?.dispose());

describe('the English stays word for word', () => {
  it("the store texts are the services' English messages", () => {
    expect(STORE_TEXTS.cartAdditionalFieldsJson).toBe(CART_MESSAGES.additionalFieldsJson);
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

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, ADDRESS_OR, placeOrder } from '../api/commerce/test-checkout.js';
import { STORE_TEXTS } from '../../domain/languages/store-texts.js';
import { addressPostcodeError } from '../../domain/postal-codes/postal-codes.js';
import { GIFT_CARD_MESSAGES } from '../services/gift-cards/index.js';

/**
 * Issue 29 (lang21): the checkout API's last English refusals, the cart API's own messages and
 * the theme's message pages answer in the page's language on the demo's French site.
 */
let worker: RunningWorker;
const FRENCH: Record<string, string> = JSON.parse(readFileSync(new URL('../../fixtures/demo/translations.json', import.meta.url), 'utf8')).fr.storeTexts;

beforeAll(async () => {
  ({ worker } = await startFrenchSite());
  await setStock(worker.db, 'FK-MUG-08-OAT', 100);
}, 120_000);
afterAll(() => worker?.dispose());

describe("the checkout API's other refusals in the body's language (lang21)", () => {
  it('are store texts word for word (the postcode rules, the gift-card messages)', () => {
    expect([STORE_TEXTS.postcodeUsZip, STORE_TEXTS.postcodeCaFsa, STORE_TEXTS.postcodeInvalid, STORE_TEXTS.postcodeGbOutcode, STORE_TEXTS.postcodeSe, STORE_TEXTS.postcodeIeEircode])
      .toEqual([addressPostcodeError('US', '1'), addressPostcodeError('CA', '1'), addressPostcodeError('FR', '1'), addressPostcodeError('GB', '!!'), addressPostcodeError('SE', 'x'), addressPostcodeError('IE', '1')]);
    expect([STORE_TEXTS.giftCardInvalid, STORE_TEXTS.giftCardNoBalance, STORE_TEXTS.giftCardBalanceChanged, STORE_TEXTS.giftCardPurchase, STORE_TEXTS.giftCardPurchaseField, STORE_TEXTS.giftCardCardNeeded])
      .toEqual([GIFT_CARD_MESSAGES.invalid, GIFT_CARD_MESSAGES.noBalance, GIFT_CARD_MESSAGES.balanceChanged, GIFT_CARD_MESSAGES.purchase, GIFT_CARD_MESSAGES.purchaseField, GIFT_CARD_MESSAGES.cardNeeded]);
  });

  it('too-long fields, a postcode, a gift card and Stripe not set up answer in French for language fr; English without it', async () => {
    const v = new TestVisitor(worker, '198.51.100.201');
    await v.visit('/fr/checkout');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    expect((await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 1)).status).toBe(200);
    const fr = { email: 'refus@example.fr', language: 'fr' };
    const long = { ...ADDRESS_OR, firstName: 'x'.repeat(101), city: 'y'.repeat(101) };
    const tooLong = await placeOrder(v, { address: long, extra: fr });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.fields).toMatchObject({ 'shippingAddress.firstName': FRENCH.checkoutFirstNameTooLong, 'shippingAddress.city': FRENCH.checkoutCityTooLong });
    const englishLong = await placeOrder(v, { address: long, extra: { email: 'refus@example.fr' } });
    expect(englishLong.json.fields).toMatchObject({ 'shippingAddress.firstName': 'First name is too long.', 'shippingAddress.city': 'City is too long.' });

    const zip = { ...ADDRESS_OR, postalCode: '972' };
    expect(await placeOrder(v, { address: zip, extra: fr })).toMatchObject({
      status: 422,
      json: { message: 'Vérifiez les champs signalés.', fields: { 'shippingAddress.postalCode': FRENCH.postcodeUsZip } },
    });
    expect(await placeOrder(v, { address: zip, extra: { email: 'refus@example.fr' } })).toMatchObject({ json: { fields: { 'shippingAddress.postalCode': 'ZIP Codes need to be 5 digits.' } } });

    expect(await placeOrder(v, { extra: { ...fr, giftCardCode: 'NOPE-NOPE-NOPE' } })).toMatchObject({
      status: 422,
      json: { message: "Ce code de carte cadeau n'est pas valide.", fields: { giftCardCode: "Ce code de carte cadeau n'est pas valide." } },
    });
    expect(await placeOrder(v, { extra: { email: 'refus@example.fr', giftCardCode: 'NOPE-NOPE-NOPE' } })).toMatchObject({ json: { message: 'This gift card code is not valid.' } });

    // The demo has no Stripe key: the intent says so in the page's language.
    const intent = (language?: string) => v.send('POST', '/api/commerce/payments/stripe/intent', { shippingAddress: ADDRESS_OR, ...(language ? { language } : {}) });
    expect(await intent('fr')).toMatchObject({ status: 404, json: { message: "Le paiement par carte via Stripe n'est pas configuré pour cette boutique." } });
    expect(await intent()).toMatchObject({ status: 404, json: { message: 'Card payments through Stripe are not set up for this store.' } });
  });
});

describe("the cart API's own messages in the language the cart island sends (lang21)", () => {
  it('a quantity out of range, a gone line and a refused body answer in French for language fr; English without it', async () => {
    const v = new TestVisitor(worker, '198.51.100.202');
    await v.visit('/fr/cart');
    const mug = await variantOf(worker.db, 'FK-MUG-08-OAT');
    const added = await addOne(v, mug.itemId, 'FK-MUG-08-OAT', 1);
    expect(added.status).toBe(200);
    const entryId = added.json.newlyAdded.id as string;
    const line = `/api/commerce/shopping-cart/entries/${entryId}`;
    expect(await v.send('PUT', line, { quantity: 10000, language: 'fr' })).toMatchObject({ status: 400, json: { message: FRENCH.cartQuantityRange, fields: { quantity: FRENCH.cartQuantityRange } } });
    expect(await v.send('PUT', line, { quantity: 1.5, language: 'fr' })).toMatchObject({ status: 400, json: { fields: { quantity: FRENCH.themeQuantityNotWhole } } });
    expect(await v.send('PUT', line, { quantity: 10000 })).toMatchObject({ status: 400, json: { message: 'Quantity must be between 1 and 9999.' } });
    const gone = '/api/commerce/shopping-cart/entries/no-such-line';
    expect(await v.send('DELETE', `${gone}?language=fr`)).toMatchObject({ status: 404, json: { message: "Cet article n'est plus dans votre panier." } });
    expect(await v.send('PUT', gone, { quantity: 2, language: 'fr' })).toMatchObject({ status: 404, json: { message: FRENCH.cartEntryNotFound } });
    expect(await v.send('DELETE', gone)).toMatchObject({ status: 404, json: { message: 'That item is no longer in your cart.' } });
    // A language the site does not publish reads as English; the line's quantity still changes with language sent.
    expect(await v.send('DELETE', `${gone}?language=de`)).toMatchObject({ json: { message: 'That item is no longer in your cart.' } });
    expect(await v.send('PUT', line, { quantity: 2, language: 'fr' })).toMatchObject({ status: 200, json: { shoppingCart: { totalQuantity: 2 } } });
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningWorker } from '../test-support.js';
import { DEMO_FRENCH_TEXTS, startFrenchSite } from '../api/multilingual/test-french.js';
import { setStock, variantOf } from '../api/commerce/test-catalog.js';
import { TestVisitor } from '../api/commerce/test-visitor.js';
import { addOne, ADDRESS_OR, placeOrder } from '../api/commerce/test-checkout.js';
import { STORE_TEXTS, type StoreTextKey } from '../../domain/languages/store-texts.js';
import { themeTexts } from '../../domain/languages/theme-texts.js';
import { render } from '../../engine/index.js';
import { addressPostcodeError } from '../../domain/postal-codes/postal-codes.js';
import { GIFT_CARD_MESSAGES } from '../services/gift-cards/index.js';

/**
 * Issue 29 (lang21): the checkout API's last English refusals, the cart API's own messages and
 * the theme's message pages answer in the page's language on the demo's French site.
 */
let worker: RunningWorker;
const FRENCH: Record<StoreTextKey, string> = DEMO_FRENCH_TEXTS;

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

describe("the theme's message pages in the page's language (lang21)", () => {
  const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
  const theme = (name: string) => readFileSync(new URL(`../../fixtures/theme/${name}`, import.meta.url), 'utf8');
  // The templates before lang21 (git show 6b31761e:fixtures/theme/...): English renders byte for byte as they did.
  const BEFORE_ERROR = '<section class="message-page">\n  <p class="code">500</p>\n  <h1>Something went wrong</h1>\n  <p>Please try again in a moment.</p>\n  <a class="button button-secondary" href="/">Back to the home page</a>\n</section>\n';
  const ENGLISH = themeTexts();
  const FRENCH_THEME = themeTexts((key) => FRENCH[key]);
  const STATES = ['confirm', 'confirmed', 'confirm-invalid', 'unsubscribe', 'unsubscribed', 'unsubscribe-invalid'];
  const newsletter = (state: string) => ({ state, listName: 'Kiln <Notes>', email: 'ines@example.fr', subscriberId: 's1', signature: 'sig', token: 't&1' });

  it('error.html and newsletter.html render the English as before and the French from themeTexts', () => {
    expect(render(theme('error.html'), { themeTexts: ENGLISH }).output).toBe(BEFORE_ERROR);
    // A context without themeTexts (another caller, an older theme context) keeps the English.
    expect(render(theme('error.html'), {}).output).toBe(BEFORE_ERROR);
    const frError = text(render(theme('error.html'), { themeTexts: FRENCH_THEME }).output);
    expect(frError).toContain(`${FRENCH.themeSomethingWrong} ${FRENCH.themeErrorTryAgain} ${FRENCH.notFoundHome}`);
    for (const state of STATES) {
      const english = render(theme('newsletter.html'), { themeTexts: ENGLISH, newsletter: newsletter(state) }).output;
      expect(english, state).toBe(render(theme('newsletter.html'), { newsletter: newsletter(state) }).output);
      const french = text(render(theme('newsletter.html'), { themeTexts: FRENCH_THEME, newsletter: newsletter(state) }).output);
      expect(french, state).toContain(FRENCH.notFoundHome);
      expect(french, state).not.toMatch(/\bSubscribe\b|\bsubscribed\b|This link|\bConfirm\b|Use the|will get|Back to/);
    }
    const confirm = render(theme('newsletter.html'), { themeTexts: FRENCH_THEME, newsletter: newsletter('confirm') }).output;
    expect(confirm).toContain("S'abonner à Kiln &lt;Notes&gt;\u00a0?");
    expect(confirm).toContain('Confirmez que ines@example.fr doit recevoir Kiln &lt;Notes&gt;.');
  });

  it('the English newsletter page as before; a status page (405) under /fr words its link in French', async () => {
    const en = text(await (await worker.fetch('/newsletter/confirm?token=made-up')).text());
    expect(en).toContain('This link has expired The confirmation link is not valid any more. Sign up again and we will send a new one.');
    expect(en).toContain('Back to the home page');
    const put = await worker.fetch('/fr/', { method: 'PUT', headers: { Accept: 'text/html' } });
    expect(put.status).toBe(405);
    expect(text(await put.text())).toContain(FRENCH.notFoundHome);
    const enPut = await worker.fetch('/', { method: 'PUT', headers: { Accept: 'text/html' } });
    expect(text(await enPut.text())).toContain('Back to the home page');
  });
});

import { describe, expect, it } from 'vitest';
import { STORE_TEXTS, storeTexts } from '../../domain/languages/store-texts.js';
import { messageTranslator, textHtml } from './page-words.js';

const french = storeTexts((key) => (key === 'donateAmountMissing' ? 'Choisissez ou saisissez le montant de votre don.' : undefined));

describe('messageTranslator', () => {
  const translate = messageTranslator(['donateAmountMissing', 'donateAmountInvalid']);

  it("answers a known message in the page's words, English where untranslated", () => {
    expect(translate(STORE_TEXTS.donateAmountMissing, french)).toBe('Choisissez ou saisissez le montant de votre don.');
    expect(translate(STORE_TEXTS.donateAmountInvalid, french)).toBe(STORE_TEXTS.donateAmountInvalid);
  });

  it('leaves any other message (and none) as it is, including the English of a key it was not given', () => {
    expect(translate('Something else.', french)).toBe('Something else.');
    expect(translate(undefined, french)).toBeUndefined();
    const other = storeTexts((key) => (key === 'accountRateLimited' ? 'Trop de tentatives.' : undefined));
    expect(translate(STORE_TEXTS.accountRateLimited, other)).toBe(STORE_TEXTS.accountRateLimited);
  });
});

describe('textHtml', () => {
  it('escapes the text and puts the caller-built markup in its places', () => {
    expect(textHtml('You gave {amount} to <{site}>.', { amount: '<strong>5</strong>' })).toBe('You gave <strong>5</strong> to &lt;{site}&gt;.');
  });
});

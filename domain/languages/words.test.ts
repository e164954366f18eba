import { describe, expect, it } from 'vitest';
import { STORE_TEXTS } from './store-texts.js';
import { fillText, textPattern, textsOver } from './words.js';

describe('textPattern, the inverse of fillText', () => {
  it('matches every message fillText makes of the text, whole, with the slot words captured in order', () => {
    const { pattern, names } = textPattern(STORE_TEXTS.checkoutRegionMismatch);
    const message = fillText(STORE_TEXTS.checkoutRegionMismatch, { postcodeRegion: 'Ontario', typedRegion: 'British Columbia' });
    expect(names).toEqual(['postcodeRegion', 'typedRegion']);
    expect(pattern.exec(message)?.slice(1)).toEqual(['Ontario', 'British Columbia']);
    expect(pattern.test(`Note: ${message}`)).toBe(false);
    expect(pattern.test('This coupon has expired.')).toBe(false);
  });

  it('reads the text\'s own characters literally: dots, brackets, slashes and dollars are no pattern', () => {
    const { pattern } = textPattern('Total (incl. tax) $ / {amount}?');
    expect(pattern.test('Total (incl. tax) $ / 20,00 €?')).toBe(true);
    expect(pattern.test('Total xincl. taxx $ / 20,00 €?')).toBe(false);
    expect(pattern.test('Total (incl. tax) $ / 20,00 €!')).toBe(false);
  });

  it('matches a known slot only by its value, never a longer number', () => {
    const { pattern, names } = textPattern(STORE_TEXTS.mailSubject, { number: '1001' });
    expect(names).toEqual(['site']);
    expect(pattern.exec(fillText(STORE_TEXTS.mailSubject, { site: 'Fern & Kiln', number: 1001 }))?.[1]).toBe('Fern & Kiln');
    expect(pattern.test(fillText(STORE_TEXTS.mailSubject, { site: 'Fern & Kiln', number: 10010 }))).toBe(false);
    expect(pattern.test(fillText(STORE_TEXTS.mailSubject, { site: 'Fern & Kiln', number: 101 }))).toBe(false);
  });
});

describe('textsOver', () => {
  it("takes the page's string words by name over the English, and nothing else", () => {
    const english = { close: 'Close', thanks: 'Thanks!' };
    expect(textsOver(english, { close: 'Fermer', thanks: 3, other: 'Autre' })).toEqual({ close: 'Fermer', thanks: 'Thanks!' });
    expect(textsOver(english, undefined)).toEqual(english);
    expect(textsOver(english, 'Fermer')).toEqual(english);
    expect(english.close).toBe('Close');
  });
});

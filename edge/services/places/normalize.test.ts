import { describe, expect, it } from 'vitest';
import { looksLikePostcode, placeKey, postcodeKey } from './normalize.js';

describe('placeKey', () => {
  it('folds case, accents and punctuation', () => {
    expect(placeKey('Saint-Étienne')).toBe('saint etienne');
    expect(placeKey('  São   Paulo ')).toBe('sao paulo');
    expect(placeKey("Coeur d'Alene")).toBe('coeur dalene');
    expect(placeKey('Malmö')).toBe('malmo');
  });
});

describe('postcodes', () => {
  it('compare without spaces or case', () => {
    expect(postcodeKey('sw1a 1aa')).toBe('SW1A1AA');
    expect(postcodeKey('90210-1234')).toBe('902101234');
  });
  it('are told from place names', () => {
    expect(looksLikePostcode('902')).toBe(true);
    expect(looksLikePostcode('M5V')).toBe(true);
    expect(looksLikePostcode('sw1')).toBe(true);
    expect(looksLikePostcode('Springfield')).toBe(false);
    expect(looksLikePostcode('')).toBe(false);
  });
});

describe('localQuery', () => {
  it('keeps the part after the last comma, where the town or postcode is typed', async () => {
    const { localQuery } = await import('./local-index.js');
    expect(localQuery('12 Main St, Portl')).toBe('Portl');
    expect(localQuery('Portland')).toBe('Portland');
    expect(localQuery('12 Main St, ')).toBe('');
  });
});

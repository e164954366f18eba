import { describe, expect, it } from 'vitest';
import { parsePrice, PRICE_MESSAGES } from './price-input.js';

const minor = (input: number | string, currency = 'USD', locale = 'en-US') => {
  const r = parsePrice(input, currency, locale);
  return r.ok ? r.minor : r.message;
};

describe('parsePrice', () => {
  it('takes integers as minor units', () => {
    expect(minor(1250)).toBe(1250);
    expect(minor(0)).toBe(0);
    expect(minor(1200, 'JPY')).toBe(1200);
  });

  it('parses decimal strings by the currency fraction digits, without floats', () => {
    expect(minor('12.50')).toBe(1250);
    expect(minor('12.5')).toBe(1250);
    expect(minor('12')).toBe(1200);
    expect(minor('0.10')).toBe(10);
    expect(minor('1200', 'JPY')).toBe(1200);
    expect(minor('0.29')).toBe(29);
    expect(minor('1,234.56')).toBe(123456);
    expect(minor('12.500')).toBe(1250);
  });

  it('follows the locale (SPEC §5)', () => {
    expect(minor('1.234,56', 'EUR', 'de-DE')).toBe(123456);
    expect(minor('12,5', 'EUR', 'de-DE')).toBe(1250);
    expect(minor('1 234,56', 'EUR', 'fr-FR')).toBe(123456);
    // A comma is no decimal point in en-US, and grouping comes in threes.
    expect(minor('12,50')).toBe(PRICE_MESSAGES.notNumber);
  });

  it('refuses negatives, text and more decimals than the currency has', () => {
    expect(minor(-1)).toBe(PRICE_MESSAGES.negative);
    expect(minor('-3.00')).toBe(PRICE_MESSAGES.negative);
    expect(minor('abc')).toBe(PRICE_MESSAGES.notNumber);
    expect(minor('')).toBe(PRICE_MESSAGES.notNumber);
    expect(minor('1e3')).toBe(PRICE_MESSAGES.notNumber);
    expect(minor(12.5)).toBe(PRICE_MESSAGES.notWholeMinorUnits);
    expect(minor('12.505')).toBe('USD prices have at most 2 decimal places.');
    expect(minor('12.5', 'JPY')).toBe('JPY prices have no decimal places.');
  });

  it('allows 15 integer places and no more (SPEC §9)', () => {
    expect(minor('999999999999999', 'JPY')).toBe(999999999999999);
    expect(minor('1000000000000000', 'JPY')).toBe(PRICE_MESSAGES.tooManyIntegerPlaces);
    expect(minor(1000000000000000, 'JPY')).toBe(PRICE_MESSAGES.tooManyIntegerPlaces);
    expect(minor('0000000000000000012.00')).toBe(1200);
    // 15 places in USD are past the largest exact integer of minor units.
    expect(minor('999999999999999.99')).toBe(PRICE_MESSAGES.tooLarge);
    expect(minor('1234567890123456.00')).toBe(PRICE_MESSAGES.tooManyIntegerPlaces);
    expect(minor('90071992547409.91')).toBe(9007199254740991);
  });
});

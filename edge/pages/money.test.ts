import { describe, expect, it } from 'vitest';
import { minorToDecimal, moneyJson } from './money.js';

describe('minorToDecimal', () => {
  it('places the point by the currency fraction digits', () => {
    expect(minorToDecimal(2550, 'USD')).toBe('25.50');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(0, 'GBP')).toBe('0.00');
    expect(minorToDecimal(-1999, 'USD')).toBe('-19.99');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
  });

  it('rejects non-integer amounts', () => {
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(RangeError);
  });

  it('builds the money object templates read', () => {
    expect(moneyJson(123456, 'USD')).toEqual({ currency: 'USD', value: '1234.56' });
  });
});

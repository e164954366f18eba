import { describe, expect, it } from 'vitest';
import { fractionDigits as engineFractionDigits } from '../../engine/index.js';
import { fractionDigits } from './fraction-digits.js';
import { displayMoney, minorToDecimal, moneyJson } from './money.js';

describe('fractionDigits', () => {
  it('reads the digits from Intl, not a hand-kept list', () => {
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('KRW')).toBe(0);
    expect(fractionDigits('BHD')).toBe(3);
    expect(fractionDigits('krw')).toBe(0);
    expect(fractionDigits('not a code')).toBe(2);
  });

  it('agrees with the engine for every ISO currency Intl knows', () => {
    const codes = Intl.supportedValuesOf('currency');
    expect(codes.length).toBeGreaterThan(100);
    const disagree = codes.filter((code) => fractionDigits(code) !== engineFractionDigits(code));
    expect(disagree).toEqual([]);
  });
});

describe('minorToDecimal', () => {
  it('places the point by the currency fraction digits', () => {
    expect(minorToDecimal(2550, 'USD')).toBe('25.50');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(0, 'GBP')).toBe('0.00');
    expect(minorToDecimal(-1999, 'USD')).toBe('-19.99');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
    expect(minorToDecimal(15000, 'KRW')).toBe('15000');
    expect(minorToDecimal(1234, 'BHD')).toBe('1.234');
  });

  it('rejects non-integer amounts', () => {
    expect(() => minorToDecimal(1.5, 'USD')).toThrow(RangeError);
  });

  it('builds the money object templates read', () => {
    expect(moneyJson(123456, 'USD')).toEqual({ currency: 'USD', value: '1234.56' });
  });
});

describe('displayMoney', () => {
  it('formats minor units for shoppers by currency and locale, exactly', () => {
    expect(displayMoney(6500, 'USD')).toBe('$65.00');
    expect(displayMoney(123456789012345, 'USD', 'en_US')).toBe('$1,234,567,890,123.45');
    expect(displayMoney(1200, 'JPY', 'en-US')).toBe('¥1,200');
    expect(displayMoney(999, 'GBP', 'en-GB')).toBe('£9.99');
    expect(displayMoney(999, 'USD', 'not a locale!')).toBe('$9.99');
  });
});

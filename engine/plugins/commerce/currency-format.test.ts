import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { currencyOptions, formatCurrency, formatPercentage } from './currency-format.js';
import { parseDecimal } from './money.js';

describe('Intl currency formatting', () => {
  it('formats by locale and currency', () => {
    expect(formatCurrency('en-US', new Decimal('2500'), 'USD')).toBe('$2,500.00');
    expect(formatCurrency('de-DE', new Decimal('2500'), 'EUR')).toBe('2.500,00\u00a0€');
    expect(formatCurrency('en-US', new Decimal('1234.5'), 'JPY')).toBe('¥1,235');
  });

  it('maps template arguments to Intl options', () => {
    expect(formatCurrency('en-US', new Decimal('123456.789'), 'USD', ['style:short'])).toBe('$123K');
    expect(formatCurrency('en-US', new Decimal('1'), 'EUR', ['style:name'])).toBe('1.00 euros');
    expect(currencyOptions(['maxfrac:99'])).toEqual({ maximumFractionDigits: 50 });
  });

  it('gives an empty string without locale data', () => {
    expect(formatCurrency(null, new Decimal(1), 'USD')).toBe('');
    expect(formatPercentage(null, new Decimal(1), false)).toBe('');
  });

  it('SPEC §9 percent: 2-3 fraction digits, 0-3 with trim', () => {
    expect(formatPercentage('en-US', new Decimal('12.5'), false)).toBe('12.50');
    expect(formatPercentage('en-US', new Decimal('12.5'), true)).toBe('12.5');
    expect(formatPercentage('en-US', new Decimal('0.12345'), true)).toBe('0.123');
  });
});

describe('shared amounts are formatted once per formatter', () => {
  it('gives the same text per locale, currency and arguments, never another one\'s', () => {
    const amount = parseDecimal('2500')!;
    const args = Object.freeze(['style:code']);
    for (let i = 0; i < 2; i++) {
      expect(formatCurrency('en-US', amount, 'USD')).toBe('$2,500.00');
      expect(formatCurrency('de-DE', amount, 'EUR')).toBe('2.500,00\u00a0€');
      expect(formatCurrency('en-US', amount, 'EUR')).toBe('€2,500.00');
      expect(formatCurrency('en-US', amount, 'USD', args)).toBe('USD\u00a02,500.00');
      expect(formatCurrency('en-US', amount, 'NOT-A-CODE')).toBe('');
    }
  });
});

import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLegacyAmount,
  fractionDigits,
  legacyMoneyMarkup,
  legacyPrice,
  majorToMinor,
  minorToMajor,
  parseDecimal,
  amountLess,
  readMoney,
} from './money.js';

describe('SPEC §9 money conversion by currency fraction digits', () => {
  it('JPY has 0 fraction digits, USD and EUR 2', () => {
    expect(fractionDigits('JPY')).toBe(0);
    expect(fractionDigits('USD')).toBe(2);
    expect(fractionDigits('EUR')).toBe(2);
  });

  it('divides minor units by 10^digits', () => {
    expect(minorToMajor(12345, 'USD').toString()).toBe('123.45');
    expect(minorToMajor(12345, 'JPY').toString()).toBe('12345');
    expect(minorToMajor(1, 'USD').toString()).toBe('0.01');
  });

  it('multiplies back exactly, with no binary floating point', () => {
    expect(majorToMinor('0.1', 'USD').plus(majorToMinor('0.2', 'USD')).toString()).toBe('30');
    expect(majorToMinor('19.99', 'USD').toString()).toBe('1999');
    expect(majorToMinor('500', 'JPY').toString()).toBe('500');
  });
});

describe('money values from data', () => {
  it('reads both money shapes, defaulting to zero USD', () => {
    expect(readMoney({ value: '1.50', currency: 'EUR' })).toEqual({ amount: new Decimal('1.5'), currency: 'EUR' });
    expect(readMoney({ decimalValue: 2, currencyCode: 'JPY' }).currency).toBe('JPY');
    expect(readMoney(undefined).amount.isZero()).toBe(true);
    expect(readMoney({ value: 'abc' }).currency).toBe('USD');
  });

  it('parses only finite numbers and numeric strings', () => {
    expect(parseDecimal('.5')?.toString()).toBe('0.5');
    expect(parseDecimal('A')).toBeUndefined();
    expect(parseDecimal(Infinity)).toBeUndefined();
    expect(parseDecimal(null)).toBeUndefined();
  });

  it('legacy prices are hundredths without trailing zeros', () => {
    expect(legacyPrice({ value: '.5' })).toBe('50');
    expect(legacyPrice({ value: '7.50' })).toBe('750');
    expect(legacyPrice(undefined)).toBe('0');
  });

  it('legacy amounts round half-even, exactly, with grouping', () => {
    expect(formatLegacyAmount(12345)).toBe('123.45');
    expect(formatLegacyAmount('12.5')).toBe('0.12');
    expect(formatLegacyAmount('13.5')).toBe('0.14');
    expect(formatLegacyAmount('12345678901234567890')).toBe('123,456,789,012,345,678.90');
    expect(legacyMoneyMarkup(100)).toBe('<span class="sqs-money-native">1.00</span>');
  });
});

describe('parsed amounts are shared between calls', () => {
  it('the same text or number gives the same frozen, exact amount; unreadable input stays undefined', () => {
    const a = parseDecimal('32.10');
    expect(parseDecimal('32.10')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(a?.times(100).toString()).toBe('3210');
    expect(a?.toFixed()).toBe('32.1');
    expect(parseDecimal(' 7 ')?.toString()).toBe('7');
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal(Number.NaN)).toBeUndefined();
  });

  it('negative zero is not confused with zero', () => {
    expect(parseDecimal(0)?.isNegative()).toBe(false);
    expect(parseDecimal(-0)?.isNegative()).toBe(true);
    expect(parseDecimal(0)?.isNegative()).toBe(false);
  });

  it('stays bounded and correct past its size (old entries dropped, never wrong)', () => {
    for (let i = 0; i < 5000; i++) expect(parseDecimal(`${i}.5`)?.toString()).toBe(`${i}.5`);
    expect(parseDecimal('1.5')?.toString()).toBe('1.5');
  });
});

describe('amount comparison', () => {
  it('agrees with decimal.js on any pair, shared or not, short or long', () => {
    const digits = fc.stringMatching(/^[0-9]{1,22}$/);
    const text = fc
      .tuple(fc.constantFrom('', '-'), digits, fc.option(digits, { nil: undefined }), fc.option(fc.integer({ min: -400, max: 400 }), { nil: undefined }))
      .map(([sign, a, b, e]) => `${sign}${a}${b === undefined ? '' : `.${b}`}${e === undefined ? '' : `e${e}`}`);
    fc.assert(
      fc.property(text, text, fc.boolean(), (x, y, shared) => {
        const a = shared ? parseDecimal(x) : new Decimal(x);
        const b = shared ? parseDecimal(y) : new Decimal(y);
        if (a === undefined || b === undefined) return;
        expect(amountLess(a, b)).toBe(a.lessThan(b));
        expect(amountLess(b, a)).toBe(b.lessThan(a));
      }),
      { numRuns: 2000 },
    );
    // Neighbours a double cannot tell apart stay apart.
    expect(amountLess(parseDecimal('0.1000000000000000001')!, parseDecimal('0.1000000000000000002')!)).toBe(true);
    expect(amountLess(parseDecimal('32.00')!, parseDecimal('32')!)).toBe(false);
  });
});

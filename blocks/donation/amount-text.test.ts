import { describe, expect, it } from 'vitest';
import { amountText, currencySymbol, limitProblem, offeredAmounts, parseAmountText } from './amount-text.js';

const cents = (text: string, currency = 'USD', locale = 'en-US') => {
  const parsed = parseAmountText(text, currency, locale);
  return parsed.ok ? parsed.cents : parsed.message;
};

describe('an amount the owner types', () => {
  it('is split as text into whole minor units, never through a float', () => {
    expect(cents('25')).toBe(2500);
    expect(cents('40.50')).toBe(4050);
    expect(cents('40.5')).toBe(4050);
    // 0.1 + 0.2 style traps: a float would give 9.999... or 1998.9999...
    expect(cents('0.10')).toBe(10);
    expect(cents('19.99')).toBe(1999);
    expect(cents('1.15')).toBe(115);
    expect(cents('4.35')).toBe(435);
    expect(cents(' 25.500 ')).toBe(2550);
  });

  it('takes grouping in threes in the site locale, and the currency symbol or code around it', () => {
    expect(cents('1,000')).toBe(100_000);
    expect(cents('1,000.25')).toBe(100_025);
    expect(cents('1,00')).toBe('Enter the amount as a number, like 25 or 25.50.');
    expect(cents('$25')).toBe(2500);
    expect(cents('25 USD')).toBe(2500);
    expect(cents('25,50', 'EUR', 'de-DE')).toBe(2550);
    expect(cents('1.000', 'EUR', 'de-DE')).toBe(100_000);
    expect(cents('1200', 'JPY', 'ja-JP')).toBe(1200);
  });

  it('refuses what is no amount with the messages the block schema answers', () => {
    expect(cents('')).toBe('Enter the amount as a number, like 25 or 25.50.');
    expect(cents('abc')).toBe('Enter the amount as a number, like 25 or 25.50.');
    expect(cents('25.505')).toBe('USD amounts have at most 2 decimal places.');
    expect(cents('2.5', 'JPY', 'ja-JP')).toBe('JPY amounts have no decimal places.');
    expect(cents('0')).toBe('Amounts must be above zero.');
    expect(cents('0.00')).toBe('Amounts must be above zero.');
    expect(cents('-5')).toBe('Amounts must be above zero.');
    expect(cents('10000001')).toBe('This amount is too large.');
    expect(cents('99999999999999999999')).toBe('This amount is too large.');
  });
});

describe('an amount shown for editing', () => {
  it('has the locale decimal mark and no grouping', () => {
    expect(amountText(4050, 'USD')).toBe('40.50');
    expect(amountText(100_000, 'USD')).toBe('1000.00');
    expect(amountText(2550, 'EUR', 'de-DE')).toBe('25,50');
    expect(amountText(1200, 'JPY', 'ja-JP')).toBe('1200');
    expect(parseAmountText(amountText(123_456, 'EUR', 'de-DE'), 'EUR', 'de-DE')).toEqual({ ok: true, cents: 123_456 });
  });

  it('names the currency symbol of the locale', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR', 'de-DE')).toBe('€');
  });
});

describe('the site donation limits', () => {
  const limits = { minCents: 500, maxCents: 10_000 };

  it('flag amounts visitors will not be offered', () => {
    expect(limitProblem(400, 'USD', 'en-US', limits)).toBe('The smallest donation is $5.00.');
    expect(limitProblem(10_001, 'USD', 'en-US', limits)).toBe('The largest donation is $100.00.');
    expect(limitProblem(2500, 'USD', 'en-US', limits)).toBeUndefined();
  });

  it('leave the offered amounts smallest first, once each, the middle one chosen', () => {
    expect(offeredAmounts([5000, 400, 2500, 2500, 1000], limits)).toEqual({ amounts: [1000, 2500, 5000], chosen: 2500 });
    expect(offeredAmounts([4050, 2500], limits)).toEqual({ amounts: [2500, 4050], chosen: 2500 });
    expect(offeredAmounts([1], limits)).toEqual({ amounts: [], chosen: undefined });
  });
});

import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatLegacyMoney, legacyLocaleTag } from './legacy-money.js';

const fmt = (n: string, currency: string, locale: string) => formatLegacyMoney(new Decimal(n), currency, locale);

describe('legacy i18n-money-format', () => {
  it('puts standard symbols before the amount in English locales', () => {
    expect(fmt('1234.56', 'AUD', 'en-US')).toBe('A$1,234.56');
    expect(fmt('-1234.56', 'GBP', 'en-GB')).toBe('-£1,234.56');
  });

  it('separates a symbol ending in a letter and keeps the minus after it', () => {
    expect(fmt('-1234.56', 'SEK', 'en-US')).toBe('kr -1,234.56');
  });

  it('puts the symbol after the amount in de, fr and sv, spaced when it starts with a letter', () => {
    expect(fmt('1234.56', 'USD', 'de-DE')).toBe('1.234,56$');
    expect(fmt('1234.56', 'CAD', 'de-DE')).toBe('1.234,56 C$');
    expect(fmt('-1234.56', 'EUR', 'fr-FR')).toBe('-1\u00a0234,56€');
  });

  it('rounds to the currency fraction digits (JPY 0)', () => {
    expect(fmt('1234.56', 'JPY', 'en-US')).toBe('¥1,235');
  });

  it('accepts underscore tags and rejects malformed ones', () => {
    expect(legacyLocaleTag('en_US')).toBe('en-US');
    expect(legacyLocaleTag(undefined)).toBe('en-US');
    expect(legacyLocaleTag('not a locale')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatByParts, formatExact, isOne, pluralOfForTest } from './names.js';
import { parseUnitArgs } from './format.js';

const LOCALES = ['en-US', 'fr-FR', 'fr-CH', 'de-CH', 'de-DE', 'es-ES', 'pl-PL', 'ru-RU', 'sv-SE', 'nb-NO', 'ar-EG', 'hi-IN', 'ja-JP', 'he-IL'];
const VALUES = ['0', '1', '-1', '2.5', '-1234.56', '12345678.9', '0.0001', '-98765432109876543210.123'];
const UNITS = Intl.supportedValuesOf('unit');
const WIDTHS = ['narrow', 'short', 'long'] as const;

describe('formatExact', () => {
  it('maps no-break spaces as joinParts does, for every sanctioned unit, width and grouping', () => {
    let checked = 0;
    for (const locale of LOCALES) {
      for (const useGrouping of [true, false]) {
        const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping });
        for (const v of VALUES) expect(formatExact(plain, v)).toBe(formatByParts(plain, v));
        for (const unit of UNITS) {
          for (const unitDisplay of WIDTHS) {
            const nf = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1, useGrouping });
            for (const v of VALUES) expect(formatExact(nf, v)).toBe(formatByParts(nf, v));
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(LOCALES.length * 2 * UNITS.length * WIDTHS.length);
  });
});

describe('isOne', () => {
  it('agrees with the plural rules for 20000 random values, option sets and locales', () => {
    let seed = 20261123;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const locales = ['en-US', 'en-GB', 'en', 'fr-FR', 'fr-CA', 'fr', 'ru-RU', 'de-DE'];
    const options = [[], ['maxfrac:0'], ['maxfrac:3'], ['minfrac:2'], ['maxsig:1'], ['maxsig:2', 'round:floor'], ['round:up', 'maxfrac:0'], ['round:down']];
    let shortcut = 0;
    for (let i = 0; i < 20000; i++) {
      const magnitude = 10 ** Math.floor(r() * 8 - 3);
      const x = (r() * 4 - 2) * magnitude * (r() < 0.2 ? 1 : 3);
      const value = r() < 0.3 ? x.toFixed(Math.floor(r() * 4)) : r() < 0.5 ? String(x) : `${Math.round(x)}.${'9'.repeat(1 + Math.floor(r() * 25))}`;
      const locale = locales[Math.floor(r() * locales.length)];
      const o = parseUnitArgs(options[Math.floor(r() * options.length)]).number;
      if (Math.abs(Number(value)) >= 3 && (locale.startsWith('en') || locale.startsWith('fr'))) shortcut++;
      expect(isOne(value, locale, o), `${value} ${locale} ${JSON.stringify(o)}`).toBe(pluralOfForTest(value, locale, o) === 'one');
    }
    expect(shortcut).toBeGreaterThan(2000);
  });
});

import { describe, expect, it } from 'vitest';
import { formatByParts, formatExact } from './names.js';

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

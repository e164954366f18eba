import { describe, expect, it } from 'vitest';
import { countryOptions, localCountryName } from './country-names.js';
import { COUNTRIES } from './region-tables.js';

describe('countryOptions', () => {
  it('keeps the English table as it is', () => {
    expect(countryOptions()).toBe(COUNTRIES);
    expect(countryOptions('en-GB')).toBe(COUNTRIES);
  });

  it('names the same codes, in the same order, in French', () => {
    const fr = countryOptions('fr');
    expect(fr.map(([code]) => code)).toEqual(COUNTRIES.map(([code]) => code));
    expect(Object.fromEntries(fr)).toMatchObject({ US: 'États-Unis', GB: 'Royaume-Uni', DE: 'Allemagne', ES: 'Espagne', JP: 'Japon' });
    expect(countryOptions('fr')).toBe(fr);
  });

  it("falls back to the table's names for a tag Intl cannot read", () => {
    expect(countryOptions('not a tag!')).toEqual(COUNTRIES);
  });
});

describe('localCountryName', () => {
  it('names a country in a language other than English, else leaves it to the caller', () => {
    expect(localCountryName('DE', 'fr')).toBe('Allemagne');
    expect(localCountryName('US', 'en-US')).toBeUndefined();
    expect(localCountryName('US', undefined)).toBeUndefined();
    expect(localCountryName('US', 'not a tag!')).toBeUndefined();
  });
});

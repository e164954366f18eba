import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatUnit, parseUnitArgs } from './format.js';

const fmt = (v: string, args: string[], locale = 'en-US') => formatUnit(new Decimal(v), parseUnitArgs(args), locale);

describe('unit', () => {
  it('converts to the best unit of the locale measurement system', () => {
    expect(fmt('-390625', ['in:centimeter'])).toBe('-2.4mi');
    expect(fmt('-390625', ['in:centimeter'], 'fr-FR')).toBe('-3,9km');
  });
  it('breaks amounts into whole units, the fraction in the last', () => {
    expect(fmt('12345', ['in:inch', 'sequence:foot,inch'])).toBe('1028′ 9″');
    expect(fmt('9765625', ['in:second', 'sequence:year,month,day,hour,minute,second', 'format:long'])).toBe(
      '3 months 21 days 17 hours 13 minutes 7 seconds',
    );
  });
  it('keeps the last digit of large amounts exact', () => {
    expect(fmt('15.3', ['in:parsec', 'out:mile', 'group', 'format:long'])).toBe('293,354,727,123,709.6 miles');
  });
  it('infers the input unit from the output unit and converts consumption reciprocally', () => {
    expect(fmt('1307674368000', ['out:gigabit', 'group'])).toBe('1,307.7Gb');
    expect(fmt('55', ['in:liter-per-100kilometers', 'out:mile-per-gallon', 'format:long'])).toBe('4.3 miles per gallon');
  });
  it('uses the reference CLDR spacing for fr', () => {
    expect(fmt('1904.94', ['in:ampere', 'out:milliampere', 'group'], 'fr-FR')).toBe('1\u00a0904\u00a0940 mA');
    expect(fmt('0', ['in:byte', 'format:long'], 'fr-FR')).toBe('0 octet');
  });
});

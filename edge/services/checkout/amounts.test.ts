import { describe, expect, it } from 'vitest';
import { cents, includedPortion, portion } from './amounts.js';

describe('portion (half up, integers only)', () => {
  it.each([
    [1999, 825, 165], // 164.9175
    [1000, 750, 75],
    [10, 500, 1], // 0.5 rounds up
    [9, 500, 0], // 0.45 rounds down
    [0, 2000, 0],
    [123456789, 10_000, 123456789],
  ])('%i × %i bps = %i', (amount, bps, expected) => {
    expect(portion(cents(amount), bps)).toBe(expected);
  });

  it('refuses fractional or negative rates and non-integer amounts', () => {
    expect(() => portion(cents(100), 1.5)).toThrow(RangeError);
    expect(() => portion(cents(100), -1)).toThrow(RangeError);
    expect(() => cents(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('includedPortion', () => {
  it.each([
    [12000, 2000, 2000], // £120 incl. 20 % VAT holds £20
    [999, 2000, 166], // net 832.5 rounds half up to 833
    [100, 0, 0],
  ])('%i gross at %i bps includes %i', (gross, bps, expected) => {
    const included = includedPortion(cents(gross), bps);
    expect(included).toBe(expected);
    // The net amount plus its own tax gives back the gross within one minor unit.
    const net = gross - included;
    expect(Math.abs(net + portion(cents(net), bps) - gross)).toBeLessThanOrEqual(1);
  });
});

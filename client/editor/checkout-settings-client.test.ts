import { describe, expect, it } from 'vitest';
import { minorText, parseMinor } from './checkout-settings-client.js';

describe('amounts in the store currency', () => {
  it.each([
    ['25', 2, 2500], ['25.5', 2, 2550], ['25,50', 2, 2550], ['1,200.00', 2, 120000], ['0.07', 2, 7], ['1200', 0, 1200],
    ['12.5', 0, undefined], ['2.555', 2, undefined], ['abc', 2, undefined], ['', 2, undefined], ['-1', 2, undefined],
  ])('%s with %i digits -> %s', (text, digits, minor) => {
    expect(parseMinor(text, digits)).toBe(minor);
  });

  it('shows minor units back in the same digits', () => {
    expect(minorText(2550, 2)).toBe('25.50');
    expect(minorText(7, 2)).toBe('0.07');
    expect(minorText(1200, 0)).toBe('1200');
    expect(minorText(null, 2)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { holdRemaining } from './hold-countdown.js';

describe('holdRemaining', () => {
  it('counts minutes and seconds down to nothing', () => {
    expect(holdRemaining(1_000_000 + 872_000, 1_000_000)).toBe('14:32');
    expect(holdRemaining(1_000_000 + 5_500, 1_000_000)).toBe('0:06');
    expect(holdRemaining(1_000_000, 1_000_000)).toBe('');
    expect(holdRemaining(999_000, 1_000_000)).toBe('');
  });
});

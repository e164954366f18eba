import { describe, expect, it } from 'vitest';
import { asLong, compareValues, valuesEqual } from './compare.js';

describe('valuesEqual', () => {
  it('is strict about types', () => {
    expect(valuesEqual(3, 3)).toBe(true);
    expect(valuesEqual(3, '3')).toBe(false);
    expect(valuesEqual('Federal Express', 'Federal Express')).toBe(true);
  });

  it('compares structures deeply and treats missing as null', () => {
    expect(valuesEqual({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(valuesEqual(undefined, null)).toBe(true);
    expect(valuesEqual(undefined, 0)).toBe(false);
  });
});

describe('compareValues', () => {
  it('orders numbers, coercing the right side', () => {
    expect(compareValues(5, 3)).toBeGreaterThan(0);
    expect(compareValues(3, 3)).toBe(0);
    expect(compareValues(-2, 3)).toBeLessThan(0);
    expect(compareValues(3, '4')).toBeLessThan(0);
    expect(compareValues(3, '2.5')).toBeGreaterThan(0); // "2.5" is not a long: 0
    expect(compareValues(1.5, '1.25')).toBeGreaterThan(0);
  });

  it('orders text by code units', () => {
    expect(compareValues('def', 'bcd')).toBeGreaterThan(0);
    expect(compareValues('DEF', 'bcd')).toBeLessThan(0);
    expect(compareValues('abc', 'abcd')).toBeLessThan(0);
    expect(compareValues('10', 9)).toBeLessThan(0);
  });

  it('orders booleans false before true', () => {
    expect(compareValues(true, false)).toBeGreaterThan(0);
    expect(compareValues(false, 'true')).toBeLessThan(0);
  });

  it('only knows equality for composites and nothing', () => {
    expect(compareValues([1], [1])).toBe(0);
    expect(compareValues({ a: 1 }, { a: 2 })).toBe(-1);
    expect(compareValues(undefined, null)).toBe(0);
  });
});

describe('asLong', () => {
  it('follows Jackson', () => {
    expect(asLong(2.9)).toBe(2);
    expect(asLong(-2.9)).toBe(-2);
    expect(asLong(' 12 ')).toBe(12);
    expect(asLong('1.5')).toBe(0);
    expect(asLong(true)).toBe(1);
    expect(asLong(null)).toBe(0);
  });
});

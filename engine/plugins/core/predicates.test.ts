import { describe, expect, it } from 'vitest';
import { CORE_PREDICATES } from './predicates.js';
import { fakeContext, type FakeScope } from './fake-context.js';

function test(name: string, args: string[], root: unknown, ...scopes: FakeScope[]) {
  return CORE_PREDICATES[name](args, fakeContext(root, ...scopes));
}

const DATA = { a: 3, b: 4, c: 3, name: 'Federal Express' };

describe('core predicates: comparisons', () => {
  it('compares two arguments, literals or references', () => {
    expect(test('equal?', ['a', 'b'], DATA)).toBe(false);
    expect(test('equal?', ['a', 'c'], DATA)).toBe(true);
    expect(test('equal?', ['b', '4'], DATA)).toBe(true);
    expect(test('equal?', ['a', '"3"'], DATA)).toBe(false);
    expect(test('equal?', ['name', '"Federal Express"'], DATA)).toBe(true);
    expect(test('notEqual?', ['a', '"3"'], DATA)).toBe(true);
    expect(test('equal?', [], DATA)).toBe(false);
  });

  it('compares the scope with a single argument', () => {
    expect(test('greaterThan?', ['3'], DATA, { node: 5 })).toBe(true);
    expect(test('greaterThanOrEqual?', ['3'], DATA, { node: 3 })).toBe(true);
    expect(test('lessThan?', ['3'], DATA, { node: 3 })).toBe(false);
    expect(test('lessThanOrEqual?', ['3'], DATA, { node: 3 })).toBe(true);
  });

  it('orders text by code units', () => {
    const order = ['abc', 'ABC', 'def', 'DEF', 'ghi', 'GHI'].map((s) => test('greaterThan?', ['@', '"bcd"'], DATA, { node: s }));
    expect(order).toEqual([false, false, true, false, true, false]);
  });
});

describe('core predicates: numbers', () => {
  it('knows parity of integers only', () => {
    const items = [-5, -4, 0, 1, 2, 1.2, -3.3];
    expect(items.map((n) => test('even?', [], {}, { node: n }))).toEqual([false, true, true, false, true, false, false]);
    expect(items.map((n) => test('odd?', [], {}, { node: n }))).toEqual([true, false, false, true, false, false, false]);
    expect(test('even?', ['b'], DATA)).toBe(true);
  });

  it('tests every nth value', () => {
    expect([0, 4, 5, -8, -9].map((n) => test('nth?', ['4'], {}, { node: n }))).toEqual([true, true, false, true, false]);
    expect(test('nth?', ['@index0', '3'], {}, { node: 'D', index: 4 })).toBe(true);
  });

  it('records an error for non-integer operands or a zero divisor', () => {
    const ctx = fakeContext({}, { node: 1.5 });
    expect(CORE_PREDICATES['nth?'](['4'], ctx)).toBe(false);
    expect(CORE_PREDICATES['nth?'](['4', '0'], ctx)).toBe(false);
    expect(ctx.errors.map((e) => e.code)).toEqual(['PREDICATE_ARGS', 'PREDICATE_ARGS']);
  });

  it('tells plural from singular', () => {
    expect([0, 1, 2, '3'].map((n) => test('plural?', [], {}, { node: n }))).toEqual([false, false, true, true]);
    expect([0, 1, 2, '1'].map((n) => test('singular?', [], {}, { node: n }))).toEqual([false, true, false, true]);
  });

  it('reads the debug flag', () => {
    expect(test('debug?', [], {})).toBe(false);
    expect(test('debug?', [], { debug: 1 })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { FormatterTable, PredicateTable } from '../plugin-contract.js';
import { bindFormatters, predicateOf } from './plugin-binding.js';

describe('plugin binding', () => {
  const upper: FormatterTable[string] = (v) => String(v).toUpperCase();
  const table: FormatterTable = { upper };

  it('binds known formatters with frozen arguments and skips unknown or inherited names', () => {
    const bound = bindFormatters([['upper', [['a', 'b'], ' ']], ['nope'], ['toString'], ['upper']], table);
    expect(bound.map((b) => b.name)).toEqual(['upper', 'upper']);
    expect(bound[0].fn).toBe(upper);
    expect(bound[0].args).toEqual(['a', 'b']);
    expect(Object.isFrozen(bound[0].args)).toBe(true);
    expect(bound[1].args).toEqual([]);
    expect(bindFormatters(0, table)).toEqual([]);
  });

  it('looks predicates up per table, own properties only', () => {
    const yes: PredicateTable[string] = () => true;
    const a: PredicateTable = { 'p?': yes };
    const b: PredicateTable = {};
    expect([predicateOf(a, 'p?'), predicateOf(b, 'p?'), predicateOf(a, '__proto__'), predicateOf(a, 'hasOwnProperty')]).toEqual([
      yes, undefined, undefined, undefined,
    ]);
  });
});

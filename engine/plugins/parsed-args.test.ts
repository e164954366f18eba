import { describe, expect, it } from 'vitest';
import { MAX_SHARED_PARSES, sharedParsedArgs } from './parsed-args.js';
import { parsedUnitArgs } from './i18n/unit-formatters.js';
import { parsedDecimalArgs } from './i18n/decimal.js';

describe('sharedParsedArgs', () => {
  const parseCounting = () => {
    let calls = 0;
    const parse = (args: readonly string[]) => {
      calls++;
      return { text: args.join('|') };
    };
    return { parse, calls: () => calls };
  };

  it('gives two frozen arrays with the same texts one frozen parse', () => {
    const { parse, calls } = parseCounting();
    const byText = new Map();
    const a = sharedParsedArgs(byText, Object.freeze(['in:inch', 'out:foot']), parse);
    const b = sharedParsedArgs(byText, Object.freeze(['in:inch', 'out:foot']), parse);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(calls()).toBe(1);
  });

  it('keeps texts apart that a plain join would merge', () => {
    const { parse } = parseCounting();
    const byText = new Map();
    const a = sharedParsedArgs(byText, Object.freeze(['a', 'b']), parse);
    const b = sharedParsedArgs(byText, Object.freeze(['a,b']), parse);
    const c = sharedParsedArgs(byText, Object.freeze(['a","b']), parse);
    const d = sharedParsedArgs(byText, Object.freeze([]), parse);
    const e = sharedParsedArgs(byText, Object.freeze(['']), parse);
    const f = sharedParsedArgs(byText, Object.freeze(['', '']), parse);
    expect(new Set([a, b, c, d, e, f]).size).toBe(6);
  });

  it('does not share texts holding a NUL (they could join like others)', () => {
    const { parse, calls } = parseCounting();
    const byText = new Map();
    const a = sharedParsedArgs(byText, Object.freeze(['a\0', 'b']), parse);
    const b = sharedParsedArgs(byText, Object.freeze(['a', '\0b']), parse);
    expect(b).not.toBe(a);
    expect(a.text).toBe('a\0|b');
    expect(b.text).toBe('a|\0b');
    expect(calls()).toBe(2);
    expect(byText.size).toBe(0);
  });

  it('parses unfrozen arrays every time and shares nothing with them', () => {
    const { parse, calls } = parseCounting();
    const byText = new Map();
    const a = sharedParsedArgs(byText, ['x'], parse);
    const b = sharedParsedArgs(byText, ['x'], parse);
    expect(b).not.toBe(a);
    expect(calls()).toBe(2);
    expect(byText.size).toBe(0);
  });

  it('is bounded', () => {
    const { parse } = parseCounting();
    const byText = new Map();
    for (let i = 0; i < MAX_SHARED_PARSES * 2 + 5; i++) sharedParsedArgs(byText, Object.freeze([`k:${i}`]), parse);
    expect(byText.size).toBeLessThanOrEqual(MAX_SHARED_PARSES);
  });

  it('shares deeply frozen unit and decimal options between instructions', () => {
    const u = parsedUnitArgs(Object.freeze(['in:inch', 'sequence:foot,inch', 'maxfrac:2']));
    expect(parsedUnitArgs(Object.freeze(['in:inch', 'sequence:foot,inch', 'maxfrac:2']))).toBe(u);
    expect([u, u.number, u.sequence].every(Object.isFrozen)).toBe(true);
    const d = parsedDecimalArgs(Object.freeze(['style:short']));
    expect(parsedDecimalArgs(Object.freeze(['style:short']))).toBe(d);
    expect([d, d.number].every(Object.isFrozen)).toBe(true);
  });
});

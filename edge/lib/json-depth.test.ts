import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, assertJsonDepth } from './json-depth.js';

describe('jsonDepth', () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
  });

  it('stops counting once past the bound, and refuses past MAX_JSON_DEPTH', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(() => assertJsonDepth(deep)).toThrow(/nested too deeply/);
    expect(() => assertJsonDepth('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).not.toThrow();
  });
});

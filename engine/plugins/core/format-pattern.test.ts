import { describe, expect, it } from 'vitest';
import { formatPattern } from './format-pattern.js';

describe('formatPattern', () => {
  it('substitutes positional arguments', () => {
    expect(formatPattern('{0} and {1}', ['A', 'B'])).toBe('A and B');
  });

  it('drops indexes past the end', () => {
    expect(formatPattern('{1} and {5} optional {3}', ['A', 'B', 'C', 'D'])).toBe('B and  optional D');
  });

  it('reads leading zeros and multi-digit indexes', () => {
    expect(formatPattern('{000001} and {10000} and {000004}', ['A', 'B', 'C', 'D', 'E'])).toBe('B and  and E');
    const many = Array.from({ length: 12 }, (_, i) => `v${i}`);
    expect(formatPattern('{11}', many)).toBe('v11');
  });

  it('drops a malformed tag up to its closing brace', () => {
    expect(formatPattern('a{x1}b', ['A', 'B'])).toBe('ab');
    expect(formatPattern('a{}b', ['A'])).toBe('aAb');
  });

  it('lets a brace inside a malformed tag start a new tag', () => {
    expect(formatPattern('{x {0}!', ['A'])).toBe('A!');
  });

  it('keeps text without tags and drops an unterminated tag', () => {
    expect(formatPattern('plain } text', [])).toBe('plain } text');
    expect(formatPattern('end {0', ['A'])).toBe('end ');
  });
});

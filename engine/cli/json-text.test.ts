import { describe, expect, it } from 'vitest';
import { findJsonProblem, lineColumnAt, parseJsonText } from './json-text.js';

describe('findJsonProblem', () => {
  it('accepts valid JSON', () => {
    for (const t of ['{}', '[1, -2.5e3, "a\\n\\u00e9", true, false, null]', ' {"a": {"b": []}} ']) {
      expect(findJsonProblem(t)).toBeNull();
    }
  });

  it.each([
    ['{"a": }', 6, 'expected a value'],
    ['{"a": 1,}', 8, 'expected a double-quoted property name'],
    ['{"a" 1}', 5, "expected ':'"],
    ['[1, 2', 5, 'unexpected end of input'],
    ['', 0, 'unexpected end of input'],
    ['{"a": 1} x', 9, 'unexpected text after the JSON value'],
    ["{'a': 1}", 1, 'double-quoted'],
    ['[01]', 2, 'bad number'],
    ['["a\tb"]', 3, 'control character'],
    ['[tru]', 4, 'literal "true"'],
  ])('%j fails at offset %i', (text, offset, message) => {
    const p = findJsonProblem(text);
    expect(p?.offset).toBe(offset);
    expect(p?.message).toContain(message);
  });
});

describe('parseJsonText', () => {
  it('names the line and column of the problem', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n  "b": \n}', 'd.json')).toThrow(/^d\.json:4:1  invalid JSON: unexpected character "}", expected a value$/);
  });

  it('ignores a byte order mark', () => {
    expect(parseJsonText('\ufeff{"a":1}', 'x')).toEqual({ a: 1 });
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

/**
 * The common-expression pass against the full lexing path: wherever it reads an
 * expression it gives the same steps and offsets, and it declines (null) every
 * expression the full path reports an error for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, loadRenderFixtures } from '../../../tests/conformance/fixtures.js';
import { lexCommon } from './fast-lex.js';
import { lexFull } from './lexer.js';

function expectAgrees(code: string, maxTokens = 0): boolean {
  const fast = lexCommon(code, maxTokens);
  if (fast === null) return false; // declined: the full path reads it
  const full = lexFull(code, maxTokens);
  expect(full.error, code).toBeUndefined();
  expect(fast.steps, code).toEqual(full.steps);
  expect(fast.offsets, code).toEqual(full.offsets);
  return true;
}

describe('lexCommon', () => {
  it.each([
    '1 + 2 * 3', '1.5 - 0.5', '1. + 2', '007', '255 256', '9007199254740993', '123456789012345678901234567890', "'a' + \"b\"", "''",
    '@a = 2; a.b.0', '$x', '@', '@index', 'a-b', '!a !== b === c != d == e = f', '2 ** 3 * 4', 'a << 1 <= 2 < 3 >> 4 >= 5 > 6',
    'a && b & c || d | e ^ ~f', '(1, 2); x', ' \t\n\r\u00a0 1', 'max(1, 2)', 'min (a)', '12abc', 'true || null', 'PI * E',
    'NaN Infinity false', 'true.x', '-1 + -(2) - +3', 'a - -b', '(a) - 1', "'\u00e9'",
  ])('reads %s as the full path does', (code) => {
    expect(expectAgrees(code)).toBe(true);
  });

  it.each([
    '0x1F', '1e5', '1E-3', '1.2.3', '1..2', "'a\\'b'", "'open", '"a\nb"', 'foo(1)', '@(1)', 'a.', 'a..b', '$', '#', '1 ? 2',
    'a\u0001', '\u00e9', '.5',
  ])('declines %s', (code) => {
    expect(lexCommon(code, 0)).toBeNull();
  });

  it('declines past the token limit, where the full path reports it', () => {
    expect(lexCommon('1 + 2', 2)).toBeNull();
    expect(lexFull('1 + 2', 2).error).toBeDefined();
    expect(expectAgrees('1 + 2', 3)).toBe(true);
  });

  it('agrees with the full path on every .eval of the corpus', () => {
    if (!corpusAvailable()) return;
    let read = 0;
    for (const f of loadRenderFixtures()) for (const m of f.template.matchAll(/\{\.eval ([^}]*)\}/g)) if (expectAgrees(m[1])) read++;
    expect(read).toBeGreaterThan(0);
  });

  it('agrees with the full path on generated expressions', () => {
    const pieces = [
      ' ', '\n', '\u00a0', '0', '1', '9', '.', 'e', 'E', 'x', 'X', 'f', '+', '-', '*', '/', '%', '=', '!', '<', '>', '&', '|',
      '^', '~', ',', ';', '(', ')', "'", '"', '\\', 'a', '@', '$', 'b.c', '_', '?', '#', '\t', '\r', 'max', 'true', 'PI', '300',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }), fc.integer({ min: 0, max: 8 }), (parts, limit) => {
        expectAgrees(parts.join(''), limit);
      }),
      { numRuns: 5000 },
    );
  });
});

/**
 * The fast expression scanner against the Chevrotain lexer of record: the same
 * tokens wherever it reads an expression, and a decline (null) wherever the lexer
 * of record reports an error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, loadRenderFixtures } from '../../../tests/conformance/fixtures.js';
import { tokenizeOfRecord } from './lexer.js';
import { scanExpr } from './scan.js';

function expectAgrees(code: string): void {
  const fast = scanExpr(code);
  const record = tokenizeOfRecord(code);
  if (fast === null) return; // declined: the lexer of record reads it
  expect(record.errors, code).toEqual([]);
  const plain = record.tokens.map((t) => ({ tokenType: t.tokenType, image: t.image, startOffset: t.startOffset }));
  expect(fast, code).toEqual(plain);
}

describe('scanExpr', () => {
  it.each([
    '1 + 2 * 3', '0x1F + 0X', '1.2.3', '1e5.2', '1e+', '1E-3', "'a\\'b' + \"c\\\\\"", "'line\\\nbreak'", '@a = 2; a.b.0',
    '$x', '@', '@index', 'a-b', '!a !== b === c != d == e = f', '2 ** 3 * 4', 'a << 1 <= 2 < 3 >> 4 >= 5 > 6',
    'a && b & c || d | e ^ ~f', '(1, 2); x', ' \t\n\r\u00a0 1', 'max(1, 2)', '12abc', 'true || null',
  ])('%s', (code) => {
    expect(scanExpr(code)).not.toBeNull();
    expectAgrees(code);
  });

  it.each(["'open", 'a.', 'a..b', '"a\nb"', '$', '#', '1 ? 2', 'a\u0001', "'\\"])('declines %s (the lexer of record reports it)', (code) => {
    expect(scanExpr(code)).toBeNull();
  });

  it('agrees with the lexer of record on every .eval of the corpus', () => {
    if (!corpusAvailable()) return;
    for (const f of loadRenderFixtures()) for (const m of f.template.matchAll(/\{\.eval ([^}]*)\}/g)) expectAgrees(m[1]);
  });

  it('agrees with the lexer of record on generated expressions', () => {
    const pieces = [
      ' ', '\n', '\u00a0', '0', '1', '9', '.', 'e', 'E', 'x', 'X', 'f', '+', '-', '*', '/', '%', '=', '!', '<', '>', '&', '|',
      '^', '~', ',', ';', '(', ')', "'", '"', '\\', 'a', '@', '$', 'b.c', '_', '?', '#', '\t', '\r',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }), (parts) => expectAgrees(parts.join(''))),
      { numRuns: 5000 },
    );
  });
});

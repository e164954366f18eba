/**
 * The short shapes (`a`, `op a`, `a op b`) against the full shunting yard: the
 * same statements for every expression, short or not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, loadRenderFixtures } from '../../../tests/conformance/fixtures.js';
import { lexExpr } from './lexer.js';
import { assemble, assembleAll } from './parser.js';

function expectSame(code: string): void {
  const lexed = lexExpr(code);
  if (lexed.error) return;
  const short = assemble(lexed.steps, code.length, lexed.offsets);
  expect(short, code).toEqual(assembleAll(lexed.steps, code.length, lexed.offsets));
}

describe('assemble', () => {
  it.each(['1', 'a.b', '~1', '-a', '!!a', '1 + 2', 'a === b', '@a = 2', '1 2', '1 + 2 * 3', '(1)', 'max(1, 2)', '1; 2', '-', '+ +', '1 +', ''])(
    '%s: as the full shunting yard',
    (code) => expectSame(code),
  );

  it('agrees with the full shunting yard on every .eval of the corpus', () => {
    if (!corpusAvailable()) return;
    for (const f of loadRenderFixtures()) for (const m of f.template.matchAll(/\{\.eval ([^}]*)\}/g)) expectSame(m[1]);
  });

  it('agrees with the full shunting yard on generated expressions', () => {
    const pieces = ['1', 'a', 'true', '"s"', '+', '-', '*', '**', '!', '~', '=', '==', '&&', '<', ',', ';', '(', ')', 'max', ' '];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 6 }), (parts) => expectSame(parts.join(' '))), {
      numRuns: 5000,
    });
  });
});

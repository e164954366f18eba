/**
 * Whole-tag tokens are a shortcut, never a second grammar: every template must
 * parse to the same instructions, offsets, plugin names and text with them as with
 * every tag going through the tag modes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_TEMPLATE } from '../../bench/product-page.js';
import { corpusAvailable, loadRenderFixtures, loadTreeFixtures } from '../../tests/conformance/fixtures.js';
import { lexTemplate } from './lexer.js';
import { parseTokens } from './parser.js';
import { WholeTag } from './tokens.js';

const byOffset = (a: { offset: number; name: string }, b: { offset: number; name: string }) => a.offset - b.offset || a.name.localeCompare(b.name);

function both(source: string) {
  const whole = parseTokens(lexTemplate(source));
  const modes = parseTokens(lexTemplate(source, undefined, { wholeTags: false }));
  return {
    whole: { ...whole, refs: [...whole.refs].sort(byOffset) },
    modes: { ...modes, refs: [...modes.refs].sort(byOffset) },
  };
}

function expectSame(source: string): void {
  const { whole, modes } = both(source);
  expect(whole, source).toEqual(modes);
}

describe('whole-tag tokens', () => {
  it.each([
    '{a}', '{a.b.0|html|truncate 10}', '{a, b|json}', '{a ,b}', '{a|h.tml}', '{a|x|y 1|z}', '{@|apply m}', '{$x}',
    '{.section a}', '{.section\n a.b}', '{.repeated section items}', '{.repeated section\ti}', '{.sectiona}', '{.section a b}',
    '{.even?}', '{.equal? a b}', '{.equal?a}', '{.section?}', '{.or}', '{.or even? 2}', '{.or even?}', '{.or }', '{.order}',
    '{.if a}', '{.if a || b && c.d}', '{.if a||b}', '{.if a ||}', '{.if even? @index}', '{.if @x?}', '{.ifa}', '{.if  a }',
    '{.eval 1 + 2}', '{.eval }', '{.evaluate}', '{.macro m.html}', '{.macro  m}', '{.macros}', '{# note}', '{#}',
    '{.end}', '{.endx}', '{.eof}', '{.alternates with}', '{.meta-left}{.meta-right}{.newline}{.space}{.tab}',
    '{.include p.html out}', '{.inject @s s.json}', '{.var @x a|json}', '{.ctx @c a=b}', '{}', '{ a}', '{a|}', '{a||b}',
    '{1a}', '{@1}', '{a-.b}', 'x{a{b}c}', '{{a}}', '{## c ##}{a}',
  ])('%s', (source) => expectSame(source));

  it('reads the common shapes whole', () => {
    const tokens = lexTemplate('{a|html}{.section s}{.or}{.end}');
    expect(tokens.map((t) => t.tokenType)).toEqual([WholeTag, WholeTag, WholeTag, WholeTag]);
  });

  it('turns a whole tag named in invalidAt into text', () => {
    const tokens = lexTemplate('x{a}', new Set([1]));
    expect(parseTokens(tokens).codes).toEqual([[0, 'x'], [0, '{a}']]);
  });

  it('agrees with the tag modes on the product page and every conformance template', () => {
    expectSame(PRODUCT_PAGE_TEMPLATE);
    if (!corpusAvailable()) return;
    for (const f of loadRenderFixtures()) {
      expectSame(f.template);
      for (const p of Object.values(f.partials)) expectSame(p);
    }
    for (const f of loadTreeFixtures()) expectSame(f.template);
  });

  it('agrees with the tag modes on generated tags', () => {
    const pieces = [
      '{', '}', '.section', '.repeated section', '.if', '.or', '.eval', '.macro', '.end', '.alternates with', '.include', '#',
      ' ', '  ', '\n', '\t', 'a', 'b.c', '0', '1a', '@', '@x', '$y', '|', 'html', 'truncate', '?', 'even?', ',', ' , ',
      '&&', '||', '.', '-', '=', 'x.y',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => expectSame(parts.join(''))),
      { numRuns: 3000 },
    );
  });
});

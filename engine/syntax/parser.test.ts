/**
 * The one-pass lexer and the whole-stream parser: every instruction form to its
 * tuple, and tags that are not instructions to text, with source offsets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexTemplate } from './lexer.js';
import { parseTokens } from './parser.js';

const parse = (source: string) => parseTokens(lexTemplate(source));

describe('parseTokens', () => {
  it.each([
    ['{a.b}', [1, [['a', 'b']], 0]],
    ['{a, b.0|html|truncate 10}', [1, [['a'], ['b', 0]], [['html'], ['truncate', [['10'], ' ']]]]],
    ['{.section a.b}', [2, ['a', 'b'], [], 3]],
    ['{.repeated section @}', [4, ['@'], [], 3, []]],
    ['{.equal? a b}', [5, 'equal?', [['a', 'b'], ' '], [], 3]],
    ['{.or}', [7, 0, 0, [], 3]],
    ['{.or even? 2}', [7, 'even?', [['2'], ' '], [], 3]],
    ['{.if a || b && c.d}', [8, [0, 1], [['a'], ['b'], ['c', 'd']], [], 3]],
    ['{.if even? @index}', [5, 'even?', [['@index'], ' '], [], 3]],
    ['{.var @x a,b|json}', [6, '@x', [['a'], ['b']], [['json']]]],
    ['{.ctx @c a=b c=d.e }', [22, '@c', [['a', ['b']], ['c', ['d', 'e']]]]],
    ['{.eval 1 + 2}', [23, '1 + 2']],
    ['{.include p.html output}', [24, 'p.html', [['output'], ' ']]],
    ['{.include p}', [24, 'p', [[], ' ']]],
    ['{.inject @s strings.json}', [9, '@s', 'strings.json', 0]],
    ['{.macro m}', [10, 'm', []]],
    ['{# note}', [11, ' note', 0]],
    ['{.end}', 3],
    ['{.alternates with}', 19],
  ])('%s', (source, code) => {
    const parsed = parse(source);
    expect(parsed.codes).toEqual([code]);
    expect(parsed.offsets).toEqual([0]);
    expect(parsed.rejectedAt).toBe(-1);
  });

  it.each(['{a b}', '{ a}', '{.section}', '{.section a b}', '{.end x}', '{a|}', '{a||b}', '{.var @x.y a}', '{.ctx @c  a=b}', '{.or }', '{.if a ||}', '{.sections a}'])(
    '%s is text',
    (source) => {
      expect(parse(source).codes).toEqual([[0, source]]);
    },
  );

  it('keeps text, lone braces and multi-line comments, with offsets', () => {
    const parsed = parse('a{{b}}{## c ##}{d');
    expect(parsed.codes).toEqual([[0, 'a'], [0, '{'], [1, [['b']], 0], [0, '}'], [11, ' c ', 1], [0, '{'], [0, 'd']]);
    expect(parsed.offsets).toEqual([0, 1, 2, 5, 6, 15, 16]);
  });

  it('records plugin names with their source offsets', () => {
    expect(parse('xx{a|html}{.even? 1}').refs).toEqual([
      { kind: 'formatter', name: 'html', offset: 5 },
      { kind: 'predicate', name: 'even?', offset: 12 },
    ]);
  });

  it('never rejects a tag the lexer accepted, and covers every character', () => {
    const pieces = ['{', '}', '.section ', '.end', '.or', ' ', 'a', '|', 'html', '@x', '.var ', ',', '=', '.if ', '||', '#', '\n'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const source = parts.join('');
        const parsed = parse(source);
        expect(parsed.rejectedAt).toBe(-1);
        const end = parsed.offsets.length ? parsed.offsets[parsed.offsets.length - 1] : 0;
        expect(end).toBeLessThanOrEqual(source.length);
      }),
      { numRuns: 500 },
    );
  });
});

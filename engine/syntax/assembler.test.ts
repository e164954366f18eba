import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATTERS, BUILTIN_PREDICATES } from '../plugins/index.js';
import { parseTemplate } from './assembler.js';

const tables = { formatters: BUILTIN_FORMATTERS, predicates: BUILTIN_PREDICATES };

describe('parseTemplate', () => {
  it('nests blocks and attaches .or and .alternates with', () => {
    const { tree, errors } = parseTemplate('{.repeated section a}x{.alternates with},{.or}none{.end}', tables);
    expect(errors).toEqual([]);
    expect(tree[2]).toEqual([[4, ['a'], [[0, 'x']], [7, 0, 0, [[0, 'none']], 3], [[0, ',']]]]);
  });

  it('fills every block slot, first child and later ones, from the reader and from declined tags', () => {
    const source = '{.if a}{b}{ x}{.or equal? c 1}{.macro m}t{.end}{.or}{# n}{.end}{.repeated section d}{.alternates with}{ y}z{.end}{.section e}{.end}';
    const fast = parseTemplate(source, tables);
    expect(fast.errors).toEqual([]);
    expect(fast.tree).toEqual(parseTemplate(source, tables, { grammarOnly: true }).tree);
    expect(fast.tree[2]).toEqual([
      [8, [], [['a']], [[1, [['b']], 0], [0, '{ x}']], [7, 'equal?', [['c', '1'], ' '], [[10, 'm', [[0, 't']]]], [7, 0, 0, [[11, ' n', 0]], 3]]],
      [4, ['d'], [], 3, [[0, '{ y}'], [0, 'z']]],
      [2, ['e'], [], 3],
    ]);
  });

  it('reports structural errors with exact positions, sorted', () => {
    const { errors } = parseTemplate('a\n{.end}\n{.section x}{.or}{.or}\n{bad|nope}', tables);
    expect(errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['NOT_ALLOWED_AT_ROOT', 2, 1],
      ['UNCLOSED_BLOCK', 3, 1],
      ['DEAD_CODE_BLOCK', 3, 18],
      ['FORMATTER_UNKNOWN', 4, 6],
      ['EOF_IN_BLOCK', 4, 11],
    ]);
  });

  it('records the source offset of every instruction (text needs none)', () => {
    const { tree, offsets } = parseTemplate('ab{c}{.section d}{e}{.end}');
    const [text, variable, section] = tree[2] as object[];
    expect([offsets.get(text), offsets.get(variable), offsets.get(section)]).toEqual([undefined, 2, 5]);
  });

  it('checks plugin names against the tables as they are now (a name added later is known)', () => {
    const formatters: Record<string, unknown> = { html: () => '' };
    const table = { formatters: formatters as never, predicates: {} };
    expect(parseTemplate('{a|html}{b|shout}', table).errors.map((e) => e.code)).toEqual(['FORMATTER_UNKNOWN']);
    formatters.shout = () => '';
    expect(parseTemplate('{a|html}{b|shout}{.even?}{.end}', table).errors.map((e) => e.code)).toEqual(['PREDICATE_UNKNOWN']);
  });
});

/**
 * The fast reader is a shortcut, never a second grammar: every template must come
 * out the same (instructions, offsets, plugin names, errors) as when the grammar of
 * record (Chevrotain lexer + parser) reads it all, and every tag the reader does not
 * read cleanly must be declined to that grammar rather than read differently.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_TEMPLATE } from '../../bench/product-page.js';
import { corpusAvailable, loadRenderFixtures, loadTreeFixtures } from '../../tests/conformance/fixtures.js';
import { parseTemplate } from './assembler.js';
import { FILE_PATH_SOURCE, VAR_REF_SOURCE, WHITESPACE_SOURCE, WORD } from './tokens.js';
import { ArgScan, definitionEnd, filePathEnd, predNameEnd, readPath, scan, spaceEnd, splitArgsIn, splitArgsToPipe, useArgScan, wordEnd } from './chars.js';
import { Op, type Code } from './opcodes.js';
import { readTemplate } from './whole-tag.js';
import { type InstructionSink } from './instruction-sink.js';

// Empty plugin tables: every formatter and predicate name becomes an error at its offset, so errors compare refs too.
const NO_PLUGINS = { formatters: {}, predicates: {} };

/** The recorded offset of every array in a tree (instructions have one), in walk order. */
function positioned(node: unknown, offsets: ReadonlyMap<object, number>, out: unknown[] = []): unknown[] {
  if (!Array.isArray(node)) return out;
  out.push(offsets.get(node) ?? null);
  for (const child of node) positioned(child, offsets, out);
  return out;
}

function expectSame(source: string): void {
  const fast = parseTemplate(source, NO_PLUGINS);
  const grammar = parseTemplate(source, NO_PLUGINS, { grammarOnly: true });
  expect(fast.tree, source).toEqual(grammar.tree);
  expect(fast.errors, source).toEqual(grammar.errors);
  expect(positioned(fast.tree, fast.offsets), source).toEqual(positioned(grammar.tree, grammar.offsets));
}

/** What the reader emits on its own, with the tags it declines (not read here). */
function readAlone(source: string): { codes: Code[]; declined: string[] } {
  const codes: Code[] = [];
  const declined: string[] = [];
  const sink: InstructionSink = {
    emit: (code) => codes.push(code),
    text: (text) => codes.push([Op.TEXT, text]),
    comment: (text, from, to, multiLine) => codes.push([Op.COMMENT, text.substring(from, to), multiLine]),
    leaf: (code) => codes.push(code),
    ref: () => {},
    decline: (open, close) => declined.push(source.substring(open, close + 1)),
  };
  readTemplate(source, sink);
  return { codes, declined };
}

const corpus = (): string[] => {
  if (!corpusAvailable()) return [PRODUCT_PAGE_TEMPLATE];
  const out = [PRODUCT_PAGE_TEMPLATE];
  for (const f of loadRenderFixtures()) out.push(f.template, ...Object.values(f.partials));
  for (const f of loadTreeFixtures()) out.push(f.template);
  return out;
};

describe('fast reader', () => {
  it.each([
    '{a}', '{a.b.0|html|truncate 10}', '{a, b|json}', '{a ,b}', '{a|h.tml}', '{a|x|y 1|z}', '{@|apply m}', '{$x}',
    '{.section a}', '{.section\n a.b}', '{.repeated section items}', '{.repeated section\ti}', '{.sectiona}', '{.section a b}',
    '{.even?}', '{.equal? a b}', '{.equal?a}', '{.section?}', '{.or}', '{.or even? 2}', '{.or even?}', '{.or }', '{.order}',
    '{.if a}', '{.if a || b && c.d}', '{.if a||b}', '{.if a ||}', '{.if even? @index}', '{.if @x?}', '{.ifa}', '{.if  a }',
    '{.eval 1 + 2}', '{.eval }', '{.evaluate}', '{.macro m.html}', '{.macro  m}', '{.macros}', '{# note}', '{#}',
    '{.end}', '{.endx}', '{.eof}', '{.alternates with}', '{.meta-left}{.meta-right}{.newline}{.space}{.tab}',
    '{.include p.html out}', '{.inject @s s.json}', '{.var @x a|json}', '{.ctx @c a=b}', '{}', '{ a}', '{a|}', '{a||b}',
    '{1a}', '{@1}', '{a-.b}', 'x{a{b}c}', '{{a}}', '{## c ##}{a}', '{##}', '{###}', '{## open', 'a{', '{a', '}{', 'a\n{.end}\n{b|c}',
    '{.var @x a, b.c|f 1|g}', '{.var @x a}', '{.var @x}', '{.var x a}', '{.var @x  a}', '{.var @x a|}', '{.varx}',
    '{.ctx @c a=b c=d.e }', '{.ctx @c a=1b=c}', '{.ctx @c a=b  c=d}', '{.ctx @c a=}', '{.ctx @c}', '{.ctx @c a=b\n}',
    '{.include p.html out}', '{.include p}', '{.include  p}', '{.include p,x,y}', '{.includes}',
    '{.inject @s s.json}', '{.inject @s s.json a b}', '{.inject s s.json}', '{.inject @s}', '{.inject @s  s}',
    '{.section a}{.or}{.or}{.end}', '{.repeated section a}{.alternates with}{.alternates with}', 'function () { return 1; }',
  ])('%s', (source) => expectSame(source));

  it('reads the common shapes itself and declines the rest to the grammar', () => {
    expect(readAlone('{a|html}{.section s}{.or}{.end}{.if a && b}{.eval 1}{# c}').declined).toEqual([]);
    expect(readAlone('{.var @x a|json}{.ctx @c a=b}{.include p.html x}{.inject @s s.json}').declined).toEqual([]);
    const hostile = ['{ a}', '{a b}', '{.sectionx a}', '{a|}', '{.if a ||}', '{.endx}', '{}', '{color: red}', '{.var @x}', '{.ctx @c a=1b=c}'];
    expect(readAlone(hostile.join('')).declined).toEqual(hostile);
  });

  it('scans exactly what the patterns of record match', () => {
    const anchored = (source: string) => new RegExp(`^(?:${source})`);
    const scans: [RegExp, (text: string, at: number) => number][] = [
      [anchored(WORD), wordEnd],
      [anchored(`${WORD}\\?`), predNameEnd],
      [anchored(WHITESPACE_SOURCE), spaceEnd],
      [anchored(FILE_PATH_SOURCE), filePathEnd],
      [anchored(`@${WORD}`), definitionEnd],
      [anchored(VAR_REF_SOURCE), (text, at) => (readPath(text, at) === null ? -1 : scan.end)],
    ];
    const chars = fc.constantFrom(...'aZ09_-.@$? \t\n|,x{}#/'.split(''));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }).map((c) => c.join('')), (text) => {
        for (const [pattern, scanEnd] of scans) {
          const m = pattern.exec(text);
          expect(scanEnd(text, 0), `${pattern} on ${JSON.stringify(text)}`).toBe(m && m[0].length > 0 ? m[0].length : -1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the grammar on the product page and every conformance template', () => {
    for (const source of corpus()) expectSame(source);
  });

  it('agrees with the grammar on generated tags', () => {
    const pieces = [
      '{', '}', '.section', '.repeated section', '.if', '.or', '.eval', '.macro', '.end', '.alternates with', '.include', '#',
      ' ', '  ', '\n', '\t', 'a', 'b.c', '0', '1a', '@', '@x', '$y', '|', 'html', 'truncate', '?', 'even?', ',', ' , ',
      '&&', '||', '.', '-', '=', 'x.y', '##', '.var', '.ctx', '.inject', '.meta-left', '.var @v ', '.ctx @c ', 'k=', '.inject @i ',
      '.include ', 'p.json', '1b',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => expectSame(parts.join(''))),
      { numRuns: 4000 },
    );
  });

  it('agrees with the grammar on mutated corpus templates (truncations, stray braces, cut tags)', () => {
    const sources = corpus();
    const mutation = fc.record({
      which: fc.nat(sources.length - 1),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      kind: fc.constantFrom('truncate', 'brace', 'close', 'delete', 'splice'),
    });
    fc.assert(
      fc.property(mutation, ({ which, cut, at, kind }) => {
        const s = sources[which];
        const i = Math.floor(cut * s.length);
        const j = Math.floor(at * s.length);
        const mutated =
          kind === 'truncate' ? s.slice(0, i)
          : kind === 'brace' ? s.slice(0, i) + '{' + s.slice(i)
          : kind === 'close' ? s.slice(0, i) + '}' + s.slice(i)
          : kind === 'delete' ? s.slice(0, i) + s.slice(i + 1)
          : s.slice(0, Math.min(i, j)) + s.slice(Math.max(i, j));
        expectSame(mutated);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('splitArgsIn', () => {
  it('splits like String.split on the first character, inside the bounds only', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(' ', ',', 'a', 'b', '|', '\uD83D') }), fc.string({ maxLength: 4 }), (raw, tail) => {
        expect(splitArgsIn(`x${raw}${tail}`, 1, raw.length + 1)).toEqual([raw.slice(1).split(raw[0]), raw[0]]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('splitArgsToPipe', () => {
  const splitOf = (raw: string) => raw.slice(1).split(raw[0]);

  it('splits to the next | or the bound like String.split, with or without the remembered searches', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(' ', ',', 'a', '|') }), fc.string({ maxLength: 6, unit: fc.constantFrom(' ', 'b', '|') }), (raw, tail) => {
        const text = `x${raw}${tail}`;
        const pipe = raw.indexOf('|', 1);
        const args = pipe === -1 ? raw : raw.slice(0, pipe);
        for (const memo of [null, new ArgScan()]) {
          const previous = useArgScan(memo);
          try {
            expect(splitArgsToPipe(text, 1, raw.length + 1)).toEqual([splitOf(args), raw[0]]);
            expect(scan.end).toBe(1 + args.length);
          } finally {
            useArgScan(previous);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps each read its own: a template read from inside another (a plugin check that compiles) changes nothing', () => {
    const outer = '{a|f 1 2|g 3} {c|h 4 5 6}{d|k 7}';
    const plain: Code[] = [];
    const sink = (codes: Code[], onRef?: () => void): InstructionSink => ({
      emit: (code) => codes.push(code),
      text: (text) => codes.push([Op.TEXT, text]),
      comment: () => {},
      leaf: (code) => codes.push(code),
      ref: () => onRef?.(),
      decline: () => {},
    });
    readTemplate(outer, sink(plain));
    const nested: Code[] = [];
    const inner: Code[] = [];
    readTemplate(outer, sink(nested, () => inner.length === 0 && readTemplate('x {b|f p q r|g s t}', sink(inner))));
    expect(nested).toEqual(plain);
    expect(inner[1]).toEqual([1, [['b']], [['f', [['p', 'q', 'r'], ' ']], ['g', [['s', 't'], ' ']]]]);
  });
});

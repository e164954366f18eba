/**
 * Hostile input: random and truncated templates with random JSON must never make
 * compile or render throw, and must finish (vitest's timeout catches a hang).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, loadRenderFixtures } from '../tests/conformance/fixtures.js';
import { compile, render } from './index.js';

const FRAGMENTS = [
  '{', '}', '{.', '.section', '.repeated section', '.end', '.or', '.if', '.alternates with', '.var', '.ctx',
  '.eval', '.include', '.inject', '.macro', '{#', '{##', '##}', '|', '||', '&&', ' ', '\n', '@', '@index',
  '$x', 'a', 'b.c', '0', ',', ':', '"', "'", '(', ')', '+', '*', '=', 'equal?', 'html', 'json', 'apply',
  'truncate 3', 'date %Y', 'money', 'product-price', 'image', 'output', 'private', '\\', '\u2028', '💥',
];

const templateArb = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join('')),
);

function renderSafely(source: string, data: unknown): void {
  const template = compile(source);
  expect(Array.isArray(template.errors)).toBe(true);
  const result = render(template, data, { partials: { p: source.slice(0, 50) } });
  expect(typeof result.output).toBe('string');
}

describe('hostile input', () => {
  it('random templates and random JSON never throw', () => {
    fc.assert(
      fc.property(templateArb, fc.jsonValue({ maxDepth: 3 }), (source, data) => {
        renderSafely(source, data);
      }),
      { numRuns: 600 },
    );
  });

  it.runIf(corpusAvailable())('truncated corpus templates with their own and random data never throw', () => {
    const fixtures = loadRenderFixtures();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: fixtures.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.jsonValue({ maxDepth: 3 }),
        (index, cut, data) => {
          const f = fixtures[index];
          const source = f.template.slice(0, Math.floor(f.template.length * cut));
          renderSafely(source, f.data);
          renderSafely(source, data);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('nesting up to the block depth limit renders; deeper nesting is an error, not a crash', () => {
    const nest = (depth: number) => '{.section a}'.repeat(depth) + 'x' + '{.end}'.repeat(depth);
    let data: unknown = 1;
    for (let i = 0; i < 100; i++) data = { a: data };
    const ok = compile(nest(100));
    expect(ok.errors).toEqual([]);
    expect(render(ok, data).output).toBe('x');
    const deep = compile(nest(5000));
    expect(deep.errors.map((e) => e.code)).toContain('NESTING_TOO_DEEP');
    expect(typeof render(deep, data).output).toBe('string');
  });
});

describe('compile once, render many', () => {
  it('a compiled template is immutable and independent of each render', () => {
    const t = compile('{.repeated section items}{name|html}{.alternates with}, {.end}{.var @n count}{@n}');
    expect(Object.isFrozen(t)).toBe(true);
    const a = render(t, { items: [{ name: '<b>' }, { name: 'c' }], count: 2 });
    const b = render(t, { items: [], count: 0 });
    const c = render(t, { items: [{ name: 'x' }], count: 1 });
    expect([a.output, b.output, c.output]).toEqual(['&lt;b&gt;, c2', '0', 'x1']);
  });

  it('renders of one template interleaved from async tasks stay separate', async () => {
    const t = compile('{.section user}Hi {name}!{.or}Nobody{.end}');
    const outputs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        Promise.resolve().then(() => render(t, i % 2 ? { user: { name: `u${i}` } } : {}).output),
      ),
    );
    outputs.forEach((out, i) => expect(out).toBe(i % 2 ? `Hi u${i}!` : 'Nobody'));
  });

  it('locale, time zone and now are render options', () => {
    const t = compile('{n|json}');
    expect(render(t, { n: 1 }, { locale: null, timeZone: 'UTC', now: 0 }).output).toBe('1');
  });
});

/**
 * Named hostile templates: each must finish within a stated time and memory budget
 * (asserted with about 10x headroom over this machine, so they do not flake) and
 * never throw. A limit that stops a render leaves one error and the output so far.
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_FORMATTERS, compile, DEFAULT_EXPR_LIMITS, DEFAULT_RENDER_LIMITS, render, type RenderOptions } from './index.js';

const TIME_BUDGET_MS = 5_000;
const MEMORY_BUDGET_BYTES = 512 * 1024 * 1024;

/** Render `source` and check the budgets; returns the result and the codes of its errors. */
function bounded(source: string, data: unknown = {}, options: RenderOptions = {}, budgetMs = TIME_BUDGET_MS) {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const template = compile(source, options);
  const result = render(template, data, options);
  const elapsed = performance.now() - started;
  expect(elapsed).toBeLessThan(budgetMs);
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(MEMORY_BUDGET_BYTES);
  return { template, result, codes: result.errors.map((e) => e.code) };
}

describe('fan-out is bounded by the step budget', () => {
  it('a macro applying itself three times (3^16 calls unbounded) stops with one STEP_BUDGET_EXCEEDED', () => {
    const { result, codes } = bounded('{.macro m}x{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}');
    expect(codes.filter((c) => c === 'STEP_BUDGET_EXCEEDED')).toHaveLength(1);
    expect(result.output.length).toBeGreaterThan(0);
    expect(result.errors.find((e) => e.code === 'STEP_BUDGET_EXCEEDED')).toMatchObject({ line: 1 });
  });

  it('mutually recursive partials stop the same way', () => {
    const partials = { a: '{@|apply b}{@|apply b}{@|apply b}', b: '{@|apply a}{@|apply a}{@|apply a}' };
    const { codes } = bounded('{@|apply a}', {}, { partials });
    expect(codes).toContain('STEP_BUDGET_EXCEEDED');
  });

  it('a partial including itself three times stops the same way', () => {
    const partials = { p: 'y{.include p output}{.include p output}{.include p output}' };
    const { result, codes } = bounded('{.include p output}', {}, { partials });
    expect(codes).toContain('STEP_BUDGET_EXCEEDED');
    expect(result.output.startsWith('y')).toBe(true);
  });

  it('a small step budget stops a long loop at the instruction that crossed it', () => {
    const { result, codes } = bounded('{.repeated section xs}\n{@}{.end}', { xs: Array.from({ length: 1000 }, (_, i) => i) }, { limits: { maxSteps: 50 } });
    expect(codes).toEqual(['STEP_BUDGET_EXCEEDED']);
    // The loop pass (line 1) or the variable (line 2) that used the 51st step.
    expect([1, 2]).toContain(result.errors[0].line);
    expect(result.errors[0].column).toBe(1);
    expect(result.output).toMatch(/^\n0\n1\n2/);
  });
});

describe('output and error limits', () => {
  it('output beyond maxOutputLength stops the render, keeping the output so far', () => {
    const big = 'z'.repeat(100_000);
    const { result, codes } = bounded('{.repeated section xs}{@}{.end}', { xs: Array.from({ length: 1000 }, () => big) });
    expect(codes).toEqual(['OUTPUT_TOO_LARGE']);
    expect(result.output.length).toBeGreaterThan(DEFAULT_RENDER_LIMITS.maxOutputLength);
    expect(result.output.length).toBeLessThanOrEqual(DEFAULT_RENDER_LIMITS.maxOutputLength + big.length);
  });

  it('output held by enclosing partials counts too', () => {
    const partials = { p: '{.repeated section xs}{@}{.end}' };
    const data = { xs: Array.from({ length: 50 }, () => 'q'.repeat(1000)) };
    const { codes } = bounded('{@|apply p}{@|apply p}{@|apply p}', data, { partials, limits: { maxOutputLength: 120_000 } });
    expect(codes).toEqual(['OUTPUT_TOO_LARGE']);
  });

  it('collects at most maxErrors render errors, then one TOO_MANY_ERRORS', () => {
    const { codes } = bounded('{.repeated section xs}{@|apply missing}{.end}', { xs: Array.from({ length: 5000 }, () => 1) });
    expect(codes).toHaveLength(DEFAULT_RENDER_LIMITS.maxErrors + 1);
    expect(codes[codes.length - 1]).toBe('TOO_MANY_ERRORS');
  });
});

describe('compile errors and nesting', () => {
  it('tens of thousands of compile errors are reported with exact positions in linear time', () => {
    const source = '{.end}\n'.repeat(50_000);
    const started = performance.now();
    const t = compile(source);
    expect(performance.now() - started).toBeLessThan(TIME_BUDGET_MS);
    expect(t.errors).toHaveLength(50_000);
    expect(t.errors[49_999]).toMatchObject({ code: 'NOT_ALLOWED_AT_ROOT', line: 50_000, column: 1 });
  });

  it('half a megabyte of unclosed tags and braces compiles in linear time', () => {
    // 40,000 nested sections (errors past depth 100), then `{` with no `}` anywhere after.
    bounded('{.section a}{'.repeat(40_000) + '{#'.repeat(50_000));
  });

  it('60,000 tags with space-separated arguments, then 200 KB with no | or space, compile in linear time', () => {
    // Arguments are split by searching for the next `|` and space: no search may rescan what another has read.
    bounded('{a|f x y}'.repeat(60_000) + 'y'.repeat(200_000));
  });

  it('deeply nested data through json and apply never throws', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const { result } = bounded('{d|json}{d|apply p}', { d: deep }, { partials: { p: '{@|json}' } });
    expect(typeof result.output).toBe('string');
  });
});

describe('.eval amplification', () => {
  it('string doubling stops at the default maximum string length', () => {
    const doubling = Array.from({ length: 25 }, () => '@s = @s + @s').join('; ');
    const { result, codes } = bounded(`{.eval @s = 'ab'; ${doubling}; @s}`);
    expect(codes).toContain('EXPR_STRING_TOO_LONG');
    expect(result.output.length).toBeLessThanOrEqual(DEFAULT_EXPR_LIMITS.maxStringLength);
  });

  it('a long expression stops at the default token limit', () => {
    const { codes } = bounded(`{.eval ${Array.from({ length: 5000 }, () => '1').join(' + ')}}`);
    expect(codes).toContain('EXPR_TOO_MANY_TOKENS');
  });
});

describe('megabyte strings through every formatter', () => {
  const MB = 1024 * 1024;
  const values = {
    digits: '9'.repeat(MB) + 'x',
    brackets: '<'.repeat(MB),
    mixed: 'a{b} <i "q\' &'.repeat(MB / 16),
    number: `1${'0'.repeat(MB)}.5e99999999`,
  };
  // Arguments that reach the parsing paths of the formatters that take them.
  const ARGS: Record<string, string> = { date: ' %A %B', datetime: ' date:long', message: ' a b', 'apply': ' p', truncate: ' 100000', 'unit': ' unit:length-meter' };

  for (const name of Object.keys(BUILTIN_FORMATTERS)) {
    it(`${name} finishes within budget and never throws`, () => {
      const source = Object.keys(values)
        .map((key) => `{${key}|${name}${ARGS[name] ?? ''}}`)
        .join('\n');
      const { result } = bounded(source, values, { partials: { p: '{@}' } }, 10_000);
      expect(typeof result.output).toBe('string');
    });
  }
});

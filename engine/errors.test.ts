import { describe, expect, it } from 'vitest';
import { compile, ErrorCode, render } from './index.js';

const codes = (source: string) => compile(source).errors.map((e) => [e.code, e.line, e.column]);

describe('compile errors carry code, line and column', () => {
  it('unknown formatter, at the formatter name', () => {
    expect(codes('ok\n{title|nope}')).toEqual([[ErrorCode.FORMATTER_UNKNOWN, 2, 8]]);
    expect(compile('{a|nope}').errors[0].message).toBe("Formatter 'nope' is unknown");
  });

  it('unknown predicate, in a predicate, an .or and an .if', () => {
    expect(codes('{.nope?}x{.end}')).toEqual([[ErrorCode.PREDICATE_UNKNOWN, 1, 3]]);
    expect(codes('{.section a}{.or nope? b}{.end}')).toEqual([[ErrorCode.PREDICATE_UNKNOWN, 1, 18]]);
    expect(codes('{.if nope? b}{.end}')).toEqual([[ErrorCode.PREDICATE_UNKNOWN, 1, 6]]);
  });

  it('a block that can never execute', () => {
    expect(codes('{.section a}1{.or}2{.or}3{.end}')).toEqual([[ErrorCode.DEAD_CODE_BLOCK, 1, 20]]);
  });

  it('end of input inside a block, and each unclosed block where it opened', () => {
    expect(codes('{.section a}\n  {.repeated section b}\nx')).toEqual([
      [ErrorCode.UNCLOSED_BLOCK, 1, 1],
      [ErrorCode.UNCLOSED_BLOCK, 2, 3],
      [ErrorCode.EOF_IN_BLOCK, 3, 2],
    ]);
  });

  it('instructions not allowed inside a block', () => {
    expect(codes('{.macro m}{.or}{.end}')).toEqual([[ErrorCode.NOT_ALLOWED_IN_BLOCK, 1, 11]]);
    expect(codes('{.section a}{.alternates with}{.end}')).toEqual([[ErrorCode.NOT_ALLOWED_IN_BLOCK, 1, 13]]);
    expect(compile('{.section a}{.alternates with}{.end}').errors[0].message).toBe(
      'ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    );
  });

  it('instructions not allowed at the root', () => {
    expect(codes('a\n{.end}')).toEqual([[ErrorCode.NOT_ALLOWED_AT_ROOT, 2, 1]]);
    expect(codes('{.or}')).toEqual([[ErrorCode.NOT_ALLOWED_AT_ROOT, 1, 1]]);
    expect(codes('{.alternates with}')).toEqual([[ErrorCode.NOT_ALLOWED_AT_ROOT, 1, 1]]);
  });

  it('text that only looks like an instruction is text, not an error', () => {
    const t = compile('{ a } {} {a b} {.section} {a||b} function(){return 1}');
    expect(t.errors).toEqual([]);
    expect(render(t, { a: 1 }).output).toBe('{ a } {} {a b} {.section} {a||b} function(){return 1}');
  });
});

describe('render errors carry code, line and column', () => {
  const runtime = (source: string, options = {}) =>
    render(source, { a: 1 }, options).errors.map((e) => [e.code, e.line, e.column]);

  it('partial not found', () => {
    expect(runtime('x\n {a|apply nope}')).toEqual([[ErrorCode.PARTIAL_MISSING, 2, 2]]);
    expect(runtime('{.include nope}')).toEqual([[ErrorCode.PARTIAL_MISSING, 1, 1]]);
  });

  it('partial that fails to parse', () => {
    const r = render('ok\n  {a|apply p}', { a: 1 }, { partials: { p: '{.section x}' } });
    const failures = r.errors.filter((e) => e.code === ErrorCode.PARTIAL_PARSE_FAIL);
    expect(failures.map((e) => [e.line, e.column])).toEqual([[2, 3], [2, 3]]);
    expect(failures[0].message).toMatch(/^Parse of partial "p" failed: /);
    expect(r.output).toBe('ok\n  ');
  });

  it('recursion deeper than 16 levels', () => {
    const r = render('{.macro m}x{@|apply m}{.end}{a|apply m}', { a: 1 });
    expect(r.output).toBe('x'.repeat(16));
    expect(r.errors.map((e) => [e.code, e.message, e.line, e.column])).toEqual([
      [ErrorCode.PARTIAL_RECURSION_DEPTH, "Attempt to apply partial 'm' exceeded maximum recursion depth of 16", 1, 12],
    ]);
  });

  it('a plugin that throws becomes an unexpected error and the page still renders', () => {
    const boom = () => {
      throw new Error('kaput');
    };
    const t = compile('before {a|boom} after{.broken?}x{.end}', { formatters: { boom }, predicates: { 'broken?': boom } });
    const r = render(t, { a: 1 });
    expect(r.output).toBe('before 1 after');
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      [ErrorCode.UNEXPECTED_ERROR, 1, 8],
      [ErrorCode.UNEXPECTED_ERROR, 1, 22],
    ]);
    expect(r.errors[0].message).toContain('kaput');
  });
});

describe('expression errors', () => {
  const evalErrors = (code: string, options = {}) =>
    render(`{.eval ${code}}`, {}, options).errors.map((e) => e.code);

  it.each([
    ['nosuchfn(1)', 'EXPR_INVALID_FUNCTION'],
    ["'abc", 'EXPR_UNTERMINATED_STRING'],
    ["'a\\u12'", 'EXPR_BAD_ESCAPE'],
    ['1.2.3', 'EXPR_DUPLICATE_DECIMAL_POINT'],
    ['(1 + 2', 'EXPR_MISMATCHED_PARENTHESIS'],
  ])('%s gives %s', (code, expected) => {
    expect(evalErrors(code)).toContain(expected);
  });

  it('limits on tokens and string length', () => {
    expect(evalErrors('1 + 2 + 3 + 4', { exprLimits: { maxTokens: 3 } })).toContain('EXPR_TOO_MANY_TOKENS');
    expect(evalErrors("'abc' + 'defgh'", { exprLimits: { maxStringLength: 4 } })).toContain('EXPR_STRING_TOO_LONG');
  });

  it('points at the offending character', () => {
    const [e] = render('x\n{.eval 1 + (2}', {}).errors;
    expect([e.code, e.line]).toEqual(['EXPR_MISMATCHED_PARENTHESIS', 2]);
    expect(e.column).toBeGreaterThanOrEqual(8);
  });
});

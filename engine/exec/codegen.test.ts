import { describe, expect, it } from 'vitest';
import { compile, render } from '../index.js';
import { emitText } from './codegen.js';

describe('code generation', () => {
  it('emits scalars as text and lists joined with commas', () => {
    expect([emitText('a'), emitText(2), emitText(true), emitText([1, 'b']), emitText({}), emitText(null), emitText(undefined)]).toEqual([
      'a', '2', 'true', '1,b', '', '', '',
    ]);
  });

  it('merges literal runs (text, .space, .newline, meta braces) and drops comments', () => {
    const t = compile('a{.space}b{.newline}{.meta-left}{# c}{.meta-right}{.tab}');
    expect(render(t, {}).output).toBe('a b\n{}\t');
  });

  it('binds formatters and predicates at compile time and reports runtime errors at the instruction', () => {
    const t = compile('x\n  {a|apply nope}');
    const { errors } = render(t, { a: 1 });
    expect(errors).toEqual([expect.objectContaining({ code: 'PARTIAL_MISSING', line: 2, column: 3 })]);
  });

  it('a compiled closure tree is shared by renders with different data', () => {
    const t = compile('{.section a}{b}{.or}-{.end}');
    expect([render(t, { a: { b: 1 } }).output, render(t, {}).output, render(t, { a: { b: 2 } }).output]).toEqual(['1', '-', '2']);
  });

  it('each item of a repeated section starts with no variables or macros of the item before', () => {
    const t = compile('{.repeated section items}[{@x}{.var @x name}{@x}]{.end}');
    expect(render(t, { items: [{ name: 'a' }, { name: 'b' }] }).output).toBe('[a][b]');
    const m = compile('{.repeated section items}{.if @index0}{@|apply m}{.end}{.macro m}{name}{.end}{.end}');
    expect(render(m, { items: [{ name: 'a' }, { name: 'b' }] }).errors).toEqual([expect.objectContaining({ code: 'PARTIAL_MISSING' })]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  EXPR_BAD_ESCAPE,
  EXPR_DUPLICATE_DECIMAL_POINT,
  EXPR_INVALID_FUNCTION,
  EXPR_INVALID_NUMBER,
  EXPR_MISMATCHED_PARENTHESIS,
  EXPR_TOO_MANY_TOKENS,
  EXPR_UNEXPECTED_CHAR,
  EXPR_UNTERMINATED_STRING,
  describeExpr,
  parseExpr,
} from './index.js';
import { StepKind } from './program.js';

const firstError = (code: string, maxTokens?: number) => {
  const { errors } = parseExpr(code, { maxTokens });
  expect(errors).toHaveLength(1);
  return { code: errors[0].code, offset: errors[0].offset };
};
const rpn = (code: string) => describeExpr(parseExpr(code));

describe('parseExpr', () => {
  it('orders each statement in reverse Polish form by precedence', () => {
    expect(rpn('1 + 2 * 3')).toBe('EVAL=[[1 2 3 <multiply> <add>]]');
    expect(rpn('(1 + 2) * 3')).toBe('EVAL=[[1 2 <add> 3 <multiply>]]');
    expect(rpn('2 ** 3 ** 2')).toBe('EVAL=[[2 3 2 <exponent> <exponent>]]');
    expect(rpn('1 - 2 - 3')).toBe('EVAL=[[1 2 <subtract> 3 <subtract>]]');
    expect(rpn('a || b && !c')).toBe('EVAL=[[a b c <logical not> <logical and> <logical or>]]');
    expect(rpn('1 | 2 ^ 3 & 4 == 5 < 6 << 7')).toBe(
      'EVAL=[[1 2 3 4 5 6 7 <left shift> <less than> <equality> <bitwise and> <bitwise xor> <bitwise or>]]',
    );
  });
  it('tells unary from binary plus and minus', () => {
    expect(rpn('-1 - -4')).toBe('EVAL=[[1 <unary minus> 4 <unary minus> <subtract>]]');
    expect(rpn('+a + (+b)')).toBe('EVAL=[[a <unary plus> b <unary plus> <add>]]');
  });
  it('splits statements on semicolons and keeps comma-separated values', () => {
    expect(rpn("@a = 2; 'x', \"y\";; a.b.0")).toBe('EVAL=[[@a 2 <assign>], ["x" "y"], [a.b.0]]');
    expect(rpn('')).toBe('EVAL=[]');
  });
  it('compiles calls of built-in functions and constants', () => {
    expect(rpn('max(1, -2, min(3))')).toBe('EVAL=[[<args> 1 2 <unary minus> <args> 3 min() max()]]');
    expect(rpn('PI E true false null NaN Infinity')).toBe(
      `EVAL=[[${Math.PI} ${Math.E} true false null NaN Infinity]]`,
    );
    expect(rpn('@.PI $x @ @index')).toBe('EVAL=[[@.PI $x @ @index]]');
  });
  it('reads names with dashes as one reference', () => {
    expect(rpn('a-b - 1')).toBe('EVAL=[[a-b 1 <subtract>]]');
  });
  it('reports each kind of malformed expression with its offset', () => {
    expect(firstError('1 + foo(2)')).toEqual({ code: EXPR_INVALID_FUNCTION, offset: 4 });
    expect(firstError('@max(2)')).toEqual({ code: EXPR_INVALID_FUNCTION, offset: 0 });
    expect(firstError("1 + 'abc")).toEqual({ code: EXPR_UNTERMINATED_STRING, offset: 4 });
    expect(firstError("'ab\ncd'")).toEqual({ code: EXPR_UNTERMINATED_STRING, offset: 3 });
    expect(firstError("'a\\u12'")).toEqual({ code: EXPR_BAD_ESCAPE, offset: 2 });
    expect(firstError('2 * 1.2.3')).toEqual({ code: EXPR_DUPLICATE_DECIMAL_POINT, offset: 4 });
    expect(firstError('(1 + 2')).toEqual({ code: EXPR_MISMATCHED_PARENTHESIS, offset: 6 });
    expect(firstError('(1; 2)')).toEqual({ code: EXPR_MISMATCHED_PARENTHESIS, offset: 2 });
    expect(firstError('1 + 2)')).toEqual({ code: EXPR_MISMATCHED_PARENTHESIS, offset: 5 });
    expect(firstError('1 2 3 4', 3)).toEqual({ code: EXPR_TOO_MANY_TOKENS, offset: 6 });
    expect(firstError('1 # 2')).toEqual({ code: EXPR_UNEXPECTED_CHAR, offset: 2 });
    expect(firstError('0x')).toEqual({ code: EXPR_INVALID_NUMBER, offset: 0 });
    expect(firstError('1e+')).toEqual({ code: EXPR_INVALID_NUMBER, offset: 0 });
  });
  it('words messages like the reference', () => {
    expect(parseExpr('foo(1)').errors[0].message).toBe('Error parsing expression: "foo(1)": Invalid function foo');
    expect(parseExpr('1\f').errors[0].message).toBe('Error parsing expression: "1\\f": Unexpected form feed at 1: "\\f"');
    expect(parseExpr('1 2 3', { maxTokens: 2 }).errors[0].message).toContain(
      'Expression exceeds the maximum number of allowed tokens: 2',
    );
  });
  it('counts every token against the limit, and only when one is set', () => {
    expect(parseExpr('max(1, 2)', { maxTokens: 6 }).errors).toEqual([]);
    expect(parseExpr('max(1, 2)', { maxTokens: 5 }).errors[0].code).toBe(EXPR_TOO_MANY_TOKENS);
    expect(parseExpr('1 '.repeat(1000), { maxTokens: 0 }).errors).toEqual([]);
  });
  it('marks a leading # as debug and shifts offsets past it', () => {
    const e = parseExpr('#1 + 2');
    expect(e.debug).toBe(true);
    expect(e.source).toBe('1 + 2');
    expect(parseExpr('#1 # 2').errors[0].offset).toBe(3);
  });
  it('reads each expression alone: nothing of a longer one read before is left in a shorter one', () => {
    const long = parseExpr('@a = 1 + 2; @b = a.b * 7; max(@a, 3)');
    expect(describeExpr(parseExpr('7'))).toBe('EVAL=[[7]]');
    expect(describeExpr(parseExpr('-a'))).toBe('EVAL=[[a <unary minus>]]');
    expect(describeExpr(long)).toBe('EVAL=[[@a 1 2 <add> <assign>], [@b a.b 7 <multiply> <assign>], [<args> @a 3 max()]]');
  });

  it('freezes the steps every expression shares (small numbers, constants, operators, the call mark)', () => {
    const e = parseExpr('max(255, 1) + true', { maxStringLength: 10 });
    expect(e.maxStringLength).toBe(10);
    const shared = e.statements.flat().filter((s) => s.kind !== StepKind.CALL);
    expect(shared.map((s) => s.kind)).toEqual([StepKind.ARGS, StepKind.LITERAL, StepKind.LITERAL, StepKind.LITERAL, StepKind.OPERATOR]);
    expect(shared.every((s) => Object.isFrozen(s))).toBe(true);
  });
});

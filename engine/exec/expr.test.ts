import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPR_FUNCTION_CALL,
  EXPR_INVALID_OPERATOR_ARGS,
  EXPR_STRING_TOO_LONG,
  EXPR_UNEXPECTED_VALUE,
  parseExpr,
  type ExprLimits,
} from '../syntax/expr/index.js';
import { evaluateExpr, type ExprScope } from './expr.js';
import { walkPath } from '../values.js';

/** A one-frame scope over `data`, recording assignments and errors. */
function scopeOver(data: unknown, vars: Record<string, unknown> = {}) {
  const errors: { code: string; message: string }[] = [];
  const lookups: (readonly (string | number)[])[] = [];
  const scope: ExprScope = {
    resolve(path) {
      lookups.push(path);
      const head = path[0];
      if (typeof head === 'string' && head.startsWith('@')) {
        return head === '@' ? walkPath(data, path, 1) : walkPath(vars[head], path, 1);
      }
      return walkPath(data, path);
    },
    setVar(name, value) {
      vars[name] = value;
    },
    error(code, message) {
      errors.push({ code, message });
    },
  };
  return { scope, vars, errors, lookups };
}

function run(code: string, data: unknown = {}, limits?: ExprLimits) {
  const s = scopeOver(data);
  const output = evaluateExpr(parseExpr(code, limits), s.scope);
  return { output, vars: s.vars, errors: s.errors.map((e) => e.code) };
}
const out = (code: string, data?: unknown) => run(code, data).output;

describe('evaluateExpr', () => {
  it('leaves the compiled program as it was: one program serves every render', () => {
    const expr = parseExpr('@a = 1 + 2; @b = a.b * -7; max(@a, 3); "x" + @b; (a.b || 1) ** 2; 255; true');
    const before = structuredClone(expr);
    const { scope } = scopeOver({ a: { b: 4 } });
    expect([evaluateExpr(expr, scope), evaluateExpr(expr, scope)]).toEqual(['true', 'true']);
    expect(expr).toEqual(before);
  });

  it('emits the value left on top by the last statement', () => {
    expect(out('')).toBeUndefined();
    expect(out('1 2 3')).toBe('3');
    expect(out('3, 2, 1')).toBe('1');
    expect(out("'a'; 'b'")).toBe('b');
    expect(out('1; @x = 2')).toBeUndefined();
  });
  it('prints numbers, booleans and null as JavaScript does, null as nothing', () => {
    expect(out('2 ** 64')).toBe('18446744073709552000');
    expect(out('1e21')).toBe('1e+21');
    expect(out('-0')).toBe('0');
    expect(out('1 < 2')).toBe('true');
    expect(out('null')).toBe('');
    expect(out('missing')).toBe('');
  });
  it('follows JavaScript arithmetic, bitwise and comparison rules', () => {
    expect(out('3 / 8 * 6')).toBe('2.25');
    expect(out('5 % -3')).toBe('2');
    expect(out('5 % 0')).toBe('NaN');
    expect(out('-2 ** 2')).toBe('4');
    expect(out('2 ** 3 ** 2')).toBe('512');
    expect(out('~5 & 0xff | 1 ^ 3')).toBe(String(~5 & 0xff | (1 ^ 3)));
    expect(out('1 << 3 >> 1')).toBe('4');
    expect(out('0 < "0x01"')).toBe('true');
    expect(out('"a" < "b"')).toBe('true');
    expect(out('"1" == 1')).toBe('true');
    expect(out('"1" === 1')).toBe('false');
    expect(out('null == 0')).toBe('false');
    expect(out('NaN != NaN')).toBe('true');
  });
  it('concatenates when either side of + is a string', () => {
    expect(out('5 + a', { a: '-6.5' })).toBe('5-6.5');
    expect(out('true + 2')).toBe('3');
    expect(out("'x' + null + true + 1.5")).toBe('xnulltrue1.5');
    expect(out("'3' * '4'")).toBe('12');
    expect(out("'3px' * 1")).toBe('NaN');
  });
  it('coerces for logic the way the reference does', () => {
    expect(out('!0')).toBe('true');
    expect(out("!''")).toBe('true');
    expect(out("!'0'")).toBe('false');
    expect(out('!null')).toBe('true');
    expect(out('1 && "a"')).toBe('true');
    expect(out('0 || NaN')).toBe('false');
  });
  it('reads variables from the scope, missing ones as null', () => {
    const data = { a: { b: { c: 3 }, list: [10, 20] }, t: true };
    expect(out('a.b.c * -2', data)).toBe('-6');
    expect(out('a.list.1 + 1', data)).toBe('21');
    expect(out('!!t', data)).toBe('true');
    expect(out('nope + 1', data)).toBe('1');
    expect(out('@.t', data)).toBe('true');
  });
  it('lets constants shadow data keys of the same name', () => {
    expect(out('PI', { PI: 'apple' })).toBe(String(Math.PI));
    expect(out('@.PI', { PI: 'apple' })).toBe('apple');
  });
  it('assigns @variables and stops the statement there', () => {
    const r = run('@a = 3 * a.b.c; @a * 7', { a: { b: { c: 3 } } });
    expect(r).toEqual({ output: '63', vars: { '@a': 9 }, errors: [] });
    expect(run('@m = missing').vars).toEqual({ '@m': null });
    expect(run('@a = @b = 2').vars).toEqual({ '@b': 2 });
    expect(run('x = 2; @ = 3; a.b = 4').vars).toEqual({});
    expect(run('(@a = 1) + 5')).toEqual({ output: undefined, vars: { '@a': 1 }, errors: [] });
  });
  it('never resolves an assignment target', () => {
    const s = scopeOver({});
    evaluateExpr(parseExpr('@a = 1'), s.scope);
    expect(s.lookups).toEqual([]);
  });
  it('calls the built-in functions', () => {
    expect(out('max(1, 5, 3)')).toBe('5');
    expect(out("min(4, '2', true)")).toBe('1');
    expect(out('abs(-2.5)')).toBe('2.5');
    expect(out('num(a) + 5', { a: '-6.5' })).toBe('-1.5');
    expect(out('str(1) + 2')).toBe('12');
    expect(out("bool('')")).toBe('false');
    expect(out('max(1, obj, 3)', { obj: { x: 1 } })).toBe('3');
  });
  it('reports runtime errors to the scope', () => {
    expect(run('1 +').errors).toEqual([EXPR_INVALID_OPERATOR_ARGS]);
    expect(run('obj * 2', { obj: {} }).errors).toEqual([EXPR_INVALID_OPERATOR_ARGS]);
    expect(run('max()').errors).toEqual([EXPR_FUNCTION_CALL]);
    expect(run('list', { list: [1] }).errors).toEqual([EXPR_UNEXPECTED_VALUE]);
    const s = scopeOver({});
    evaluateExpr(parseExpr('1 -'), s.scope);
    expect(s.errors[0].message).toBe('Error reducing expression: 1 -: Invalid arguments to operator subtract');
  });
  it('runs later statements after a failing one, as the reference does', () => {
    expect(run('1 +; @a = 2')).toEqual({ output: undefined, vars: { '@a': 2 }, errors: [EXPR_INVALID_OPERATOR_ARGS] });
  });
  it('limits the length of concatenated strings', () => {
    expect(run("'abc' + 'de'", {}, { maxStringLength: 5 })).toEqual({ output: 'abcde', vars: {}, errors: [] });
    expect(run("'abc' + 'def'", {}, { maxStringLength: 5 }).errors).toEqual([EXPR_STRING_TOO_LONG]);
    expect(run("'abc' + 'def'", {}, { maxStringLength: 0 }).output).toBe('abcdef');
  });
  it('prints the compiled form first in debug mode', () => {
    expect(out('#1 + 2')).toBe('EVAL=[[1 2 <add>]] -> 3');
    expect(out('#@a = 1')).toBe('EVAL=[[@a 1 <assign>]]');
  });
  it('does not evaluate an expression that failed to parse', () => {
    const s = scopeOver({});
    expect(evaluateExpr(parseExpr('foo(1)'), s.scope)).toBeUndefined();
    expect(s.errors).toEqual([]);
  });
  it('gives the same results when one compiled expression is reused', () => {
    const expr = parseExpr('@x = n * 2; @x + max(n, 1)');
    for (let n = 0; n < 5; n++) {
      const s = scopeOver({ n });
      expect(evaluateExpr(expr, s.scope)).toBe(String(n * 2 + Math.max(n, 1)));
      expect(s.vars).toEqual({ '@x': n * 2 });
    }
  });
  it('turns a throwing scope into a recorded error', () => {
    const errors: string[] = [];
    const scope: ExprScope = {
      resolve: () => {
        throw new Error('boom');
      },
      setVar: () => {},
      error: (code) => errors.push(code),
    };
    expect(evaluateExpr(parseExpr('a + 1'), scope)).toBeUndefined();
    expect(errors).toEqual([EXPR_UNEXPECTED_VALUE]);
    expect(out('1 + 1')).toBe('2');
  });
});

describe('evaluateExpr against JavaScript', () => {
  // Unparenthesised chains exercise every precedence level and associativity at once.
  const OPS = ['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^', '<', '>', '<=', '>=', '==', '!=', '===', '!=='];
  const chain = fc
    .tuple(fc.nat(50), fc.array(fc.tuple(fc.constantFrom(...OPS), fc.nat(50), fc.boolean()), { maxLength: 8 }))
    .map(([first, rest]) => rest.reduce((src, [op, n, neg]) => `${src} ${op} ${neg ? '-' : ''}${n}`, String(first)));

  it('agrees on chains of binary operators', () => {
    fc.assert(
      fc.property(chain, (src) => {
        const expected = String(new Function(`return (${src});`)());
        expect(out(src)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

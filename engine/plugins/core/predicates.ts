/**
 * Core predicates: comparisons, parity and counting. Arguments are JSON
 * literals or references (see predicate-args.ts).
 */
import { asNumber, isTruthy } from '../../values.js';
import type { Predicate, PredicateTable, RenderContext } from '../../plugin-contract.js';
import { compareValues, valuesEqual } from './compare.js';
import { operands, predicateArg } from './predicate-args.js';
import { ErrorCode } from '../../errors.js';

/** Code of a runtime error for predicate operands that cannot be used. */
export const PREDICATE_ARGS = ErrorCode.PREDICATE_ARGS;

/** A predicate over two operands: the scope and one argument, or two arguments. */
function comparing(test: (left: unknown, right: unknown) => boolean): Predicate {
  return (args, ctx) => {
    const pair = operands(args, ctx);
    return pair !== null && test(pair[0], pair[1]);
  };
}

/** The value tested by `even?` / `odd?`: the argument when given, else the scope. */
function subject(args: readonly string[], ctx: RenderContext): unknown {
  return args.length > 0 ? predicateArg(args[0], ctx) : ctx.node;
}

export const CORE_PREDICATES: PredicateTable = {
  'debug?': (_args, ctx) => isTruthy(ctx.resolve('debug')),
  'equal?': comparing(valuesEqual),
  'notEqual?': comparing((a, b) => !valuesEqual(a, b)),
  'greaterThan?': comparing((a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': comparing((a, b) => compareValues(a, b) >= 0),
  'lessThan?': comparing((a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': comparing((a, b) => compareValues(a, b) <= 0),
  // Only integers have a parity: 1.2 is neither even nor odd, -5 is odd.
  'even?': (args, ctx) => {
    const n = subject(args, ctx);
    return Number.isInteger(n) && (n as number) % 2 === 0;
  },
  'odd?': (args, ctx) => {
    const n = subject(args, ctx);
    return Number.isInteger(n) && (n as number) % 2 !== 0;
  },
  // `{.nth? 3}` tests the scope, `{.nth? @index 3}` the first argument.
  'nth?': (args, ctx) => {
    if (args.length === 0) return false;
    const n = args.length === 1 ? ctx.node : predicateArg(args[0], ctx);
    const m = predicateArg(args[args.length === 1 ? 0 : 1], ctx);
    // SPEC §5: the 'nth' predicate needs integer operands and a non-zero divisor.
    if (!Number.isInteger(n) || !Number.isInteger(m) || m === 0) {
      ctx.error(PREDICATE_ARGS, `nth? needs integer operands and a non-zero divisor, got ${show(n)} and ${show(m)}`);
      return false;
    }
    return (n as number) % (m as number) === 0;
  },
  'plural?': (_args, ctx) => asNumber(ctx.node) > 1,
  'singular?': (_args, ctx) => asNumber(ctx.node) === 1,
};

function show(v: unknown): string {
  return v === undefined ? 'nothing' : JSON.stringify(v);
}

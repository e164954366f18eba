/**
 * Evaluates compiled `.eval` expressions with JavaScript's operator semantics over
 * four value types (number, string, boolean, null). Variables are looked up only
 * when an operator consumes them, so an assignment target is never resolved.
 *
 * @example
 *   evaluateExpr(parseExpr('@a = 2; @a * 3'), scope); // '6', and scope.setVar('@a', 2)
 */
import {
  EXPR_FUNCTION_CALL,
  EXPR_INVALID_OPERATOR_ARGS,
  EXPR_STRING_TOO_LONG,
  EXPR_UNEXPECTED_VALUE,
  reduceErrorMessage,
} from '../syntax/expr/errors.js';
import { describeExpr, type ParsedExpr } from '../syntax/expr/index.js';
import { parseNumericString } from '../syntax/expr/literals.js';
import { OpType, type FunctionName } from '../syntax/expr/operators.js';
import { StepKind, type ArgsStep, type Literal, type Statement, type VariableStep } from '../syntax/expr/program.js';

export interface ExprScope {
  /** Variable lookup ('@foo', '@index', 'a', 1 ...) up the scope stack; undefined = missing. */
  resolve(path: readonly (string | number)[]): unknown;
  /** Assignment to '@name'. */
  setVar(name: string, value: unknown): void;
  /** A runtime error (invalid operator arguments, string too long, ...). */
  error(code: string, message: string): void;
}

/** What the evaluation stack holds: values, unresolved references, call marks, or holes. */
type Slot = Literal | VariableStep | ArgsStep | undefined;

export function toNumber(v: Literal): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return parseNumericString(v);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

export function toBoolean(v: Literal): boolean {
  return typeof v === 'boolean' ? v : v !== null && !!v;
}

export function toText(v: Literal): string {
  return v === null ? 'null' : String(v);
}

type BuiltIn = (args: readonly Literal[]) => Literal | undefined;

/** Picks the argument that wins every pairwise `wins(a, b)` match, as numbers. */
const pick = (wins: (a: number, b: number) => boolean): BuiltIn => (args) => {
  if (args.length === 0) return undefined;
  let best = toNumber(args[0]);
  for (let i = 1; i < args.length; i++) {
    const n = toNumber(args[i]);
    if (!wins(best, n)) best = n;
  }
  return best;
};

const FUNCTIONS: Readonly<Record<FunctionName, BuiltIn>> = {
  max: pick((a, b) => a > b),
  min: pick((a, b) => a < b),
  abs: (args) => (args.length > 0 ? Math.abs(toNumber(args[0])) : undefined),
  num: (args) => (args.length > 0 ? toNumber(args[0]) : undefined),
  str: (args) => (args.length > 0 ? toText(args[0]) : undefined),
  bool: (args) => (args.length > 0 ? toBoolean(args[0]) : undefined),
};

/** A slot's value: references are resolved; objects, lists and call marks have none. */
function valueOf(slot: Slot, scope: ExprScope): Literal | undefined {
  if (slot === null || typeof slot !== 'object') return slot;
  if (slot.kind !== StepKind.VARIABLE) return undefined;
  const v = scope.resolve(slot.path);
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return v;
    case 'undefined':
      return null;
    default:
      return v === null ? null : undefined;
  }
}

// JavaScript's own loose comparison rules ("1" == 1, 0 < "0x01", "a" < "b") are the spec here.
type Loose = number;
const loose = (v: Literal) => v as unknown as Loose;

/** Applies a binary operator; a string result over the limit is reported by the caller. */
function binary(type: OpType, a: Literal, b: Literal): Literal {
  switch (type) {
    case OpType.ADD:
      return typeof a === 'string' || typeof b === 'string' ? toText(a) + toText(b) : toNumber(a) + toNumber(b);
    case OpType.SUB:
      return toNumber(a) - toNumber(b);
    case OpType.MUL:
      return toNumber(a) * toNumber(b);
    case OpType.DIV:
      return toNumber(a) / toNumber(b);
    case OpType.MOD:
      return toNumber(a) % toNumber(b);
    case OpType.POW:
      return Math.pow(toNumber(a), toNumber(b));
    case OpType.SHL:
      return toNumber(a) << toNumber(b);
    case OpType.SHR:
      return toNumber(a) >> toNumber(b);
    case OpType.BAND:
      return toNumber(a) & toNumber(b);
    case OpType.BXOR:
      return toNumber(a) ^ toNumber(b);
    case OpType.BOR:
      return toNumber(a) | toNumber(b);
    case OpType.LT:
      return loose(a) < loose(b);
    case OpType.GT:
      return loose(a) > loose(b);
    case OpType.LTEQ:
      return loose(a) <= loose(b);
    case OpType.GTEQ:
      return loose(a) >= loose(b);
    case OpType.EQ:
      return loose(a) == loose(b);
    case OpType.NEQ:
      return loose(a) != loose(b);
    case OpType.SEQ:
      return a === b;
    case OpType.SNEQ:
      return a !== b;
    case OpType.LAND:
      return toBoolean(a) && toBoolean(b);
    case OpType.LOR:
      return toBoolean(a) || toBoolean(b);
    default:
      return null;
  }
}

function unary(type: OpType, v: Literal): Literal {
  switch (type) {
    case OpType.MINUS:
      return -toNumber(v);
    case OpType.PLUS:
      return toNumber(v);
    case OpType.LNOT:
      return !toBoolean(v);
    default:
      return ~toNumber(v);
  }
}

const isUnary = (t: OpType) => t === OpType.PLUS || t === OpType.MINUS || t === OpType.LNOT || t === OpType.BNOT;

/** How a value is emitted: null (and a missing variable) prints nothing. */
function emitted(v: Literal): string {
  return v === null ? '' : String(v);
}

// One scratch stack reused across evaluations; evaluation is synchronous, and a
// re-entrant call (none today) just allocates its own.
let spareStack: Slot[] | undefined = [];

function fail(expr: ParsedExpr, scope: ExprScope, code: string, reason: string): undefined {
  scope.error(code, reduceErrorMessage(expr.source, reason));
  return undefined;
}

/**
 * Runs one statement; its value, or undefined when it ends in an assignment,
 * leaves nothing usable, or fails (the failure is reported to the scope).
 */
function runStatement(steps: Statement, expr: ParsedExpr, scope: ExprScope, stack: Slot[]): Literal | undefined {
  stack.length = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    switch (step.kind) {
      case StepKind.LITERAL:
        stack.push(step.value);
        continue;
      case StepKind.VARIABLE:
      case StepKind.ARGS:
        stack.push(step);
        continue;
      case StepKind.CALL: {
        const args: Literal[] = [];
        // Arguments a function cannot use (objects, lists) are dropped, not errors.
        while (stack.length > 0) {
          const top = stack[stack.length - 1];
          if (top === undefined || (typeof top === 'object' && top !== null && top.kind === StepKind.ARGS)) break;
          const arg = valueOf(stack.pop(), scope);
          if (arg !== undefined) args.push(arg);
        }
        stack.pop();
        args.reverse();
        const result = FUNCTIONS[step.name](args);
        if (result === undefined) return fail(expr, scope, EXPR_FUNCTION_CALL, `Error calling function ${step.name}`);
        stack.push(result);
        continue;
      }
      case StepKind.OPERATOR:
        break;
    }
    const type = step.op.type;
    if (isUnary(type)) {
      // Unary operators rewrite the top in place; with nothing usable there they leave a hole.
      if (stack.length > 0) {
        const v = valueOf(stack[stack.length - 1], scope);
        stack[stack.length - 1] = v === undefined ? undefined : unary(type, v);
      }
      continue;
    }
    if (type === OpType.ASN) {
      const value = valueOf(stack.pop(), scope);
      const target = stack.pop();
      if (value !== undefined && typeof target === 'object' && target !== null && target.kind === StepKind.VARIABLE) {
        const name = target.path[0];
        // Only a plain @name can be assigned; other targets are silently ignored.
        if (target.path.length === 1 && typeof name === 'string' && name.length > 1 && name[0] === '@') {
          scope.setVar(name, value);
        }
      }
      // An assignment ends its statement and gives no value.
      return undefined;
    }
    const b = valueOf(stack.pop(), scope);
    const a = valueOf(stack.pop(), scope);
    if (a === undefined || b === undefined) {
      return fail(expr, scope, EXPR_INVALID_OPERATOR_ARGS, `Invalid arguments to operator ${step.op.desc}`);
    }
    const result = binary(type, a, b);
    if (typeof result === 'string' && expr.maxStringLength > 0 && result.length > expr.maxStringLength) {
      return fail(expr, scope, EXPR_STRING_TOO_LONG, `Concatenation would exceed maximum string length ${expr.maxStringLength}`);
    }
    stack.push(result);
  }

  if (stack.length === 0) return undefined;
  const top = stack[stack.length - 1];
  if (top === undefined) return undefined;
  const v = valueOf(top, scope);
  if (v === undefined) return fail(expr, scope, EXPR_UNEXPECTED_VALUE, 'Reduce error: unexpected token on stack');
  return v;
}

/**
 * Evaluate every statement of `expr` in order and return the text of the last
 * one's value (undefined = emit nothing). Errors go to `scope.error`; the caller
 * discards assignments and output when any were recorded. Never throws.
 */
export function evaluateExpr(expr: ParsedExpr, scope: ExprScope): string | undefined {
  const debugText = expr.debug ? describeExpr(expr) : undefined;
  if (expr.errors.length > 0) return debugText;

  const stack = spareStack ?? [];
  spareStack = undefined;
  let result: Literal | undefined;
  try {
    for (const statement of expr.statements) result = runStatement(statement, expr, scope, stack);
  } catch (e) {
    // Only a throwing scope callback can get here; report it like any expression error.
    scope.error(EXPR_UNEXPECTED_VALUE, reduceErrorMessage(expr.source, e instanceof Error ? e.message : String(e)));
    result = undefined;
  } finally {
    stack.length = 0;
    spareStack = stack;
  }

  const text = result === undefined ? undefined : emitted(result);
  if (debugText === undefined) return text;
  return text === undefined ? debugText : `${debugText} -> ${text}`;
}

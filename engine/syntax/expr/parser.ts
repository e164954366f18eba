/**
 * Shunting yard: orders the lexed steps of each `;`-separated statement into
 * reverse Polish form. Commas only flush operators, so `1, 2, 3` leaves three
 * values on the stack (the last one is the result) and `max(1, 2)` gets two
 * arguments after its ARGS mark.
 */
import { EXPR_MISMATCHED_PARENTHESIS } from './errors.js';
import type { LexError } from './lexer.js';
import { OpType } from './operators.js';
import { ARGS_STEP, StepKind, type Statement, type Step } from './program.js';

export interface AssembleResult {
  readonly statements: readonly Statement[];
  readonly error?: LexError;
}

const isOpenParen = (s: Step) => s.kind === StepKind.OPERATOR && s.op.type === OpType.LPRN;

const mismatched = (desc: string, offset: number): LexError => ({
  code: EXPR_MISMATCHED_PARENTHESIS,
  reason: `Mismatched operator found: ${desc}`,
  offset,
});

/** Flush the operator stack into `out`; false on a stray `(`. */
function flushAll(ops: Step[], out: Step[]): boolean {
  while (ops.length > 0) {
    const top = ops.pop()!;
    if (isOpenParen(top)) return false;
    out.push(top);
  }
  return true;
}

/** Flush operators into `out` down to the nearest `(`. */
function flushToParen(ops: Step[], out: Step[]): void {
  while (ops.length > 0 && !isOpenParen(ops[ops.length - 1])) out.push(ops.pop()!);
}

/** A value (literal or variable) or an operator that is not structural: the pieces of the short shapes. */
const isValue = (s: Step): boolean => s.kind === StepKind.LITERAL || s.kind === StepKind.VARIABLE;
const isPlainOperator = (s: Step): boolean =>
  s.kind === StepKind.OPERATOR && s.op.type !== OpType.SEMI && s.op.type !== OpType.COMMA && s.op.type !== OpType.LPRN && s.op.type !== OpType.RPRN;

/**
 * The shapes most expressions have, ordered without the operator stack: `a`, `op a`
 * and `a op b` (what the shunting yard makes of them: [a], [a op], [a b op]). Null
 * for anything else. parser.test.ts holds it to assembleAll.
 */
function assembleShort(steps: readonly Step[], count: number): AssembleResult | null {
  let statement: Step[];
  if (count === 1 && isValue(steps[0])) statement = [steps[0]];
  else if (count === 2 && isPlainOperator(steps[0]) && isValue(steps[1])) statement = [steps[1], steps[0]];
  else if (count === 3 && isValue(steps[0]) && isPlainOperator(steps[1]) && isValue(steps[2])) statement = [steps[0], steps[2], steps[1]];
  else return null;
  return { statements: [statement] };
}

/**
 * Statements of the first `count` steps in reverse Polish order (see assembleAll);
 * the short shapes without the operator stack.
 */
export function assemble(steps: readonly Step[], endOffset: number, offsets: readonly number[], count = steps.length): AssembleResult {
  return assembleShort(steps, count) ?? assembleAll(steps, endOffset, offsets, count);
}

/**
 * Assemble statements from steps in source order. `offsets[i]` is the source
 * offset of step i, for errors; an unclosed `(` is reported at the end. Plain
 * functions over the lists rather than closures: every `.eval` of every compile comes here.
 */
export function assembleAll(steps: readonly Step[], endOffset: number, offsets: readonly number[], count = steps.length): AssembleResult {
  const statements: Statement[] = [];
  const ops: Step[] = [];
  let out: Step[] = [];

  for (let i = 0; i < count; i++) {
    const step = steps[i];
    if (step.kind === StepKind.CALL) {
      out.push(ARGS_STEP);
      ops.push(step);
      continue;
    }
    if (step.kind !== StepKind.OPERATOR) {
      out.push(step);
      continue;
    }
    const op = step.op;
    switch (op.type) {
      case OpType.SEMI:
        if (!flushAll(ops, out)) return { statements, error: mismatched('left paren', offsets[i]) };
        if (out.length > 0) {
          statements.push(out);
          out = [];
        }
        break;
      case OpType.LPRN:
        ops.push(step);
        break;
      case OpType.COMMA:
        flushToParen(ops, out);
        break;
      case OpType.RPRN: {
        flushToParen(ops, out);
        if (ops.length === 0) return { statements, error: mismatched(op.desc, offsets[i]) };
        ops.pop();
        if (ops.length > 0 && ops[ops.length - 1].kind === StepKind.CALL) out.push(ops.pop()!);
        break;
      }
      default: {
        // Pop what binds at least as tightly (strictly tighter for right-associative
        // operators); calls and `(` stay, they wait for their `)`.
        while (ops.length > 0) {
          const top = ops[ops.length - 1];
          if (top.kind !== StepKind.OPERATOR || top.op.type === OpType.LPRN) break;
          if (top.op.prec < op.prec || (top.op.prec === op.prec && top.op.rightAssoc)) break;
          out.push(ops.pop()!);
        }
        ops.push(step);
      }
    }
  }
  if (!flushAll(ops, out)) return { statements, error: mismatched('left paren', endOffset) };
  if (out.length > 0) statements.push(out);
  return { statements };
}

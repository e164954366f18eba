/**
 * The compiled form of an expression: each `;`-separated statement becomes a
 * frozen list of steps in reverse Polish order, ready for a stack evaluator.
 */
import { OPERATORS, type FunctionName, type Operator, type OpType } from './operators.js';

/** The values the language computes with. `null` also stands for a missing variable. */
export type Literal = number | string | boolean | null;

export const StepKind = {
  /** Push a literal. */
  LITERAL: 0,
  /** Push a variable reference, resolved when an operator consumes it. */
  VARIABLE: 1,
  /** Mark where a function's arguments start. */
  ARGS: 2,
  /** Call a built-in with everything pushed since its ARGS mark. */
  CALL: 3,
  /** Apply an operator to the top of the stack. */
  OPERATOR: 4,
} as const;

export interface LiteralStep {
  readonly kind: typeof StepKind.LITERAL;
  readonly value: Literal;
}

export interface VariableStep {
  readonly kind: typeof StepKind.VARIABLE;
  /** Split reference: `a.b.0` is ['a', 'b', 0]. */
  readonly path: readonly (string | number)[];
  /** The reference as written, for debug output. */
  readonly text: string;
}

export interface ArgsStep {
  readonly kind: typeof StepKind.ARGS;
}

export interface CallStep {
  readonly kind: typeof StepKind.CALL;
  readonly name: FunctionName;
}

export interface OperatorStep {
  readonly kind: typeof StepKind.OPERATOR;
  readonly op: Operator;
}

export type Step = LiteralStep | VariableStep | ArgsStep | CallStep | OperatorStep;

/** One statement of the expression, in evaluation order. */
export type Statement = readonly Step[];

/*
 * A compiled expression is never changed after compile: the types say so
 * (readonly), and the evaluator only reads it (index.test.ts checks a program is the
 * same after it ran). Steps made per compile are plain objects; the steps shared by
 * every expression (ARGS_STEP, operators, small numbers, constants) are frozen once.
 */
export const ARGS_STEP: ArgsStep = Object.freeze({ kind: StepKind.ARGS });

export const lit = (value: Literal): LiteralStep => ({ kind: StepKind.LITERAL, value });

/** A literal step shared by every expression, frozen once. */
export const sharedLit = (value: Literal): LiteralStep => Object.freeze(lit(value));

/** One frozen step per operator, shared by every expression (a step is never changed). */
const OP_STEPS: OperatorStep[] = Object.values(OPERATORS)
  .sort((a, b) => a.type - b.type)
  .map((op) => Object.freeze({ kind: StepKind.OPERATOR, op }));

export const opStep = (type: OpType): OperatorStep => OP_STEPS[type];

/** How a step reads in debug output (`{.eval #1 + a}` shows `[1 a <add>]`). */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case StepKind.LITERAL:
      return typeof step.value === 'string' ? JSON.stringify(step.value) : String(step.value);
    case StepKind.VARIABLE:
      return step.text;
    case StepKind.ARGS:
      return '<args>';
    case StepKind.CALL:
      return `${step.name}()`;
    case StepKind.OPERATOR:
      return `<${step.op.desc}>`;
  }
}

/**
 * The `.eval` expression language: `parseExpr` compiles an expression once (at
 * template compile time); `evaluateExpr` (engine/exec/expr.ts) runs it per render.
 *
 * @example
 *   const expr = parseExpr('@w = 600; @w * 0.6');
 *   expr.errors; // []
 */
import { EXPR_UNEXPECTED_CHAR, parseErrorMessage } from './errors.js';
import { lexCommonInto } from './fast-lex.js';
import { lexFull, type LexError } from './lexer.js';
import { assemble } from './parser.js';
import { describeStep, type Statement, type Step } from './program.js';

export interface ExprLimits {
  /** SPEC §5: most tokens an expression may have; 0 or absent = no limit. */
  maxTokens?: number;
  /** SPEC §5: longest string `+` may build; 0 or absent = no limit. */
  maxStringLength?: number;
}

export interface ExprError {
  code: string;
  message: string;
  /** Offset into the expression source. */
  offset: number;
}

export interface ParsedExpr {
  readonly errors: readonly ExprError[];
  /** The expression as written (without a leading debug `#`). */
  readonly source: string;
  /** Statements in reverse Polish order; empty when there are errors. */
  readonly statements: readonly Statement[];
  /** 0 = unlimited. */
  readonly maxStringLength: number;
  /** A leading `#` asks for the compiled form to be printed before the result. */
  readonly debug: boolean;
}

const NO_ERRORS: readonly ExprError[] = Object.freeze([]);
/** Where parseExpr lexes common expressions: steps are copied into statements, so these lists are only scratch. */
const SCRATCH_STEPS: Step[] = [];
const SCRATCH_OFFSETS: number[] = [];
const NO_STATEMENTS: readonly Statement[] = Object.freeze([]);

/** Compile an expression; problems come back in `errors`, never as exceptions. */
export function parseExpr(code: string, limits: ExprLimits = {}): ParsedExpr {
  const debug = code.charCodeAt(0) === 35; /* # */
  const source = debug ? code.slice(1) : code;
  const maxStringLength = positive(limits.maxStringLength);
  try {
    const maxTokens = positive(limits.maxTokens);
    // Common expressions are lexed into the scratch lists (they never leave this call), the rest the full way.
    const count = lexCommonInto(source, maxTokens, SCRATCH_STEPS, SCRATCH_OFFSETS);
    let assembled;
    if (count !== -1) {
      assembled = assemble(SCRATCH_STEPS, source.length, SCRATCH_OFFSETS, count);
    } else {
      const lexed = lexFull(source, maxTokens);
      if (lexed.error) return failed(lexed.error, source, maxStringLength, debug);
      assembled = assemble(lexed.steps, source.length, lexed.offsets);
    }
    if (assembled.error) return failed(assembled.error, source, maxStringLength, debug);
    return { errors: NO_ERRORS, source, statements: assembled.statements, maxStringLength, debug };
  } catch (e) {
    const reason = `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
    return failed({ code: EXPR_UNEXPECTED_CHAR, reason, offset: 0 }, source, maxStringLength, debug);
  }
}

/** The result of an expression that does not compile (a function of its own: no closure per parse). */
function failed(error: LexError, source: string, maxStringLength: number, debug: boolean): ParsedExpr {
  const offset = error.offset + (debug ? 1 : 0);
  return {
    errors: [{ code: error.code, message: parseErrorMessage(source, error.reason), offset }],
    source,
    statements: NO_STATEMENTS,
    maxStringLength,
    debug,
  };
}

/** The compiled form as debug text: `EVAL=[[1 2 <add>], [@a 3 <assign>]]`. */
export function describeExpr(expr: ParsedExpr): string {
  return `EVAL=[${expr.statements.map((s) => `[${s.map(describeStep).join(' ')}]`).join(', ')}]`;
}

function positive(n: number | undefined): number {
  return n !== undefined && n > 0 ? Math.floor(n) : 0;
}

export type { Statement } from './program.js';
export * from './errors.js';

/**
 * The common expression straight to steps: one character pass that gives each
 * token its meaning as it reads it, with no token objects, images or per-token
 * results in between (in the corpus most `.eval`s are numbers, plain strings,
 * names and operators). Anything less common is declined with null and lexExpr
 * reads the whole expression as before (scan.ts or the Chevrotain lexer of record,
 * then stepOf): hex numbers, decimals with an exponent or a second point, strings
 * with an escape or a line break, calls to non-functions, characters outside the
 * token set, too many tokens. So every error still comes from the reader of record;
 * fast-lex.test.ts holds the two to the same steps and offsets.
 */
import { readPath, scan } from '../chars.js';
import { CONSTANTS, OpType, isFunctionName } from './operators.js';
import { lit, opStep, sharedLit, StepKind, type LiteralStep, type OperatorStep, type Step } from './program.js';
import { OPERATOR_OF_TOKEN, OPERATOR_TOKEN_OF_SPELLING } from './tokens.js';

/** Operator spellings by first character (ASCII), longest first as the token order has them. */
const OPERATORS_BY_FIRST: ([string, OperatorStep][] | null)[] = new Array<[string, OperatorStep][] | null>(128).fill(null);
for (const [spelling, token] of OPERATOR_TOKEN_OF_SPELLING) {
  const c = spelling.charCodeAt(0);
  (OPERATORS_BY_FIRST[c] ??= []).push([spelling, opStep(OPERATOR_OF_TOKEN.get(token)!)]);
}

/** Literal steps of the constants and of small whole numbers, made once (steps are frozen and shared). */
const CONSTANT_STEPS = new Map<string, LiteralStep>([...CONSTANTS].map(([name, value]) => [name, sharedLit(value)]));
const SMALL_INTS: LiteralStep[] = Array.from({ length: 256 }, (_, i) => sharedLit(i));

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** WhiteSpace: `[ \t\n\r\u00a0]`. */
const isSkipped = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

export interface FastLexResult {
  readonly steps: Step[];
  readonly offsets: number[];
}

/** Steps and offsets of a common expression, or null when lexExpr must read it the full way. */
export function lexCommon(code: string, maxTokens: number): FastLexResult | null {
  const steps: Step[] = [];
  const offsets: number[] = [];
  return lexCommonInto(code, maxTokens, steps, offsets) === -1 ? null : { steps, offsets };
}

/**
 * lexCommon into `steps` and `offsets` from index 0: the number of steps, or -1 when
 * declined. Entries past that number are left as they were, so parseExpr can lex
 * into the same two scratch lists every time instead of growing two new ones.
 */
export function lexCommonInto(code: string, maxTokens: number, steps: Step[], offsets: number[]): number {
  let count = 0;
  const n = code.length;
  let at = 0;
  while (at < n) {
    const c = code.charCodeAt(at);
    if (isSkipped(c)) {
      at++;
      continue;
    }
    let step: Step;
    let end: number;
    if (isDigit(c)) {
      if (c === 48 && (code.charCodeAt(at + 1) | 32) === 120) return -1; // hex
      end = at + 1;
      let value = c - 48;
      while (isDigit(code.charCodeAt(end))) value = value * 10 + code.charCodeAt(end++) - 48;
      let next = code.charCodeAt(end);
      if (next === 46 /* . */) {
        end++;
        while (isDigit(code.charCodeAt(end))) end++;
        next = code.charCodeAt(end);
        if (next === 46) return -1; // a second point: an error of record
        step = lit(parseFloat(code.substring(at, end)));
      } else {
        // Whole numbers beyond 2^53 round: parseFloat of the digits, as the full way does.
        step = value < 256 ? SMALL_INTS[value] : lit(value <= Number.MAX_SAFE_INTEGER ? value : parseFloat(code.substring(at, end)));
      }
      if ((next | 32) === 101 /* e, E */) return -1;
    } else if (c === 39 || c === 34) {
      end = at + 1;
      for (let q = code.charCodeAt(end); q !== c; q = code.charCodeAt(++end)) {
        if (q === 92 || q === 10 || q === 13 || end >= n) return -1; // an escape, a line break, no closing quote
      }
      step = lit(code.substring(at + 1, end));
      end++;
    } else {
      const operators = c < 128 ? OPERATORS_BY_FIRST[c] : null;
      if (operators !== null) {
        let found: OperatorStep | null = null;
        end = at;
        for (let i = 0; i < operators.length; i++) {
          if (code.startsWith(operators[i][0], at)) {
            found = operators[i][1];
            end = at + operators[i][0].length;
            break;
          }
        }
        if (found === null) return -1;
        step = found;
        const type = found.op.type;
        const prev = count > 0 ? steps[count - 1] : undefined;
        if (type === OpType.ADD || type === OpType.SUB) {
          // `+`/`-` are unary at the start and after any operator except `)`.
          if (prev === undefined || (prev.kind === StepKind.OPERATOR && prev.op.type !== OpType.RPRN)) {
            step = opStep(type === OpType.ADD ? OpType.PLUS : OpType.MINUS);
          }
        } else if (type === OpType.LPRN && prev !== undefined && prev.kind === StepKind.VARIABLE && prev.path.length === 1) {
          // A single name right before `(` is a call; calling anything else is an error of record.
          const name = String(prev.path[0]);
          if (!isFunctionName(name)) return -1;
          steps[count - 1] = { kind: StepKind.CALL, name };
        }
      } else {
        // A reference, read as its path in the same pass (it cannot start with a digit: those read as a number above).
        const path = readPath(code, at);
        if (path === null) return -1;
        end = scan.end;
        const one = path.length === 1 ? path[0] : undefined;
        const text = typeof one === 'string' ? one : code.substring(at, end);
        // Constants are single plain words (`true`, `PI`): only those are looked up.
        const constant = one !== undefined && c !== 64 /* @ */ && c !== 36 /* $ */ ? CONSTANT_STEPS.get(text) : undefined;
        step = constant ?? { kind: StepKind.VARIABLE, path, text };
      }
    }
    steps[count] = step;
    offsets[count] = at;
    count++;
    if (maxTokens > 0 && count > maxTokens) return -1;
    at = end;
  }
  return count;
}

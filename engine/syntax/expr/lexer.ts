/**
 * Turns expression source into steps (literals, references, calls, operators) in
 * source order. Common expressions go straight to steps in one pass (fast-lex.ts).
 * The rest take the full way: the fast scanner (scan.ts) or, when it declines,
 * Chevrotain does the matching, and this module gives tokens their meaning: literal
 * values, constants, unary `+`/`-`, function names, limits and every error.
 */
import { Lexer, type ILexingError } from 'chevrotain';
import { splitPath } from '../path.js';
import {
  EXPR_BAD_ESCAPE,
  EXPR_DUPLICATE_DECIMAL_POINT,
  EXPR_INVALID_FUNCTION,
  EXPR_INVALID_NUMBER,
  EXPR_TOO_MANY_TOKENS,
  EXPR_UNEXPECTED_CHAR,
  EXPR_UNTERMINATED_STRING,
  describeChar,
} from './errors.js';
import {
  DECIMAL_DUPLICATE_POINT,
  DECIMAL_NO_EXPONENT_DIGIT,
  decodeStringBody,
  scanDecimal,
} from './literals.js';
import { CONSTANTS, OpType, isFunctionName } from './operators.js';
import { lexCommon } from './fast-lex.js';
import { lit, opStep, StepKind, type Step } from './program.js';
import { scanExpr, type ScannedToken } from './scan.js';
import {
  ALL_TOKENS,
  DecimalNumber,
  HexNumber,
  OPERATOR_OF_TOKEN,
  OpenString,
  Reference,
  StringLiteral,
} from './tokens.js';

/** A lexing problem, before it is given its full message. */
export interface LexError {
  readonly code: string;
  readonly reason: string;
  readonly offset: number;
}

export interface LexResult {
  /** Steps in source order; structural operators (parens, `,`, `;`) included. */
  readonly steps: readonly Step[];
  /** Source offset of each step. */
  readonly offsets: readonly number[];
  /** The first error; the reference stops reading at the first one. */
  readonly error?: LexError;
}

const NO_LEX_ERRORS: readonly ILexingError[] = [];

// One lexer per isolate: Chevrotain analyses the token set once, here.
const lexer = new Lexer([...ALL_TOKENS], { positionTracking: 'onlyOffset' });

/** Tokens and errors by the Chevrotain lexer of record alone (scan.test.ts compares the fast scanner to it). */
export function tokenizeOfRecord(code: string): { tokens: ScannedToken[]; errors: readonly ILexingError[] } {
  return lexer.tokenize(code);
}


/** The meaning of one token, or why it has none. */
function stepOf(token: ScannedToken, code: string): Step | LexError {
  const type = token.tokenType;
  const text = token.image;
  const at = token.startOffset;
  if (type === HexNumber) {
    if (text.length === 2) return { code: EXPR_INVALID_NUMBER, reason: 'Expected digits after start of hex number', offset: at };
    return lit(parseInt(text.slice(2), 16));
  }
  if (type === DecimalNumber) {
    const end = scanDecimal(text, 0, text.length);
    if (end === DECIMAL_DUPLICATE_POINT) {
      return { code: EXPR_DUPLICATE_DECIMAL_POINT, reason: 'Duplicate decimal point in number', offset: at };
    }
    if (end === DECIMAL_NO_EXPONENT_DIGIT) {
      return { code: EXPR_INVALID_NUMBER, reason: 'Expected a digit after exponent in decimal number', offset: at };
    }
    if (end < 0) return { code: EXPR_INVALID_NUMBER, reason: 'Unexpected decimal point in exponent', offset: at };
    return lit(parseFloat(text));
  }
  if (type === StringLiteral || type === OpenString) {
    const closed = type === StringLiteral;
    const decoded = decodeStringBody(text, 1, closed ? text.length - 1 : text.length);
    if (decoded.error !== undefined) {
      return { code: EXPR_BAD_ESCAPE, reason: decoded.error, offset: at + (decoded.errorAt ?? 0) };
    }
    if (closed) return lit(decoded.value ?? '');
    const stop = code[at + text.length];
    if (stop === '\n' || stop === '\r') {
      return {
        code: EXPR_UNTERMINATED_STRING,
        reason: `Illegal bare ${describeChar(stop)} character in string literal`,
        offset: at + text.length,
      };
    }
    return { code: EXPR_UNTERMINATED_STRING, reason: 'Unterminated string', offset: at };
  }
  if (type === Reference) {
    const path = splitPath(text);
    if (path.length === 1 && typeof path[0] === 'string') {
      const constant = CONSTANTS.get(path[0]);
      if (constant !== undefined) return lit(constant);
    }
    return { kind: StepKind.VARIABLE, path, text };
  }
  const opType = OPERATOR_OF_TOKEN.get(type);
  // Unreachable with the token set above; kept so a new token cannot slip through silently.
  if (opType === undefined) return { code: EXPR_UNEXPECTED_CHAR, reason: `Unexpected token ${text}`, offset: at };
  return opStep(opType);
}

const isError = (x: Step | LexError): x is LexError => 'reason' in x;

/** `+`/`-` are unary at the start and after any operator except `)`. */
function unaryPosition(prev: Step | undefined): boolean {
  return prev === undefined || (prev.kind === StepKind.OPERATOR && prev.op.type !== OpType.RPRN);
}

/** Lex `code`; with `maxTokens` > 0, more tokens than that is an error. */
export function lexExpr(code: string, maxTokens = 0): LexResult {
  // Common expressions go straight to steps (fast-lex.ts); the rest, and every error, the full way.
  return lexCommon(code, maxTokens) ?? lexFull(code, maxTokens);
}

/** lexExpr without the common-expression pass: tokens, then their meaning (fast-lex.test.ts compares the two). */
export function lexFull(code: string, maxTokens = 0): LexResult {
  // The fast scanner reads the common token set; otherwise Chevrotain, the lexer of record, reads it and finds the error.
  const scanned = scanExpr(code);
  const { tokens, errors } = scanned !== null ? { tokens: scanned, errors: NO_LEX_ERRORS } : tokenizeOfRecord(code);
  const badAt = errors.length > 0 ? errors[0].offset : Infinity;
  const steps: Step[] = [];
  const offsets: number[] = [];
  const fail = (error: LexError): LexResult => ({ steps, offsets, error });

  for (const token of tokens) {
    if (token.startOffset > badAt) break;
    let step = stepOf(token, code);
    if (isError(step)) return fail(step);

    const prev = steps.length > 0 ? steps[steps.length - 1] : undefined;
    if (step.kind === StepKind.OPERATOR) {
      const type = step.op.type;
      if ((type === OpType.ADD || type === OpType.SUB) && unaryPosition(prev)) {
        step = opStep(type === OpType.ADD ? OpType.PLUS : OpType.MINUS);
      } else if (type === OpType.LPRN && prev?.kind === StepKind.VARIABLE && prev.path.length === 1) {
        // A single name right before `(` is a call, and only built-ins can be called.
        const name = String(prev.path[0]);
        if (!isFunctionName(name)) {
          return fail({ code: EXPR_INVALID_FUNCTION, reason: `Invalid function ${name}`, offset: offsets[offsets.length - 1] });
        }
        steps[steps.length - 1] = { kind: StepKind.CALL, name };
      }
    }
    steps.push(step);
    offsets.push(token.startOffset);
    if (maxTokens > 0 && steps.length > maxTokens) {
      return fail({
        code: EXPR_TOO_MANY_TOKENS,
        reason: `Expression exceeds the maximum number of allowed tokens: ${maxTokens}`,
        offset: token.startOffset,
      });
    }
  }

  if (errors.length > 0) {
    const c = code[badAt];
    return fail({
      code: EXPR_UNEXPECTED_CHAR,
      reason: `Unexpected ${describeChar(c)} at ${badAt}: ${JSON.stringify(c)}`,
      offset: badAt,
    });
  }
  return { steps, offsets };
}

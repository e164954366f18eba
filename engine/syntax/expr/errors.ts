/**
 * Error codes of the `.eval` expression language (SPEC §8, "expression errors").
 * Parse errors come back from `parseExpr` with an offset into the expression;
 * evaluation errors go to the executor through `ExprScope.error`.
 */

import { ErrorCode } from '../../errors.js';

// The codes live with every other code in engine/errors.ts; these names keep the expression modules short.
export const EXPR_INVALID_FUNCTION = ErrorCode.EXPR_INVALID_FUNCTION;
export const EXPR_UNTERMINATED_STRING = ErrorCode.EXPR_UNTERMINATED_STRING;
export const EXPR_BAD_ESCAPE = ErrorCode.EXPR_BAD_ESCAPE;
export const EXPR_DUPLICATE_DECIMAL_POINT = ErrorCode.EXPR_DUPLICATE_DECIMAL_POINT;
export const EXPR_MISMATCHED_PARENTHESIS = ErrorCode.EXPR_MISMATCHED_PARENTHESIS;
export const EXPR_INVALID_OPERATOR_ARGS = ErrorCode.EXPR_INVALID_OPERATOR_ARGS;
export const EXPR_TOO_MANY_TOKENS = ErrorCode.EXPR_TOO_MANY_TOKENS;
export const EXPR_STRING_TOO_LONG = ErrorCode.EXPR_STRING_TOO_LONG;
export const EXPR_UNEXPECTED_CHAR = ErrorCode.EXPR_UNEXPECTED_CHAR;
export const EXPR_INVALID_NUMBER = ErrorCode.EXPR_INVALID_NUMBER;
export const EXPR_FUNCTION_CALL = ErrorCode.EXPR_FUNCTION_CALL;
export const EXPR_UNEXPECTED_VALUE = ErrorCode.EXPR_UNEXPECTED_VALUE;

/** Full message of a parse error, in the reference's wording: `Error parsing expression: "1 +": ...`. */
export function parseErrorMessage(code: string, reason: string): string {
  return `Error parsing expression: ${JSON.stringify(code)}: ${reason}`;
}

/** Full message of an evaluation error: `Error reducing expression: 1 + x: ...`. */
export function reduceErrorMessage(code: string, reason: string): string {
  return `Error reducing expression: ${code}: ${reason}`;
}

const CHAR_NAMES: Readonly<Record<string, string>> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};

/** How messages name a character: control characters are described, not printed. */
export function describeChar(c: string): string {
  return CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');
}

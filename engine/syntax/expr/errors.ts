/**
 * Error codes of the `.eval` expression language (SPEC §8, "expression errors").
 * Parse errors come back from `parseExpr` with an offset into the expression;
 * evaluation errors go to the executor through `ExprScope.error`.
 */

// SPEC §8: the eight expression error kinds of the catalogue.
export const EXPR_INVALID_FUNCTION = 'EXPR_INVALID_FUNCTION';
export const EXPR_UNTERMINATED_STRING = 'EXPR_UNTERMINATED_STRING';
export const EXPR_BAD_ESCAPE = 'EXPR_BAD_ESCAPE';
export const EXPR_DUPLICATE_DECIMAL_POINT = 'EXPR_DUPLICATE_DECIMAL_POINT';
export const EXPR_MISMATCHED_PARENTHESIS = 'EXPR_MISMATCHED_PARENTHESIS';
export const EXPR_INVALID_OPERATOR_ARGS = 'EXPR_INVALID_OPERATOR_ARGS';
export const EXPR_TOO_MANY_TOKENS = 'EXPR_TOO_MANY_TOKENS';
export const EXPR_STRING_TOO_LONG = 'EXPR_STRING_TOO_LONG';

// The reference reports these too; they are finer cases of a malformed expression.
/** A character no token starts with, or a bare line break inside a string. */
export const EXPR_UNEXPECTED_CHAR = 'EXPR_UNEXPECTED_CHAR';
/** `0x` without digits, `1e` without exponent digits, a decimal point in the exponent. */
export const EXPR_INVALID_NUMBER = 'EXPR_INVALID_NUMBER';
/** A built-in function that got no usable arguments, e.g. `max()`. */
export const EXPR_FUNCTION_CALL = 'EXPR_FUNCTION_CALL';
/** The result is a value the language has no literal for (an object or a list). */
export const EXPR_UNEXPECTED_VALUE = 'EXPR_UNEXPECTED_VALUE';

export type ExprErrorCode =
  | typeof EXPR_INVALID_FUNCTION
  | typeof EXPR_UNTERMINATED_STRING
  | typeof EXPR_BAD_ESCAPE
  | typeof EXPR_DUPLICATE_DECIMAL_POINT
  | typeof EXPR_MISMATCHED_PARENTHESIS
  | typeof EXPR_INVALID_OPERATOR_ARGS
  | typeof EXPR_TOO_MANY_TOKENS
  | typeof EXPR_STRING_TOO_LONG
  | typeof EXPR_UNEXPECTED_CHAR
  | typeof EXPR_INVALID_NUMBER
  | typeof EXPR_FUNCTION_CALL
  | typeof EXPR_UNEXPECTED_VALUE;

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

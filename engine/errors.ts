/**
 * Template errors are values, never exceptions: `{ code, message, line, column }`.
 * Codes are grouped by the phase that finds them (SPEC §8 "Template errors").
 */

export interface TemplateError {
  readonly code: string;
  readonly message: string;
  /** 1-based line of the offending instruction. */
  readonly line: number;
  /** 1-based column of the offending instruction. */
  readonly column: number;
}

export const ErrorCode = {
  // syntax (parser)
  FORMATTER_UNKNOWN: 'FORMATTER_UNKNOWN',
  PREDICATE_UNKNOWN: 'PREDICATE_UNKNOWN',
  // structure (assembler)
  DEAD_CODE_BLOCK: 'DEAD_CODE_BLOCK',
  EOF_IN_BLOCK: 'EOF_IN_BLOCK',
  NOT_ALLOWED_IN_BLOCK: 'NOT_ALLOWED_IN_BLOCK',
  NOT_ALLOWED_AT_ROOT: 'NOT_ALLOWED_AT_ROOT',
  UNCLOSED_BLOCK: 'UNCLOSED_BLOCK',
  NESTING_TOO_DEEP: 'NESTING_TOO_DEEP',
  // execution
  PARTIAL_MISSING: 'PARTIAL_MISSING',
  PARTIAL_PARSE_FAIL: 'PARTIAL_PARSE_FAIL',
  PARTIAL_RECURSION_DEPTH: 'PARTIAL_RECURSION_DEPTH',
  UNEXPECTED_ERROR: 'UNEXPECTED_ERROR',
  // resource limits (render options `limits`)
  STEP_BUDGET_EXCEEDED: 'STEP_BUDGET_EXCEEDED',
  OUTPUT_TOO_LARGE: 'OUTPUT_TOO_LARGE',
  TOO_MANY_ERRORS: 'TOO_MANY_ERRORS',
  // plugins (a formatter or predicate reports bad input and the render goes on)
  FORMATTER: 'FORMATTER',
  FORMATTER_ARGS: 'FORMATTER_ARGS',
  PREDICATE_ARGS: 'PREDICATE_ARGS',
  // `.eval` expressions (SPEC §8 expression errors; the last four are finer cases the reference reports)
  EXPR_INVALID_FUNCTION: 'EXPR_INVALID_FUNCTION',
  EXPR_UNTERMINATED_STRING: 'EXPR_UNTERMINATED_STRING',
  EXPR_BAD_ESCAPE: 'EXPR_BAD_ESCAPE',
  EXPR_DUPLICATE_DECIMAL_POINT: 'EXPR_DUPLICATE_DECIMAL_POINT',
  EXPR_MISMATCHED_PARENTHESIS: 'EXPR_MISMATCHED_PARENTHESIS',
  EXPR_INVALID_OPERATOR_ARGS: 'EXPR_INVALID_OPERATOR_ARGS',
  EXPR_TOO_MANY_TOKENS: 'EXPR_TOO_MANY_TOKENS',
  EXPR_STRING_TOO_LONG: 'EXPR_STRING_TOO_LONG',
  EXPR_UNEXPECTED_CHAR: 'EXPR_UNEXPECTED_CHAR',
  EXPR_INVALID_NUMBER: 'EXPR_INVALID_NUMBER',
  EXPR_FUNCTION_CALL: 'EXPR_FUNCTION_CALL',
  EXPR_UNEXPECTED_VALUE: 'EXPR_UNEXPECTED_VALUE',
} as const;

/** Line starts of a source, computed once, for many offset-to-position look-ups. */
export function lineIndex(source: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

export const messages = {
  formatterUnknown: (name: string) => `Formatter '${name}' is unknown`,
  predicateUnknown: (name: string) => `Predicate '${name}' is unknown`,
  deadCode: (inst: string) => `This ${inst} block will never execute.`,
  eofInBlock: (inst: string) => `Reached EOF in the middle of ${inst}`,
  notAllowedInBlock: (inst: string, parent: string) => `${inst} instruction is not allowed inside ${parent} block.`,
  notAllowedAtRoot: (inst: string) => `Instruction ${inst} not allowed at root`,
  unclosed: (inst: string) => `Unclosed ${inst}: it needs a matching {.end}.`,
  nestingTooDeep: (limit: number) => `Blocks nest deeper than ${limit} levels; this one is ignored.`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParseFail: (name: string, msg: string) => `Parse of partial "${name}" failed: ${msg}`,
  partialRecursion: (name: string, limit: number) =>
    `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`,
  unexpected: (where: string, message: string) => `Unexpected error when executing ${where}: ${message}`,
  stepBudget: (limit: number) => `The render exceeded its budget of ${limit} steps and was stopped here.`,
  outputTooLarge: (limit: number) => `The output exceeded ${limit} characters and the render was stopped here.`,
  tooManyErrors: (limit: number) => `More than ${limit} errors; the rest are not reported.`,
};

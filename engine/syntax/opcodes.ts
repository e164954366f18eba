/** Numeric opcodes of the dialect's JSON instruction tree (conformance "ast" fixtures). */
export const Op = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  ALTERNATES_WITH: 19,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;

const NAMES: Record<number, string> = {};
for (const [name, code] of Object.entries(Op)) NAMES[code] = name;

export function opName(op: number): string {
  return NAMES[op] ?? `OP_${op}`;
}

export type Path = (string | number)[];
/** Arguments as written: the split list and the delimiter the author chose. */
export type Args = [string[], string];
export type FormatterCall = [string] | [string, Args];

export type TextCode = [0, string];
export type VariableCode = [1, Path[], FormatterCall[] | 0];
export type SectionCode = [2, Path, Code[], AltCode];
export type RepeatedCode = [4, Path, Code[], AltCode, Code[]];
export type PredicateCode = [5, string, Args | 0, Code[], AltCode];
export type BindvarCode = [6, string, Path[], FormatterCall[] | 0];
export type OrPredicateCode = [7, string | 0, Args | 0, Code[], AltCode];
export type IfCode = [8, number[], Path[], Code[], AltCode];
export type InjectCode = [9, string, string, Args | 0];
export type MacroCode = [10, string, Code[]];
export type CommentCode = [11, string, 0 | 1];
export type CtxvarCode = [22, string, [string, Path][]];
export type EvalCode = [23, string];
export type IncludeCode = [24, string, Args];
export type RootCode = [17, 1, Code[], 18];
/** The alternate of a block: END (3) or the next `.or`. */
export type AltCode = 3 | OrPredicateCode;

export type Code =
  | TextCode
  | VariableCode
  | SectionCode
  | RepeatedCode
  | PredicateCode
  | BindvarCode
  | OrPredicateCode
  | IfCode
  | InjectCode
  | MacroCode
  | CommentCode
  | CtxvarCode
  | EvalCode
  | IncludeCode
  | RootCode
  | 3
  | 12
  | 13
  | 14
  | 15
  | 16
  | 18
  | 19;

/**
 * Operators of the expression language with JavaScript's precedence levels
 * (higher binds tighter), plus the structural tokens the shunting yard uses.
 */

export const OpType = {
  PLUS: 0,
  MINUS: 1,
  LNOT: 2,
  BNOT: 3,
  POW: 4,
  MUL: 5,
  DIV: 6,
  MOD: 7,
  ADD: 8,
  SUB: 9,
  SHL: 10,
  SHR: 11,
  LT: 12,
  GT: 13,
  LTEQ: 14,
  GTEQ: 15,
  EQ: 16,
  NEQ: 17,
  SEQ: 18,
  SNEQ: 19,
  BAND: 20,
  BXOR: 21,
  BOR: 22,
  LAND: 23,
  LOR: 24,
  ASN: 25,
  SEMI: 26,
  COMMA: 27,
  LPRN: 28,
  RPRN: 29,
} as const;
export type OpType = (typeof OpType)[keyof typeof OpType];

export interface Operator {
  readonly type: OpType;
  readonly prec: number;
  readonly rightAssoc: boolean;
  /** Name used in error messages and debug output ("Invalid arguments to operator add"). */
  readonly desc: string;
}

const op = (type: OpType, prec: number, rightAssoc: boolean, desc: string): Operator =>
  Object.freeze({ type, prec, rightAssoc, desc });

export const OPERATORS: Readonly<Record<OpType, Operator>> = Object.freeze({
  [OpType.PLUS]: op(OpType.PLUS, 17, true, 'unary plus'),
  [OpType.MINUS]: op(OpType.MINUS, 17, true, 'unary minus'),
  [OpType.LNOT]: op(OpType.LNOT, 17, true, 'logical not'),
  [OpType.BNOT]: op(OpType.BNOT, 17, true, 'bitwise not'),
  [OpType.POW]: op(OpType.POW, 16, true, 'exponent'),
  [OpType.MUL]: op(OpType.MUL, 15, false, 'multiply'),
  [OpType.DIV]: op(OpType.DIV, 15, false, 'divide'),
  [OpType.MOD]: op(OpType.MOD, 15, false, 'modulus'),
  [OpType.ADD]: op(OpType.ADD, 14, false, 'add'),
  [OpType.SUB]: op(OpType.SUB, 14, false, 'subtract'),
  [OpType.SHL]: op(OpType.SHL, 13, false, 'left shift'),
  [OpType.SHR]: op(OpType.SHR, 13, false, 'right shift'),
  [OpType.LT]: op(OpType.LT, 12, false, 'less than'),
  [OpType.GT]: op(OpType.GT, 12, false, 'greater than'),
  [OpType.LTEQ]: op(OpType.LTEQ, 12, false, 'less than or equal'),
  [OpType.GTEQ]: op(OpType.GTEQ, 12, false, 'greater than or equal'),
  [OpType.EQ]: op(OpType.EQ, 11, false, 'equality'),
  [OpType.NEQ]: op(OpType.NEQ, 11, false, 'inequality'),
  [OpType.SEQ]: op(OpType.SEQ, 11, false, 'strict equality'),
  [OpType.SNEQ]: op(OpType.SNEQ, 11, false, 'strict inequality'),
  [OpType.BAND]: op(OpType.BAND, 10, false, 'bitwise and'),
  [OpType.BXOR]: op(OpType.BXOR, 9, false, 'bitwise xor'),
  [OpType.BOR]: op(OpType.BOR, 8, false, 'bitwise or'),
  [OpType.LAND]: op(OpType.LAND, 7, false, 'logical and'),
  [OpType.LOR]: op(OpType.LOR, 6, false, 'logical or'),
  [OpType.ASN]: op(OpType.ASN, 3, true, 'assign'),
  [OpType.SEMI]: op(OpType.SEMI, 1, false, 'semicolon'),
  [OpType.COMMA]: op(OpType.COMMA, 1, true, 'comma'),
  [OpType.LPRN]: op(OpType.LPRN, 1, false, 'left paren'),
  [OpType.RPRN]: op(OpType.RPRN, 1, false, 'right paren'),
});

/** Built-in functions; a name followed by `(` that is not listed here is a parse error. */
export const FUNCTION_NAMES = ['max', 'min', 'abs', 'num', 'str', 'bool'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

const FUNCTION_SET: ReadonlySet<string> = new Set(FUNCTION_NAMES);

export function isFunctionName(name: string): name is FunctionName {
  return FUNCTION_SET.has(name);
}

/**
 * Names that read as constants rather than variables. They shadow data keys of the
 * same name on purpose; `@.PI` still reaches a key called PI.
 */
export const CONSTANTS: ReadonlyMap<string, number | boolean | null> = new Map<string, number | boolean | null>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['PI', Math.PI],
  ['E', Math.E],
  ['Infinity', Infinity],
  ['NaN', NaN],
]);

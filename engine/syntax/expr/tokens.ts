/**
 * Chevrotain token types of the expression language. Order matters: the lexer
 * takes the first pattern that matches, so longer operators come before their
 * prefixes and complete strings before unterminated ones.
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';
import { OpType } from './operators.js';

// The reference skips exactly these; any other control character is an error.
export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\n\r\u00a0]+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

export const HexNumber = createToken({ name: 'HexNumber', pattern: /0[xX][0-9a-fA-F]*/ });

// Deliberately greedy: `1.2.3` and `1e5.2` lex as one token so the literal
// check can report the duplicate decimal point instead of an odd token split.
export const DecimalNumber = createToken({
  name: 'DecimalNumber',
  pattern: /[0-9][0-9.]*(?:[eE][+-]?[0-9.]*)?/,
});

export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /'(?:[^'\\\n\r]|\\[\s\S])*'|"(?:[^"\\\n\r]|\\[\s\S])*"/,
  line_breaks: true,
});

/** A string that reaches a bare line break or the end of the expression. */
export const OpenString = createToken({
  name: 'OpenString',
  pattern: /'(?:[^'\\\n\r]|\\[\s\S])*|"(?:[^"\\\n\r]|\\[\s\S])*/,
  line_breaks: true,
});

// A dotted reference: `a.b.0`, `@`, `@index`, `@var.x`, `$x`. Segments may hold
// dashes, so `a-b` is one name, as in the template dialect.
const SEGMENT = '(?:\\d+|[@$]?[a-zA-Z][a-zA-Z0-9_-]*|@)';
export const Reference = createToken({
  name: 'Reference',
  pattern: new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`),
  start_chars_hint: [
    '@',
    '$',
    ...'abcdefghijklmnopqrstuvwxyz',
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ],
});

const OPERATOR_SPELLINGS: readonly (readonly [string, string, OpType])[] = [
  ['StrictEq', '===', OpType.SEQ],
  ['StrictNotEq', '!==', OpType.SNEQ],
  ['Eq', '==', OpType.EQ],
  ['NotEq', '!=', OpType.NEQ],
  ['Pow', '**', OpType.POW],
  ['ShiftLeft', '<<', OpType.SHL],
  ['LessEq', '<=', OpType.LTEQ],
  ['ShiftRight', '>>', OpType.SHR],
  ['GreaterEq', '>=', OpType.GTEQ],
  ['LogicalAnd', '&&', OpType.LAND],
  ['LogicalOr', '||', OpType.LOR],
  ['Assign', '=', OpType.ASN],
  ['Not', '!', OpType.LNOT],
  ['Less', '<', OpType.LT],
  ['Greater', '>', OpType.GT],
  ['Star', '*', OpType.MUL],
  ['Slash', '/', OpType.DIV],
  ['Percent', '%', OpType.MOD],
  ['Plus', '+', OpType.ADD],
  ['Minus', '-', OpType.SUB],
  ['Tilde', '~', OpType.BNOT],
  ['Ampersand', '&', OpType.BAND],
  ['Pipe', '|', OpType.BOR],
  ['Caret', '^', OpType.BXOR],
  ['Comma', ',', OpType.COMMA],
  ['Semicolon', ';', OpType.SEMI],
  ['LParen', '(', OpType.LPRN],
  ['RParen', ')', OpType.RPRN],
];

const OPERATOR_TOKENS = OPERATOR_SPELLINGS.map(([name, text, type]) => [createToken({ name, pattern: text }), text, type] as const);

/** Operator token type -> the operator it spells (binary reading for `+` and `-`). */
export const OPERATOR_OF_TOKEN: ReadonlyMap<TokenType, OpType> = new Map(OPERATOR_TOKENS.map(([token, , type]) => [token, type]));

/** Spelling -> operator token type, in the lexer's order (the fast scanner, scan.ts). */
export const OPERATOR_TOKEN_OF_SPELLING: ReadonlyMap<string, TokenType> = new Map(OPERATOR_TOKENS.map(([token, text]) => [text, token]));

export const ALL_TOKENS: readonly TokenType[] = [
  WhiteSpace,
  HexNumber,
  DecimalNumber,
  StringLiteral,
  OpenString,
  ...OPERATOR_OF_TOKEN.keys(),
  Reference,
];

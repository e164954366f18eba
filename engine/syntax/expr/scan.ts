/**
 * The fast expression scanner: the token set of tokens.ts as character scans, for
 * expressions made only of the common tokens (numbers, closed strings, references,
 * operators, whitespace). Anything else (an unknown character, an unterminated
 * string, a lone `$`) makes it decline with null, and the Chevrotain lexer of record
 * reads the expression and reports the error exactly. Patterns are tried in the
 * lexer's order (the first that matches wins); scan.test.ts holds the two together.
 */
import type { IToken, TokenType } from 'chevrotain';
import { varRefEnd } from '../chars.js';
import { DecimalNumber, HexNumber, OPERATOR_TOKEN_OF_SPELLING, Reference, StringLiteral } from './tokens.js';

/** What lexExpr reads of a token. */
export type ScannedToken = Pick<IToken, 'tokenType' | 'image' | 'startOffset'>;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
/** WhiteSpace: `[ \t\n\r\u00a0]`. */
const isSkipped = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

/** Operator spellings by first character, longest first as tokens.ts orders them. */
const OPERATORS_BY_FIRST = new Map<number, [string, TokenType][]>();
for (const [spelling, type] of OPERATOR_TOKEN_OF_SPELLING) {
  const list = OPERATORS_BY_FIRST.get(spelling.charCodeAt(0)) ?? [];
  list.push([spelling, type]);
  OPERATORS_BY_FIRST.set(spelling.charCodeAt(0), list);
}

/** Tokens of `code`, or null when the lexer of record must read it. */
export function scanExpr(code: string): ScannedToken[] | null {
  const tokens: ScannedToken[] = [];
  const n = code.length;
  let at = 0;
  while (at < n) {
    const c = code.charCodeAt(at);
    if (isSkipped(c)) {
      at++;
      continue;
    }
    let end = -1;
    let type: TokenType | undefined;
    if (c === 48 && (code.charCodeAt(at + 1) | 32) === 120 /* 0x, 0X */) {
      end = at + 2;
      while (isHex(code.charCodeAt(end))) end++;
      type = HexNumber;
    } else if (isDigit(c)) {
      // `[0-9][0-9.]*(?:[eE][+-]?[0-9.]*)?`
      end = at + 1;
      for (let d = code.charCodeAt(end); isDigit(d) || d === 46; d = code.charCodeAt(++end));
      if ((code.charCodeAt(end) | 32) === 101 /* e, E */) {
        end++;
        const sign = code.charCodeAt(end);
        if (sign === 43 || sign === 45) end++;
        for (let d = code.charCodeAt(end); isDigit(d) || d === 46; d = code.charCodeAt(++end));
      }
      type = DecimalNumber;
    } else if (c === 39 || c === 34) {
      end = closedStringEnd(code, at, c);
      if (end === -1) return null;
      type = StringLiteral;
    } else {
      const operators = OPERATORS_BY_FIRST.get(c);
      if (operators !== undefined) {
        for (const [spelling, tokenType] of operators) {
          if (code.startsWith(spelling, at)) {
            end = at + spelling.length;
            type = tokenType;
            break;
          }
        }
      } else {
        end = varRefEnd(code, at);
        type = Reference;
      }
      if (end === -1) return null;
    }
    tokens.push({ tokenType: type!, image: code.substring(at, end), startOffset: at });
    at = end;
  }
  return tokens;
}

/** End (after the closing quote) of a string closed on its line, or -1. */
function closedStringEnd(code: string, at: number, quote: number): number {
  for (let i = at + 1; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === 92 /* \ */) {
      if (i + 1 >= code.length) return -1;
      i++;
    } else if (c === 10 || c === 13) {
      return -1;
    }
  }
  return -1;
}

/**
 * Number and string literal rules of the expression language. The number scanner
 * is shared by the lexer (literals in the source) and the evaluator (strings used
 * as numbers, where "0x1f" and "-6.5" count but " 1" and "1px" do not).
 */

/** Why a decimal number is malformed; negative so it cannot be mistaken for an end offset. */
export const DECIMAL_NO_EXPONENT_DIGIT = -2;
export const DECIMAL_DUPLICATE_POINT = -3;
export const DECIMAL_POINT_IN_EXPONENT = -4;

const isDigit = (c: string) => c >= '0' && c <= '9';
const isHexDigit = (c: string) => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

/** End of the hex digits starting at `from`, scanning no further than `limit`. */
export function scanHex(s: string, from: number, limit: number): number {
  let j = from;
  while (j < limit && isHexDigit(s[j])) j++;
  return j;
}

/**
 * End of the decimal number starting at `from` (which must be a digit), or one
 * of the negative DECIMAL_* reasons. JavaScript's grammar without a sign: the
 * sign belongs to a unary operator, and a second `e` simply ends the number.
 */
export function scanDecimal(s: string, from: number, limit: number): number {
  let seenPoint = false;
  let seenExp = false;
  let seenExpSign = false;
  let needExpDigit = false;
  let j = from;
  for (; j < limit; j++) {
    const c = s[j];
    if (isDigit(c)) {
      needExpDigit = false;
    } else if (c === '.') {
      if (seenPoint) return DECIMAL_DUPLICATE_POINT;
      if (seenExp) return DECIMAL_POINT_IN_EXPONENT;
      seenPoint = true;
    } else if (c === 'e' || c === 'E') {
      if (seenExp) break;
      seenExp = true;
      needExpDigit = true;
    } else if (c === '+' || c === '-') {
      if (!needExpDigit || seenExpSign) break;
      seenExpSign = true;
    } else {
      break;
    }
  }
  return needExpDigit ? DECIMAL_NO_EXPONENT_DIGIT : j;
}

/** A string's value as a number: '' is 0, a whole hex or decimal number with an optional sign, else NaN. */
export function parseNumericString(s: string): number {
  const len = s.length;
  if (len === 0) return 0;
  let i = s[0] === '-' || s[0] === '+' ? 1 : 0;
  if (i === len || !isDigit(s[i])) return NaN;
  if (s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
    return scanHex(s, i + 2, len) === len ? parseInt(s, 16) : NaN;
  }
  return scanDecimal(s, i, len) === len ? parseFloat(s) : NaN;
}

export interface DecodedString {
  readonly value?: string;
  /** Offset of the offending backslash in the text. */
  readonly errorAt?: number;
  readonly error?: string;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', f: '\f', r: '\r' };

// Control characters other than tab, newline, vertical tab, form feed and
// carriage return would corrupt the page, so escapes that produce them give a space.
const isUnwantedControl = (code: number) => code <= 0x08 || (code >= 0x0e && code < 0x20);

/**
 * Decode the body of a quoted literal, `text[from]` to just before `end`. Escapes:
 * \n \t \f \r, \xHH, \uHHHH, \UHHHHHHHH; any other escaped character stands for itself.
 */
export function decodeStringBody(text: string, from: number, end: number): DecodedString {
  let out = '';
  let i = from;
  while (i < end) {
    const next = text.indexOf('\\', i);
    if (next === -1 || next >= end) {
      out += text.slice(i, end);
      break;
    }
    out += text.slice(i, next);
    i = next;
    const e = i + 1 < end ? text[i + 1] : '\\';
    if (e === 'x' || e === 'u' || e === 'U') {
      const width = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const digits = i + 2;
      if (scanHex(text, digits, Math.min(digits + width, end)) !== digits + width) {
        return {
          errorAt: i,
          error: e === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found',
        };
      }
      const code = parseInt(text.slice(digits, digits + width), 16);
      out += isUnwantedControl(code) || code > 0x10ffff ? ' ' : String.fromCodePoint(code);
      i = digits + width;
      continue;
    }
    out += SIMPLE_ESCAPES[e] ?? e;
    i += 2;
  }
  return { value: out };
}

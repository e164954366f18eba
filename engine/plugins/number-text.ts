/**
 * Linear-time checks for numbers written as text. Template data is untrusted, so
 * no regular expression with overlapping quantifiers reads it (`\d+\.?\d*` is
 * quadratic on a long run of digits), and sizes are capped so that formatting a
 * number can never build a huge string (`1e999999999` would print a billion digits).
 */

/** Longest numeric text accepted; real prices and counts are far shorter. */
export const MAX_NUMBER_TEXT = 400;
/** Largest decimal exponent accepted (either sign). */
export const MAX_DECIMAL_EXPONENT = 1000;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

/**
 * Is `text` a plain decimal number: optional spaces, sign, digits with an optional
 * point (`1`, `1.`, `1.5`, `.5`), an optional exponent, optional spaces?
 * @example isDecimalText(' -12.5e3 ') === true; isDecimalText('1.2.3') === false
 */
export function isDecimalText(text: string, allowExponent = true): boolean {
  if (text.length > MAX_NUMBER_TEXT) return false;
  let i = 0;
  const n = text.length;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  if (i < n && (text[i] === '-' || text[i] === '+')) i++;
  let digits = 0;
  while (i < n && isDigit(text.charCodeAt(i))) (i++, digits++);
  if (i < n && text[i] === '.') {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) (i++, digits++);
  }
  if (digits === 0) return false;
  if (allowExponent && i < n && (text[i] === 'e' || text[i] === 'E')) {
    i++;
    if (i < n && (text[i] === '-' || text[i] === '+')) i++;
    let exp = 0;
    while (i < n && isDigit(text.charCodeAt(i))) (i++, exp++);
    if (exp === 0) return false;
  }
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  return i === n;
}

/** A decimal.js value is small enough to print: its exponent is within ±MAX_DECIMAL_EXPONENT. */
export function isPrintableExponent(exponent: number): boolean {
  return exponent <= MAX_DECIMAL_EXPONENT && exponent >= -MAX_DECIMAL_EXPONENT;
}

// An apostrophe opens a quote at the start of a line or after a dash, whitespace,
// an opening bracket or a double quote; every other one is a closing quote.
const OPEN_SINGLE = /(^|[-\u2014\s(["])'/gm;
const SINGLE = /'/g;
// A double quote opens after the start of a line, a dash, a slash, an opening
// bracket, an opening single quote or whitespace.
const OPEN_DOUBLE = /(^|[-\u2014/[(\u2018\s])"/gm;
const DOUBLE = /"/g;
const DOUBLE_DASH = /--/g;

/**
 * Typographic punctuation: straight quotes become curly quotes and `--`
 * becomes an em dash.
 *
 * @example smartypants('"Hi" -- I\'m here') // '“Hi” — I’m here'
 */
export function smartypants(text: string): string {
  return text
    .replace(OPEN_SINGLE, '$1\u2018')
    .replace(SINGLE, '\u2019')
    .replace(OPEN_DOUBLE, '$1\u201c')
    .replace(DOUBLE, '\u201d')
    .replace(DOUBLE_DASH, '\u2014');
}

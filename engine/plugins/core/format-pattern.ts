/**
 * Positional substitution behind the `format` formatter.
 *
 * `{N}` (any number of digits, leading zeros allowed) is replaced by `args[N]`;
 * an index past the end gives nothing. A tag holding anything but digits is
 * dropped up to its closing brace, and, as in the released reference, a `{`
 * met while dropping starts a fresh tag. There is no brace escape.
 *
 * @example formatPattern('{1} and {0}', ['A', 'B']) // 'B and A'
 */
export function formatPattern(pattern: string, args: readonly string[]): string {
  let out = '';
  // >= 0: reading the digits of a tag; OUTSIDE: plain text; DROPPING: inside a malformed tag.
  let index = OUTSIDE;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (index >= 0) {
      if (ch >= '0' && ch <= '9') {
        index = index * 10 + (ch.charCodeAt(0) - ZERO);
      } else if (ch === '}') {
        if (index < args.length) out += args[index];
        index = OUTSIDE;
      } else {
        index = DROPPING;
      }
    } else if (ch === '{') {
      index = 0;
    } else if (index === DROPPING) {
      if (ch === '}') index = OUTSIDE;
    } else {
      out += ch;
    }
  }
  return out;
}

const OUTSIDE = -1;
const DROPPING = -2;
const ZERO = '0'.charCodeAt(0);

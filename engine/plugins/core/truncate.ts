/** Characters a truncation may break after (Java's whitespace set, without Unicode spaces). */
const BREAKS = new Set([' ', '\n', '\t', '\u000b', '\r', '\f']);

/** SPEC §9: truncate defaults to 100 characters with '...'. */
export const TRUNCATE_DEFAULT_LENGTH = 100;
export const TRUNCATE_DEFAULT_ELLIPSIS = '...';

/**
 * Cut `text` to at most `maxLength` characters, backing up to just after the
 * last whitespace inside the limit so words stay whole, then append `ellipsis`.
 * Text that already fits is returned as is.
 *
 * @example truncateText('It was the best of times', 10) // 'It was the ...'
 */
export function truncateText(
  text: string,
  maxLength: number = TRUNCATE_DEFAULT_LENGTH,
  ellipsis: string = TRUNCATE_DEFAULT_ELLIPSIS,
): string {
  if (text.length <= maxLength) return text;
  const limit = Math.max(0, maxLength);
  let end = limit;
  for (let i = limit - 1; i >= 0; i--) {
    if (BREAKS.has(text[i])) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

/** A length argument must be a plain (optionally negative) 32-bit integer. */
export function parseLength(arg: string): number | null {
  if (!/^[-+]?\d+$/.test(arg)) return null;
  const n = parseInt(arg, 10);
  return n >= -0x80000000 && n <= 0x7fffffff ? n : null;
}

import { ApiError } from '../errors.js';

/** How deep any JSON the worker takes may nest (objects and arrays); real inputs stay under 10. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * The deepest nesting of objects and arrays in JSON text, counted in one pass over the
 * characters (no parsing, no recursion), so even a malformed or hostile text costs only its
 * length. Brackets inside strings do not count.
 */
export function jsonDepth(text: string, stopAfter = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAfter) return deepest;
      }
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return deepest;
}

/** Throws the 400 `too_deep` when JSON text nests deeper than MAX_JSON_DEPTH (issue 33, finding 4). */
export function assertJsonDepth(text: string, field?: string): void {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw new ApiError(400, 'too_deep', TOO_DEEP_MESSAGE, field ? { fields: { [field]: TOO_DEEP_MESSAGE } } : undefined);
  }
}

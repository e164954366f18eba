/**
 * The tag grammar's token patterns (tokens.ts) as character scans, for the fast
 * reader (whole-tag.ts): a regular expression per tag part costs more than the rest
 * of the read. Each scan returns the end of its match at `at`, or -1 when there is
 * none; whole-tag.test.ts holds them to the patterns of record.
 */
import type { Args, Path } from './opcodes.js';

export const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isWordPart = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** `[a-zA-Z0-9_-]` by code unit (1) for the code units below 128: one load instead of up to seven comparisons. */
const WORD_PART = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD_PART[c] = isWordPart(c) ? 1 : 0;

/** WORD: `[a-zA-Z][a-zA-Z0-9_-]*`. */
export function wordEnd(text: string, at: number): number {
  if (!isLetter(text.charCodeAt(at))) return -1;
  at++;
  for (let c = text.charCodeAt(at); c < 128 && WORD_PART[c] === 1; c = text.charCodeAt(++at));
  return at;
}

/** A predicate name, `WORD?`. */
export function predNameEnd(text: string, at: number): number {
  const end = wordEnd(text, at);
  return end !== -1 && text.charCodeAt(end) === 63 /* ? */ ? end + 1 : -1;
}

/** WHITESPACE: `[ \f\n\r\t\v]+`. */
export function spaceEnd(text: string, at: number): number {
  if (!isSpace(text.charCodeAt(at))) return -1;
  at++;
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** FILE_PATH: `[./a-zA-Z0-9_-]+`. */
export function filePathEnd(text: string, at: number): number {
  const start = at;
  for (let c = text.charCodeAt(at); isWordPart(c) || c === 46 || c === 47; c = text.charCodeAt(++at));
  return at > start ? at : -1;
}

/** DEFINITION: `@WORD`. */
export function definitionEnd(text: string, at: number): number {
  return text.charCodeAt(at) === 64 /* @ */ ? wordEnd(text, at + 1) : -1;
}

/** A variable separator, ` *, *`. */
export function varSepEnd(text: string, at: number): number {
  while (text.charCodeAt(at) === 32) at++;
  if (text.charCodeAt(at) !== 44 /* , */) return -1;
  at++;
  while (text.charCodeAt(at) === 32) at++;
  return at;
}

/** One path segment: `\d+`, `[@$]?WORD` or `@`, tried in that order. */
function segmentEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (isDigit(c)) {
    at++;
    while (isDigit(text.charCodeAt(at))) at++;
    return at;
  }
  if (c === 64 /* @ */ || c === 36 /* $ */) {
    const word = wordEnd(text, at + 1);
    return word !== -1 ? word : c === 64 ? at + 1 : -1;
  }
  return wordEnd(text, at);
}

/** End of VAR_REF (`SEGMENT(.SEGMENT)*`) at `at`, or -1: readPath's extent without the path. */
export function varRefEnd(text: string, at: number): number {
  let end = segmentEnd(text, at);
  if (end === -1) return -1;
  while (text.charCodeAt(end) === 46 /* . */) {
    const next = segmentEnd(text, end + 1);
    if (next === -1) break;
    end = next;
  }
  return end;
}

/** Where the last readPath ended (one module field rather than a result object per path). */
export const scan = { end: 0 };

/** One path segment from `at` to `end`: digit segments as numbers. */
function segment(text: string, at: number, end: number): string | number {
  return isDigit(text.charCodeAt(at)) ? parseInt(text.substring(at, end), 10) : text.substring(at, end);
}

/**
 * VAR_REF at `at` as a path (digit segments as numbers), its end in `scan.end`; null when none.
 * Lists are made at their size: a list grown from `[]` by push reserves room for 16.
 */
export function readPath(text: string, at: number): Path | null {
  const end = segmentEnd(text, at);
  if (end === -1) return null;
  const next = text.charCodeAt(end) === 46 /* . */ ? segmentEnd(text, end + 1) : -1;
  if (next === -1) {
    scan.end = end;
    return [segment(text, at, end)];
  }
  const path: Path = [segment(text, at, end), segment(text, end + 1, next)];
  at = next;
  while (text.charCodeAt(at) === 46) {
    const after = segmentEnd(text, at + 1);
    if (after === -1) break;
    path.push(segment(text, at + 1, after));
    at = after;
  }
  scan.end = at;
  return path;
}

/** Split raw arguments on their first character, the delimiter the author chose. */
export function splitArgs(raw: string): Args {
  return splitArgsIn(raw, 0, raw.length);
}

/** splitArgs of `text` from `from` to `to`, without copying the raw arguments first. */
export function splitArgsIn(text: string, from: number, to: number): Args {
  return splitScan(text, from, to, false);
}

/**
 * Split on the first character, character by character, up to `to` or (with
 * `pipeEnds`) the first `|`; where it stopped goes in `scan.end`. A bounded scan, not
 * indexOf: a delimiter absent from the tag must not send a search through the rest
 * of the source.
 */
function splitScan(text: string, from: number, to: number, pipeEnds: boolean): Args {
  const d = text.charCodeAt(from);
  let parts: string[] | null = null;
  let start = from + 1;
  let end = start;
  for (; end < to; end++) {
    const c = text.charCodeAt(end);
    if (c === 124 /* | */ && pipeEnds) break;
    if (c === d) {
      parts = withPart(parts, text.substring(start, end));
      start = end + 1;
    }
  }
  scan.end = end;
  return [withPart(parts, text.substring(start, end)), text[from]];
}

/** `parts` with `part` at the end; the first part makes a list of one (a list grown from [] reserves 16 slots). */
function withPart(parts: string[] | null, part: string): string[] {
  if (parts === null) return [part];
  parts.push(part);
  return parts;
}

/**
 * A formatter's arguments from `from` up to the next `|` or `to` (whichever comes
 * first), split on their first character in the same pass; where they end goes in
 * `scan.end`. The same split as splitArgsIn over that extent, reading each character once.
 */
export function splitArgsToPipe(text: string, from: number, to: number): Args {
  const memo = argScan;
  if (text.charCodeAt(from) !== 32 || memo === null) return splitScan(text, from, to, true);
  // Space-separated arguments (most of them): the next `|` and each next space by
  // native search (ArgScan), not character by character.
  let start = from + 1;
  let end = memo.nextPipe(text, start);
  if (end === -1 || end > to) end = to;
  let parts: string[] | null = null;
  for (let space = memo.nextSpace(text, start); space !== -1 && space < end; space = memo.nextSpace(text, start)) {
    parts = withPart(parts, text.substring(start, space));
    start = space + 1;
  }
  scan.end = end;
  return [withPart(parts, text.substring(start, end)), ' '];
}

/**
 * Where the next `|` and the next space are in the template being read, found by
 * indexOf and remembered: asked again at a position no later than the one found,
 * the answer stands without a search. The reader asks at rising positions, so a
 * template is searched once per character kind however many tags ask (a bare
 * indexOf per tag would rescan to the next match every time: quadratic in a template
 * with none left). readTemplate installs a fresh one for each read and puts the
 * previous one back after, so a compile started from inside another cannot mislead it.
 */
export class ArgScan {
  private pipeFrom = 0;
  private pipeAt = -2; // -2: not searched yet
  private spaceFrom = 0;
  private spaceAt = -2;

  nextPipe(text: string, from: number): number {
    if (this.pipeAt !== -2 && from >= this.pipeFrom && (this.pipeAt === -1 || from <= this.pipeAt)) return this.pipeAt;
    this.pipeFrom = from;
    return (this.pipeAt = text.indexOf('|', from));
  }

  nextSpace(text: string, from: number): number {
    if (this.spaceAt !== -2 && from >= this.spaceFrom && (this.spaceAt === -1 || from <= this.spaceAt)) return this.spaceAt;
    this.spaceFrom = from;
    return (this.spaceAt = text.indexOf(' ', from));
  }
}

let argScan: ArgScan | null = null;

/** Install `scan` for the template about to be read (null: none); returns the one it replaces. */
export function useArgScan(scan: ArgScan | null): ArgScan | null {
  const previous = argScan;
  argScan = scan;
  return previous;
}

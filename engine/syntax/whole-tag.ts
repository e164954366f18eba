/**
 * The common instructions read as one text-mode token each. A tag costs the mode
 * lexer one token per part and a mode switch per token; most tags of a real
 * template are a handful of shapes (variables with formatters, sections,
 * predicates, `.if`, `.or`, `.eval`, the bare keywords), so the text mode reads
 * those whole, with the tag modes' own patterns applied in the same order, and
 * hands the parser the finished tuple as the token's payload. A tag of any other
 * shape, or one that does not read cleanly, is left to the tag modes, which decide
 * everything else (including which tags are text), so this never changes a result:
 * whole-tag.test.ts checks that against the mode lexer.
 */
import { Op, type Args, type Code, type FormatterCall, type Path } from './opcodes.js';

/** A plugin name used by an instruction, with its source offset, checked against the tables at compile time. */
export interface PluginRef {
  kind: 'formatter' | 'predicate';
  name: string;
  offset: number;
}

/** What a whole-tag token carries: its instruction and the plugin names it uses. */
export interface WholeTag {
  code: Code;
  refs: PluginRef[] | null;
}

// The tag modes' pattern sources (tokens.ts builds its tokens from the same strings).
export const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|[@$]?${WORD}|@)`;
export const VAR_REF_SOURCE = `${SEGMENT}(?:\\.${SEGMENT})*`;
export const WHITESPACE_SOURCE = '[ \\f\\n\\r\\t\\v]+';
export const FILE_PATH_SOURCE = '[./a-zA-Z0-9_-]+';

// The same patterns as character scans (a regular expression per tag part costs more
// than the rest of the read); whole-tag.test.ts holds them to the tag modes' patterns.
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isWordPart = (c: number): boolean => isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** End of WORD at `at`, or -1. */
function wordEnd(text: string, at: number): number {
  if (!isLetter(text.charCodeAt(at))) return -1;
  at++;
  while (isWordPart(text.charCodeAt(at))) at++;
  return at;
}

/** End of `WORD?` at `at`, or -1. */
function predNameEnd(text: string, at: number): number {
  const end = wordEnd(text, at);
  return end !== -1 && text.charCodeAt(end) === 63 /* ? */ ? end + 1 : -1;
}

/** End of the whitespace run at `at`, or -1 when there is none. */
function spaceEnd(text: string, at: number): number {
  if (!isSpace(text.charCodeAt(at))) return -1;
  at++;
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** End of a FILE_PATH (`[./a-zA-Z0-9_-]+`) at `at`, or -1. */
function filePathEnd(text: string, at: number): number {
  const start = at;
  for (let c = text.charCodeAt(at); isWordPart(c) || c === 46 || c === 47; c = text.charCodeAt(++at));
  return at > start ? at : -1;
}

/** End of ` *, *` at `at`, or -1. */
function varSepEnd(text: string, at: number): number {
  while (text.charCodeAt(at) === 32) at++;
  if (text.charCodeAt(at) !== 44 /* , */) return -1;
  at++;
  while (text.charCodeAt(at) === 32) at++;
  return at;
}

/** End of one path segment (`\d+`, `[@$]?WORD` or `@`, in that order) at `at`, or -1. */
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

/** The dotted reference at `at` as a path (digit segments as numbers), its end in `scan.end`; null when none. */
const scan = { end: 0 };
function readPath(text: string, at: number): Path | null {
  let end = segmentEnd(text, at);
  if (end === -1) return null;
  const path: Path = [];
  for (;;) {
    path.push(isDigit(text.charCodeAt(at)) ? parseInt(text.substring(at, end), 10) : text.substring(at, end));
    if (text.charCodeAt(end) !== 46 /* . */) break;
    const next = segmentEnd(text, end + 1);
    if (next === -1) break;
    at = end + 1;
    end = next;
  }
  scan.end = end;
  return path;
}

/** Tags that are one keyword and nothing else (compared in place: no substring to hash). */
const BARE: readonly (readonly [string, Code])[] = [
  ['.end', Op.END],
  ['.eof', Op.EOF],
  ['.alternates with', Op.ALTERNATES_WITH],
  ['.meta-left', Op.META_LEFT],
  ['.meta-right', Op.META_RIGHT],
  ['.newline', Op.NEWLINE],
  ['.space', Op.SPACE],
  ['.tab', Op.TAB],
];

function bareCode(text: string, start: number, close: number): Code | undefined {
  const length = close - start;
  for (let i = 0; i < BARE.length; i++) {
    const [keyword, code] = BARE[i];
    if (keyword.length === length && text.startsWith(keyword, start)) return code;
  }
  return undefined;
}

/** Split raw arguments on their first character, the delimiter the author chose. */
export function splitArgs(raw: string): Args {
  const delimiter = raw[0];
  return [raw.slice(1).split(delimiter), delimiter];
}

/**
 * Read the tag whose `{` is at `open` and whose `}` is at `close` (no `{` between).
 * Returns null when the tag is not one of the shapes read here or does not read
 * cleanly: the tag modes then take it.
 */
export function readWholeTag(text: string, open: number, close: number): WholeTag | null {
  const start = open + 1;
  const first = text.charCodeAt(start);
  if (first === 35 /* # */) return { code: [Op.COMMENT, text.substring(start + 1, close), 0], refs: null };
  if (first !== 46 /* . */) return readVariable(text, start, close);
  const bare = bareCode(text, start, close);
  if (bare !== undefined) return { code: bare, refs: null };
  // Head-mode order: `.name?` before every keyword.
  let end = predNameEnd(text, start + 1);
  if (end !== -1) {
    const name = text.substring(start + 1, end);
    return { code: [Op.PREDICATE, name, restArgs(text, end, close), [], Op.END], refs: [{ kind: 'predicate', name, offset: start + 1 }] };
  }
  if (text.startsWith('.repeated section', start)) return readSection(text, start + 17, close, true);
  if (text.startsWith('.section', start)) return readSection(text, start + 8, close, false);
  if (text.startsWith('.macro ', start)) {
    end = filePathEnd(text, start + 7);
    return end === close ? { code: [Op.MACRO, text.substring(start + 7, end), []], refs: null } : null;
  }
  if (text.startsWith('.eval', start)) {
    end = spaceEnd(text, start + 5);
    return end === -1 ? null : { code: [Op.EVAL, text.substring(end, close)], refs: null };
  }
  if (text.startsWith('.if', start) && !text.startsWith('.include', start) && !text.startsWith('.inject', start)) {
    return readIf(text, start + 3, close);
  }
  if (text.startsWith('.or', start)) {
    if (start + 3 === close) return { code: [Op.OR_PREDICATE, 0, 0, [], Op.END], refs: null };
    if (text.charCodeAt(start + 3) !== 32) return null;
    end = predNameEnd(text, start + 4);
    if (end === -1) return null;
    const name = text.substring(start + 4, end);
    return { code: [Op.OR_PREDICATE, name, restArgs(text, end, close), [], Op.END], refs: [{ kind: 'predicate', name, offset: start + 4 }] };
  }
  return null;
}

/** Arguments from `at` to the tag's end (0 when there are none). */
function restArgs(text: string, at: number, close: number): Args | 0 {
  return at < close ? splitArgs(text.substring(at, close)) : 0;
}

function readSection(text: string, at: number, close: number, repeated: boolean): WholeTag | null {
  const ws = spaceEnd(text, at);
  const path = ws === -1 ? null : readPath(text, ws);
  if (path === null || scan.end !== close) return null;
  return { code: repeated ? [Op.REPEATED, path, [], Op.END, []] : [Op.SECTION, path, [], Op.END], refs: null };
}

/** `.if pred? args` or `.if a || b && c`, from just after `.if`. */
function readIf(text: string, at: number, close: number): WholeTag | null {
  let end = spaceEnd(text, at);
  if (end === -1) return null;
  at = end;
  end = predNameEnd(text, at);
  if (end !== -1) {
    const name = text.substring(at, end);
    return { code: [Op.PREDICATE, name, restArgs(text, end, close), [], Op.END], refs: [{ kind: 'predicate', name, offset: at }] };
  }
  const vars: Path[] = [];
  const ops: number[] = [];
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return null;
    vars.push(path);
    at = scan.end;
    const ws = spaceEnd(text, at);
    if (ws !== -1) at = ws;
    if (at === close) return { code: [Op.IF, ops, vars, [], Op.END], refs: null };
    const c = text.charCodeAt(at);
    if ((c !== 38 && c !== 124) || text.charCodeAt(at + 1) !== c) return null; // `&&` or `||`
    ops.push(c === 38 ? 1 : 0);
    at += 2;
    const after = spaceEnd(text, at);
    if (after !== -1) at = after;
  }
}

/** `a.b, c|f args|g`, from the first character inside the tag. */
function readVariable(text: string, at: number, close: number): WholeTag | null {
  const vars: Path[] = [];
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return null;
    vars.push(path);
    const end = scan.end;
    const sep = varSepEnd(text, end);
    if (sep === -1) {
      at = end;
      break;
    }
    at = sep;
  }
  if (at === close) return { code: [Op.VARIABLE, vars, 0], refs: null };
  if (text.charCodeAt(at) !== 124 /* | */) return null;
  const calls: FormatterCall[] = [];
  const refs: PluginRef[] = [];
  for (;;) {
    at++;
    const end = wordEnd(text, at);
    if (end === -1) return null;
    const name = text.substring(at, end);
    refs.push({ kind: 'formatter', name, offset: at });
    at = end;
    let argsEnd = at;
    while (argsEnd < close && text.charCodeAt(argsEnd) !== 124) argsEnd++;
    calls.push(argsEnd > at ? [name, splitArgs(text.substring(at, argsEnd))] : [name]);
    at = argsEnd;
    if (at === close) return { code: [Op.VARIABLE, vars, calls], refs };
  }
}

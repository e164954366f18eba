/**
 * The fast reader: one hand-written pass over a whole template that emits each
 * instruction with its offset straight into a sink (the assembler). Text runs are
 * found with indexOf('{'); a tag (a `{` whose `}` comes before any other `{`) of a
 * shape read here becomes its tuple with no token in between. Any tag it does not
 * read cleanly (not an instruction, or a rarer shape) is declined: the sink hands
 * that tag alone to the grammar of record (lexer.ts + parser.ts), which decides
 * whether it is an instruction or text. So this reader never decides anything the
 * grammar would decide differently; whole-tag.test.ts proves both agree on the
 * corpus, generated templates and mutations, and that hostile tags are declined.
 */
import { filePathEnd, predNameEnd, readPath, scan, spaceEnd, splitArgs, varSepEnd, wordEnd } from './chars.js';
import { Op, type Args, type Code, type FormatterCall, type Path } from './opcodes.js';

export type RefKind = 'formatter' | 'predicate';

/** A plugin name used by an instruction, with its source offset, checked against the tables at compile time. */
export interface PluginRef {
  kind: RefKind;
  name: string;
  offset: number;
}

/** Where the reader's instructions go, in source order. */
export interface InstructionSink {
  emit(code: Code, offset: number): void;
  ref(kind: RefKind, name: string, offset: number): void;
  /** The tag from `open` to `close` (its `{` and `}`) is not read here: the grammar of record decides it. */
  decline(open: number, close: number): void;
}

/** Read a whole template into `sink`. Linear in the source: each `{` and `}` is found once. */
export function readTemplate(source: string, sink: InstructionSink): void {
  const n = source.length;
  let closeAt = 0; // the first `}` after the last tag's `{` (-1: none left)
  let nextOpen = -2; // the first `{` after the last `{` read (-1: none left, -2: not searched yet)
  let at = 0;
  while (at < n) {
    let open = nextOpen === -1 || nextOpen >= at ? nextOpen : source.indexOf('{', at);
    if (open === -1) open = n;
    if (open > at) sink.emit([Op.TEXT, source.substring(at, open)], at);
    if (open === n) return;
    if (source.charCodeAt(open + 1) === 35 && source.charCodeAt(open + 2) === 35) {
      // `{## ... ##}`; an unterminated one runs to the end of the template.
      const end = source.indexOf('##}', open + 3);
      sink.emit([Op.COMMENT, source.substring(open + 3, end === -1 ? n : end), 1], open);
      at = end === -1 ? n : end + 3;
      continue;
    }
    if (closeAt !== -1 && closeAt <= open) closeAt = source.indexOf('}', open + 1);
    nextOpen = source.indexOf('{', open + 1);
    if (closeAt === -1 || (nextOpen !== -1 && nextOpen < closeAt)) {
      sink.emit([Op.TEXT, '{'], open); // a lone `{` is text of its own
      at = open + 1;
      continue;
    }
    if (!readTag(source, open, closeAt, sink)) sink.decline(open, closeAt);
    at = closeAt + 1;
  }
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
    const entry = BARE[i];
    if (entry[0].length === length && text.startsWith(entry[0], start)) return entry[1];
  }
  return undefined;
}

/**
 * Read the tag whose `{` is at `open` and whose `}` is at `close` into `sink`.
 * Returns false, having emitted nothing, when the tag is not one of the shapes read
 * here or does not read cleanly. Keyword order follows the grammar's head mode.
 */
function readTag(text: string, open: number, close: number, sink: InstructionSink): boolean {
  const start = open + 1;
  const first = text.charCodeAt(start);
  if (first === 35 /* # */) {
    sink.emit([Op.COMMENT, text.substring(start + 1, close), 0], open);
    return true;
  }
  if (first !== 46 /* . */) return readVariable(text, open, close, sink);
  const bare = bareCode(text, start, close);
  if (bare !== undefined) {
    sink.emit(bare, open);
    return true;
  }
  // `.name?` comes before every keyword.
  let end = predNameEnd(text, start + 1);
  if (end !== -1) return predicate(text, open, start + 1, end, close, Op.PREDICATE, sink);
  if (text.startsWith('.repeated section', start)) return readSection(text, open, start + 17, close, true, sink);
  if (text.startsWith('.section', start)) return readSection(text, open, start + 8, close, false, sink);
  if (text.startsWith('.macro ', start)) {
    end = filePathEnd(text, start + 7);
    if (end !== close) return false;
    sink.emit([Op.MACRO, text.substring(start + 7, end), []], open);
    return true;
  }
  if (text.startsWith('.eval', start)) {
    end = spaceEnd(text, start + 5);
    if (end === -1) return false;
    sink.emit([Op.EVAL, text.substring(end, close)], open);
    return true;
  }
  if (text.startsWith('.if', start) && !text.startsWith('.include', start) && !text.startsWith('.inject', start)) {
    return readIf(text, open, start + 3, close, sink);
  }
  if (text.startsWith('.or', start)) {
    if (start + 3 === close) {
      sink.emit([Op.OR_PREDICATE, 0, 0, [], Op.END], open);
      return true;
    }
    if (text.charCodeAt(start + 3) !== 32) return false;
    end = predNameEnd(text, start + 4);
    return end !== -1 && predicate(text, open, start + 4, end, close, Op.OR_PREDICATE, sink);
  }
  return false;
}

/** Arguments from `at` to the tag's end (0 when there are none). */
function restArgs(text: string, at: number, close: number): Args | 0 {
  return at < close ? splitArgs(text.substring(at, close)) : 0;
}

/** `name? args` (a predicate, `.if name?` or `.or name?`), the name from `at` to `end`. */
function predicate(text: string, open: number, at: number, end: number, close: number, op: 5 | 7, sink: InstructionSink): true {
  const name = text.substring(at, end);
  sink.emit([op, name, restArgs(text, end, close), [], Op.END], open);
  sink.ref('predicate', name, at);
  return true;
}

function readSection(text: string, open: number, at: number, close: number, repeated: boolean, sink: InstructionSink): boolean {
  const ws = spaceEnd(text, at);
  const path = ws === -1 ? null : readPath(text, ws);
  if (path === null || scan.end !== close) return false;
  sink.emit(repeated ? [Op.REPEATED, path, [], Op.END, []] : [Op.SECTION, path, [], Op.END], open);
  return true;
}

/** `.if pred? args` or `.if a || b && c`, from just after `.if`. */
function readIf(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  let end = spaceEnd(text, at);
  if (end === -1) return false;
  at = end;
  end = predNameEnd(text, at);
  if (end !== -1) return predicate(text, open, at, end, close, Op.PREDICATE, sink);
  const vars: Path[] = [];
  const ops: number[] = [];
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return false;
    vars.push(path);
    at = scan.end;
    const ws = spaceEnd(text, at);
    if (ws !== -1) at = ws;
    if (at === close) break;
    const c = text.charCodeAt(at);
    if ((c !== 38 && c !== 124) || text.charCodeAt(at + 1) !== c) return false; // `&&` or `||`
    ops.push(c === 38 ? 1 : 0);
    at += 2;
    const after = spaceEnd(text, at);
    if (after !== -1) at = after;
  }
  sink.emit([Op.IF, ops, vars, [], Op.END], open);
  return true;
}

/** `a.b, c|f args|g`, from the first character inside the tag. */
function readVariable(text: string, open: number, close: number, sink: InstructionSink): boolean {
  const vars: Path[] = [];
  let at = open + 1;
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return false;
    vars.push(path);
    const end = scan.end;
    const sep = varSepEnd(text, end);
    if (sep === -1) {
      at = end;
      break;
    }
    at = sep;
  }
  if (at === close) {
    sink.emit([Op.VARIABLE, vars, 0], open);
    return true;
  }
  if (text.charCodeAt(at) !== 124 /* | */) return false;
  // Formatter names are checked for shape first and reported only once the whole tag reads.
  const calls: FormatterCall[] = [];
  const first = at + 1;
  for (;;) {
    at++;
    const end = wordEnd(text, at);
    if (end === -1) return false;
    const name = text.substring(at, end);
    at = end;
    let argsEnd = at;
    while (argsEnd < close && text.charCodeAt(argsEnd) !== 124) argsEnd++;
    calls.push(argsEnd > at ? [name, splitArgs(text.substring(at, argsEnd))] : [name]);
    at = argsEnd;
    if (at === close) break;
  }
  sink.emit([Op.VARIABLE, vars, calls], open);
  // Each name starts right after its `|`: walk the calls again to find their offsets.
  at = first;
  for (let i = 0; i < calls.length; i++) {
    sink.ref('formatter', calls[i][0], at);
    if (i + 1 < calls.length) at = text.indexOf('|', at) + 1;
  }
  return true;
}

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
import { definitionEnd, filePathEnd, predNameEnd, readPath, scan, spaceEnd, splitArgsIn, varSepEnd, wordEnd } from './chars.js';
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

/**
 * Read the tag whose `{` is at `open` and whose `}` is at `close` into `sink`.
 * Returns false, having emitted nothing, when the tag is not one of the shapes read
 * here or does not read cleanly. After `.`, the word decides: `.name?` is a
 * predicate (the grammar tries that first), otherwise the word must be a keyword
 * exactly; a longer word is declined (the grammar then finds it is text).
 */
function readTag(text: string, open: number, close: number, sink: InstructionSink): boolean {
  const start = open + 1;
  const first = text.charCodeAt(start);
  if (first === 35 /* # */) {
    sink.emit([Op.COMMENT, text.substring(start + 1, close), 0], open);
    return true;
  }
  if (first !== 46 /* . */) return readVariable(text, open, close, sink);
  const word = wordEnd(text, start + 1);
  if (word === -1) return false;
  if (text.charCodeAt(word) === 63 /* ? */) return predicate(text, open, start + 1, word + 1, close, Op.PREDICATE, sink);
  const bare = word === close;
  switch (word - start) {
    case 3:
      if (text.startsWith('.if', start)) return readIf(text, open, word, close, sink);
      if (text.startsWith('.or', start)) return readOr(text, open, word, close, sink);
      return false;
    case 4:
      if (bare && text.startsWith('.end', start)) return emitted(Op.END, open, sink);
      if (bare && text.startsWith('.eof', start)) return emitted(Op.EOF, open, sink);
      if (bare && text.startsWith('.tab', start)) return emitted(Op.TAB, open, sink);
      if (text.startsWith('.var ', start)) return readBindvar(text, open, word + 1, close, sink);
      if (text.startsWith('.ctx ', start)) return readCtxvar(text, open, word + 1, close, sink);
      return false;
    case 5:
      return text.startsWith('.eval', start) && readEval(text, open, word, close, sink);
    case 6:
      if (bare && text.startsWith('.space', start)) return emitted(Op.SPACE, open, sink);
      return text.startsWith('.macro ', start) && readMacro(text, open, word + 1, close, sink);
    case 7:
      return text.startsWith('.inject ', start) && readInject(text, open, word + 1, close, sink);
    case 8:
      if (text.startsWith('.section', start)) return readSection(text, open, word, close, false, sink);
      if (bare && text.startsWith('.newline', start)) return emitted(Op.NEWLINE, open, sink);
      return text.startsWith('.include ', start) && readInclude(text, open, word + 1, close, sink);
    case 9:
      return text.startsWith('.repeated section', start) && readSection(text, open, start + 17, close, true, sink);
    case 10:
      return bare && text.startsWith('.meta-left', start) && emitted(Op.META_LEFT, open, sink);
    case 11:
      if (bare && text.startsWith('.meta-right', start)) return emitted(Op.META_RIGHT, open, sink);
      return start + 16 === close && text.startsWith('.alternates with', start) && emitted(Op.ALTERNATES_WITH, open, sink);
    default:
      return false;
  }
}

function emitted(code: Code, open: number, sink: InstructionSink): true {
  sink.emit(code, open);
  return true;
}

/** `.macro name`, from just after `.macro `. */
function readMacro(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  if (filePathEnd(text, at) !== close) return false;
  sink.emit([Op.MACRO, text.substring(at, close), []], open);
  return true;
}

/** `.eval code`, from just after `.eval`. */
function readEval(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const end = spaceEnd(text, at);
  if (end === -1) return false;
  sink.emit([Op.EVAL, text.substring(end, close)], open);
  return true;
}

/** `.or` or `.or name? args`, from just after `.or`. */
function readOr(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  if (at === close) return emitted([Op.OR_PREDICATE, 0, 0, [], Op.END], open, sink);
  if (text.charCodeAt(at) !== 32) return false;
  const end = predNameEnd(text, at + 1);
  return end !== -1 && predicate(text, open, at + 1, end, close, Op.OR_PREDICATE, sink);
}

/** Arguments from `at` to the tag's end (0 when there are none). */
function restArgs(text: string, at: number, close: number): Args | 0 {
  return at < close ? splitArgsIn(text, at, close) : 0;
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

/** `a.b, c` from `at`: the paths, with the end in `scan.end`; null when there is none. */
function readPaths(text: string, at: number): Path[] | null {
  const vars: Path[] = [];
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return null;
    vars.push(path);
    const end = scan.end;
    const sep = varSepEnd(text, end);
    if (sep === -1) return vars;
    at = sep;
  }
}

/** `|f args|g` from the `|` at `at` to the tag's end: the calls, or null when a name does not read. */
function readCalls(text: string, at: number, close: number): FormatterCall[] | null {
  const calls: FormatterCall[] = [];
  for (;;) {
    at++;
    const end = wordEnd(text, at);
    if (end === -1) return null;
    const name = text.substring(at, end);
    at = end;
    let argsEnd = at;
    while (argsEnd < close && text.charCodeAt(argsEnd) !== 124) argsEnd++;
    calls.push(argsEnd > at ? [name, splitArgsIn(text, at, argsEnd)] : [name]);
    at = argsEnd;
    if (at === close) return calls;
  }
}

/** Report the formatter names of `calls`, the first right after the `|` at `pipe`, each next after the next `|`. */
function refCalls(text: string, calls: FormatterCall[], pipe: number, sink: InstructionSink): void {
  let at = pipe + 1;
  for (let i = 0; i < calls.length; i++) {
    sink.ref('formatter', calls[i][0], at);
    if (i + 1 < calls.length) at = text.indexOf('|', at) + 1;
  }
}

/** `a.b, c|f args|g`, from the first character inside the tag. */
function readVariable(text: string, open: number, close: number, sink: InstructionSink): boolean {
  const vars = readPaths(text, open + 1);
  if (vars === null) return false;
  const at = scan.end;
  if (at === close) {
    sink.emit([Op.VARIABLE, vars, 0], open);
    return true;
  }
  if (text.charCodeAt(at) !== 124 /* | */) return false;
  const calls = readCalls(text, at, close);
  if (calls === null) return false;
  sink.emit([Op.VARIABLE, vars, calls], open);
  refCalls(text, calls, at, sink); // names are reported only once the whole tag reads
  return true;
}

/** `.var @name a, b|f`, from just after `.var `. */
function readBindvar(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const nameEnd = definitionEnd(text, at);
  if (nameEnd === -1 || text.charCodeAt(nameEnd) !== 32) return false;
  const vars = readPaths(text, nameEnd + 1);
  if (vars === null) return false;
  const end = scan.end;
  let calls: FormatterCall[] | null | 0 = 0;
  if (end !== close) {
    if (text.charCodeAt(end) !== 124 /* | */) return false;
    calls = readCalls(text, end, close);
    if (calls === null) return false;
  }
  sink.emit([Op.BINDVAR, text.substring(at, nameEnd), vars, calls], open);
  if (calls !== 0) refCalls(text, calls, end, sink);
  return true;
}

/** `.ctx @name key=a.b key2=c`, from just after `.ctx `. */
function readCtxvar(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const nameEnd = definitionEnd(text, at);
  if (nameEnd === -1 || text.charCodeAt(nameEnd) !== 32) return false;
  const bindings: [string, Path][] = [];
  let key = nameEnd + 1;
  do {
    const keyEnd = wordEnd(text, key);
    if (keyEnd === -1 || text.charCodeAt(keyEnd) !== 61 /* = */) return false;
    const path = readPath(text, keyEnd + 1);
    if (path === null) return false;
    bindings.push([text.substring(key, keyEnd), path]);
    // Whitespace between bindings; without it only the tag's end may follow.
    const ws = spaceEnd(text, scan.end);
    if (ws === -1 && scan.end !== close) return false;
    key = ws === -1 ? close : ws;
  } while (key !== close);
  sink.emit([Op.CTXVAR, text.substring(at, nameEnd), bindings], open);
  return true;
}

/** `.include path args`, from just after `.include `. */
function readInclude(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const end = filePathEnd(text, at);
  if (end === -1) return false;
  const args = restArgs(text, end, close);
  sink.emit([Op.INCLUDE, text.substring(at, end), args === 0 ? [[], ' '] : args], open);
  return true;
}

/** `.inject @name path args`, from just after `.inject `. */
function readInject(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const nameEnd = definitionEnd(text, at);
  if (nameEnd === -1 || text.charCodeAt(nameEnd) !== 32) return false;
  const end = filePathEnd(text, nameEnd + 1);
  if (end === -1) return false;
  sink.emit([Op.INJECT, text.substring(at, nameEnd), text.substring(nameEnd + 1, end), restArgs(text, end, close)], open);
  return true;
}

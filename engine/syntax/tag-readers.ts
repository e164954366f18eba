/**
 * The fast reader's tag readers: each reads one tag shape, from just after its
 * keyword to the tag's `}`, emits its tuple into the sink and returns true, or
 * returns false having emitted nothing (the tag is then declined to the grammar of
 * record). whole-tag.ts finds the tags and dispatches on the keyword.
 */
import { definitionEnd, filePathEnd, predNameEnd, readPath, scan, spaceEnd, splitArgsIn, splitArgsToPipe, varSepEnd, wordEnd } from './chars.js';
import { Op, type Args, type Code, type FormatterCall, type Path } from './opcodes.js';
import type { InstructionSink } from './instruction-sink.js';

/** Emit `code` (a whole tag read) and report success. */
export function emitted(code: Code, open: number, sink: InstructionSink): true {
  sink.emit(code, open);
  return true;
}

/** `.macro name`, from just after `.macro `. */
export function readMacro(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  if (filePathEnd(text, at) !== close) return false;
  sink.emit([Op.MACRO, text.substring(at, close), []], open);
  return true;
}

/** `.eval code`, from just after `.eval`. */
export function readEval(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const end = spaceEnd(text, at);
  if (end === -1) return false;
  sink.leaf([Op.EVAL, text.substring(end, close)], open);
  return true;
}

/** `.or` or `.or name? args`, from just after `.or`. */
export function readOr(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
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
export function predicate(text: string, open: number, at: number, end: number, close: number, op: 5 | 7, sink: InstructionSink): true {
  const name = text.substring(at, end);
  sink.emit([op, name, restArgs(text, end, close), [], Op.END], open);
  sink.ref('predicate', name, at);
  return true;
}

export function readSection(text: string, open: number, at: number, close: number, repeated: boolean, sink: InstructionSink): boolean {
  const ws = spaceEnd(text, at);
  const path = ws === -1 ? null : readPath(text, ws);
  if (path === null || scan.end !== close) return false;
  sink.emit(repeated ? [Op.REPEATED, path, [], Op.END, []] : [Op.SECTION, path, [], Op.END], open);
  return true;
}

/** `.if pred? args` or `.if a || b && c`, from just after `.if`. */
export function readIf(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  let end = spaceEnd(text, at);
  if (end === -1) return false;
  at = end;
  end = predNameEnd(text, at);
  if (end !== -1) return predicate(text, open, at, end, close, Op.PREDICATE, sink);
  let vars: Path[] | null = null;
  const ops: number[] = [];
  for (;;) {
    const path = readPath(text, at);
    if (path === null) return false;
    if (vars === null) vars = [path];
    else vars.push(path);
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
  const path = readPath(text, at);
  if (path === null) return null;
  let sep = varSepEnd(text, scan.end);
  if (sep === -1) return [path]; // the common single path: a list of its size
  const vars: Path[] = [path];
  for (;;) {
    const next = readPath(text, sep);
    if (next === null) return null;
    vars.push(next);
    sep = varSepEnd(text, scan.end);
    if (sep === -1) return vars;
  }
}

/** `|f args|g` from the `|` at `at` to the tag's end: the calls, or null when a name does not read. */
function readCalls(text: string, at: number, close: number): FormatterCall[] | null {
  let calls: FormatterCall[] | null = null;
  for (;;) {
    at++;
    const end = wordEnd(text, at);
    if (end === -1) return null;
    const name = text.substring(at, end);
    at = end;
    let call: FormatterCall = [name];
    if (at < close && text.charCodeAt(at) !== 124 /* | */) {
      call = [name, splitArgsToPipe(text, at, close)];
      at = scan.end;
    }
    if (calls === null) calls = [call];
    else calls.push(call);
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
export function readVariable(text: string, open: number, close: number, sink: InstructionSink): boolean {
  const vars = readPaths(text, open + 1);
  if (vars === null) return false;
  const at = scan.end;
  if (at === close) {
    sink.leaf([Op.VARIABLE, vars, 0], open);
    return true;
  }
  if (text.charCodeAt(at) !== 124 /* | */) return false;
  const calls = readCalls(text, at, close);
  if (calls === null) return false;
  sink.leaf([Op.VARIABLE, vars, calls], open);
  refCalls(text, calls, at, sink); // names are reported only once the whole tag reads
  return true;
}

/** `.var @name a, b|f`, from just after `.var `. */
export function readBindvar(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
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
  sink.leaf([Op.BINDVAR, text.substring(at, nameEnd), vars, calls], open);
  if (calls !== 0) refCalls(text, calls, end, sink);
  return true;
}

/** `.ctx @name key=a.b key2=c`, from just after `.ctx `. */
export function readCtxvar(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
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
  sink.leaf([Op.CTXVAR, text.substring(at, nameEnd), bindings], open);
  return true;
}

/** `.include path args`, from just after `.include `. */
export function readInclude(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const end = filePathEnd(text, at);
  if (end === -1) return false;
  const args = restArgs(text, end, close);
  sink.leaf([Op.INCLUDE, text.substring(at, end), args === 0 ? [[], ' '] : args], open);
  return true;
}

/** `.inject @name path args`, from just after `.inject `. */
export function readInject(text: string, open: number, at: number, close: number, sink: InstructionSink): boolean {
  const nameEnd = definitionEnd(text, at);
  if (nameEnd === -1 || text.charCodeAt(nameEnd) !== 32) return false;
  const end = filePathEnd(text, nameEnd + 1);
  if (end === -1) return false;
  sink.leaf([Op.INJECT, text.substring(at, nameEnd), text.substring(nameEnd + 1, end), restArgs(text, end, close)], open);
  return true;
}

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
import { ArgScan, useArgScan, wordEnd } from './chars.js';
import type { InstructionSink } from './instruction-sink.js';
import { Op, type Code } from './opcodes.js';
import {
  emitted,
  predicate,
  readBindvar,
  readCtxvar,
  readEval,
  readIf,
  readInclude,
  readInject,
  readMacro,
  readOr,
  readSection,
  readVariable,
} from './tag-readers.js';

/** Read a whole template into `sink`. Linear in the source: each `{` and `}` is found once. */
export function readTemplate(source: string, sink: InstructionSink): void {
  const previous = useArgScan(new ArgScan());
  try {
    readAll(source, sink);
  } finally {
    useArgScan(previous);
  }
}

function readAll(source: string, sink: InstructionSink): void {
  const n = source.length;
  let closeAt = 0; // the first `}` after the last tag's `{` (-1: none left)
  let nextOpen = -2; // the first `{` after the last `{` read (-1: none left, -2: not searched yet)
  let at = 0;
  while (at < n) {
    let open = nextOpen === -1 || nextOpen >= at ? nextOpen : source.indexOf('{', at);
    if (open === -1) open = n;
    if (open > at) sink.text(source.substring(at, open));
    if (open === n) return;
    if (source.charCodeAt(open + 1) === 35 && source.charCodeAt(open + 2) === 35) {
      // `{## ... ##}`; an unterminated one runs to the end of the template.
      const end = source.indexOf('##}', open + 3);
      sink.comment(source, open + 3, end === -1 ? n : end, 1);
      at = end === -1 ? n : end + 3;
      continue;
    }
    if (closeAt !== -1 && closeAt <= open) closeAt = source.indexOf('}', open + 1);
    nextOpen = source.indexOf('{', open + 1);
    if (closeAt === -1 || (nextOpen !== -1 && nextOpen < closeAt)) {
      sink.text('{'); // a lone `{` is text of its own
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
    sink.comment(text, start + 1, close, 0);
    return true;
  }
  if (first !== 46 /* . */) return readVariable(text, open, close, sink);
  // The commonest tags whole, by their length, before any scan: `{.end}` and a plain `{.or}`.
  if (close - start === 4 && text.startsWith('.end', start)) return emitted(Op.END, open, sink);
  if (close - start === 3 && text.startsWith('.or', start)) return emitted([Op.OR_PREDICATE, 0, 0, [], Op.END], open, sink);
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


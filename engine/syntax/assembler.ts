/**
 * Template source to instruction tree: the entry of engine/syntax.
 *
 * How a template is read (one story, two readers):
 * - The fast reader (whole-tag.ts, tag shapes in tag-readers.ts, character scans in chars.ts) makes one pass over
 *   the whole template: text runs up to each `{` (indexOf), `{## ##}` comments, and
 *   every tag of a known shape straight to its instruction tuple, emitted with its
 *   offset into the block state machine below (no tokens, no intermediate list).
 * - The grammar of record is Chevrotain: lexer.ts/tokens.ts (one lexer with modes:
 *   the tag grammar as lexer states) and parser.ts. The reader declines any tag it
 *   does not read cleanly (a tag that is not an instruction, or an unusual shape);
 *   that tag alone is lexed and parsed by the grammar, which decides whether it is an
 *   instruction or text. A tag's reading depends on nothing outside its braces, so
 *   the two compose exactly. `.eval` code is read the same way (expr/scan.ts, with
 *   expr/lexer.ts's Chevrotain lexer of record on decline).
 * - whole-tag.test.ts proves both readers agree (instructions, offsets, plugin
 *   names, errors) on every conformance template, the product page, thousands of
 *   generated templates and mutations, and that non-instructions are declined.
 *   `parseTemplate(source, tables, { grammarOnly: true })` is the grammar alone.
 *
 * The block state machine nests instructions and reports structural errors (dead
 * blocks, EOF in a block, misplaced `.or`, `.alternates with` and `.end`) and unknown
 * plugins as values, positioned by a line index built only when first needed. It
 * serves two callers: parseTemplate links the instruction tree (with each
 * instruction's offset, for tools and tests), and compile (assembleTemplate) hands
 * every instruction, block opening, `.or`, `.alternates with` and close to a
 * BlockBuilder (exec/codegen.ts), which makes the closures in the same pass; no tree
 * is linked then.
 */
import { ErrorCode, lineIndex, messages, type TemplateError } from '../errors.js';
import type { FormatterTable, PredicateTable } from '../plugin-contract.js';
import { ownEntry } from '../own-entry.js';
import { Op, opName, type AltCode, type Code, type OrPredicateCode, type RootCode } from './opcodes.js';
import { parseWithGrammar } from './parser.js';
import { readTemplate } from './whole-tag.js';
import { type InstructionSink, type RefKind } from './instruction-sink.js';

export interface ParseResult {
  tree: RootCode;
  errors: TemplateError[];
  /** Source offset of every instruction tuple except text and comments. */
  offsets: ReadonlyMap<object, number>;
  /** Offset to line and column, from the line index built once for this source. */
  at: Locate;
}

/** Offset to line and column. */
export type Locate = (offset: number) => { line: number; column: number };

/**
 * What compile builds instead of a tree (codegen's CodeBuilder): the instructions the
 * tree would hold, in order, each with its offset, and where each block opens,
 * switches part and closes. Instructions the assembler rejects never reach it.
 */
export interface BlockBuilder {
  /** Template text (comments are nothing to a render and never reach the builder). */
  text(text: string): void;
  /** An instruction that opens no block (literal codes such as `.space` included). */
  add(code: Code, offset: number): void;
  /** A leaf instruction from the fast reader (a variable, `.var`, `.eval`, ...: never a literal code). */
  leaf(code: Exclude<Code, number>, offset: number): void;
  open(code: Exclude<Code, number>, offset: number): void;
  /** An `.or` of the innermost open block. */
  or(code: OrPredicateCode, offset: number): void;
  /** `.alternates with` of the innermost open block. */
  alternates(): void;
  /** The innermost open block ends (`.end`, or the end of the template). */
  close(): void;
}

export interface PluginTables {
  formatters?: FormatterTable;
  predicates?: PredicateTable;
}

/** An open block: where its children go and which instruction takes the next `.or` or `{.end}`. */
interface Open {
  opener: Exclude<Code, number>;
  offset: number;
  /** The instruction whose alternate slot is still open (the opener or its latest `.or`). */
  tail: Exclude<Code, number>;
  target: Code[];
  /** The tuple and slot that hold `target`, so a first child can put a list of one there. */
  holder: unknown[];
  slot: number;
  alternatesSeen: boolean;
  plainOrSeen: boolean;
}

/** Blocks nest at most this deep; deeper openers are reported and kept as text, so no stack can overflow. */
export const MAX_BLOCK_DEPTH = 100;

const ALT_SLOT: Record<number, number> = { [Op.SECTION]: 3, [Op.REPEATED]: 3, [Op.PREDICATE]: 4, [Op.OR_PREDICATE]: 4, [Op.IF]: 4 };

function isBlockOpener(code: Code): code is Exclude<Code, number> {
  if (typeof code === 'number') return false;
  const op = code[0];
  return op === Op.SECTION || op === Op.REPEATED || op === Op.PREDICATE || op === Op.IF || op === Op.MACRO;
}

/**
 * The block state machine over one template's instructions. A class rather than
 * closures in parseTemplate: a compile allocates one object, not a closure context.
 */
class Assembler implements InstructionSink {
  readonly errors: TemplateError[] = [];
  readonly root: Code[] = [];
  private readonly stack: Open[] = [];
  private target: Code[] = this.root;

  constructor(
    readonly source: string,
    readonly at: Locate,
    private readonly tables: PluginTables | undefined,
    /** Offsets are kept for callers that read them (parseTemplate), not while compiling. */
    readonly offsets: Map<object, number> | undefined,
    private readonly builder: BlockBuilder | undefined,
  ) {}

  /** A plugin name in use: unknown to the tables given, it is an error at its position. */
  ref(kind: RefKind, name: string, offset: number): void {
    const tables = this.tables;
    const table = kind === 'formatter' ? tables?.formatters : tables?.predicates;
    if (table === undefined || ownEntry<unknown>(table, name) !== undefined) return;
    if (kind === 'formatter') this.fail(offset, ErrorCode.FORMATTER_UNKNOWN, messages.formatterUnknown(name));
    else this.fail(offset, ErrorCode.PREDICATE_UNKNOWN, messages.predicateUnknown(name));
  }

  /** A tag the fast reader does not read: the grammar of record reads it alone (offsets shift back). */
  decline(open: number, close: number): void {
    const parsed = parseWithGrammar(this.source.substring(open, close + 1));
    for (const ref of parsed.refs) this.ref(ref.kind, ref.name, ref.offset + open);
    for (let i = 0; i < parsed.codes.length; i++) this.emit(parsed.codes[i], parsed.offsets[i] + open);
  }

  fail(offset: number, code: string, message: string): void {
    const { line, column } = this.at(offset);
    this.errors.push({ code, message, line, column });
  }

  /** Text: no offset kept, no block checks (see InstructionSink); the tuple only for a tree. */
  text(text: string): void {
    const builder = this.builder;
    if (builder === undefined) this.add([Op.TEXT, text]);
    else builder.text(text);
  }

  comment(source: string, from: number, to: number, multiLine: 0 | 1): void {
    if (this.builder === undefined) this.add([Op.COMMENT, source.substring(from, to), multiLine]);
  }

  /**
   * Append to the open block. A block's first child becomes a list of one in the
   * tuple's slot: the reader's empty list grown by push would reserve 16 slots, and
   * most blocks hold one or two children. While compiling (a builder is given) the tree
   * is not linked at all: the builder keeps what a render needs, and Template.tree reads
   * the source again if a tool asks for it.
   */
  private add(code: Code): void {
    if (this.builder !== undefined) return;
    const target = this.target;
    const stack = this.stack;
    if (target.length !== 0 || stack.length === 0) {
      target.push(code);
      return;
    }
    const open = stack[stack.length - 1];
    const list = [code];
    open.holder[open.slot] = list;
    open.target = list;
    this.target = list;
  }

  /** An instruction that opens or closes nothing: its offset, then its place in the open block. */
  leaf(code: Exclude<Code, number>, offset: number): void {
    this.offsets?.set(code, offset);
    this.add(code);
    this.builder?.leaf(code, offset);
  }

  emit(code: Code, offset: number): void {
    const op = typeof code === 'number' ? code : code[0];
    // Text and comments never report a position: only instructions are keyed.
    if (this.offsets !== undefined && op !== Op.TEXT && op !== Op.COMMENT && typeof code !== 'number') this.offsets.set(code, offset);
    const stack = this.stack;
    // Never read index -1 of an empty stack: that is a slow named-property lookup in V8.
    const open = stack.length > 0 ? stack[stack.length - 1] : undefined;
    switch (op) {
      case Op.END: {
        if (!open) return this.fail(offset, ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot('END'));
        closeTail(open, Op.END);
        stack.pop();
        this.target = stack.length ? stack[stack.length - 1].target : this.root;
        this.builder?.close();
        return;
      }
      case Op.OR_PREDICATE: {
        const or = code as OrPredicateCode;
        if (!open) return this.fail(offset, ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot('OR_PREDICATE'));
        if (open.opener[0] === Op.MACRO) {
          return this.fail(offset, ErrorCode.NOT_ALLOWED_IN_BLOCK, messages.notAllowedInBlock('OR_PREDICATE', 'MACRO'));
        }
        if (open.plainOrSeen) this.fail(offset, ErrorCode.DEAD_CODE_BLOCK, messages.deadCode('OR_PREDICATE'));
        closeTail(open, or);
        open.tail = or;
        open.target = or[3];
        open.holder = or;
        open.slot = 3;
        open.plainOrSeen = or[1] === 0;
        this.target = open.target;
        this.builder?.or(or, offset);
        return;
      }
      case Op.ALTERNATES_WITH: {
        if (!open) return this.fail(offset, ErrorCode.NOT_ALLOWED_AT_ROOT, messages.notAllowedAtRoot('ALTERNATES_WITH'));
        if (open.opener[0] !== Op.REPEATED || open.alternatesSeen || open.tail !== open.opener) {
          const parent = opName(open.tail[0]);
          return this.fail(offset, ErrorCode.NOT_ALLOWED_IN_BLOCK, messages.notAllowedInBlock('ALTERNATES_WITH', parent));
        }
        open.alternatesSeen = true;
        open.target = open.opener[4] as Code[];
        open.holder = open.opener;
        open.slot = 4;
        this.target = open.target;
        this.builder?.alternates();
        return;
      }
      case Op.EOF:
        return;
    }
    const opener = isBlockOpener(code);
    if (opener && stack.length >= MAX_BLOCK_DEPTH) {
      this.fail(offset, ErrorCode.NESTING_TOO_DEEP, messages.nestingTooDeep(MAX_BLOCK_DEPTH));
      return;
    }
    this.add(code);
    if (opener) {
      const block = code as Exclude<Code, number>;
      const slot = block[0] === Op.IF || block[0] === Op.PREDICATE ? 3 : 2;
      const children = block[slot] as Code[];
      stack.push({ opener: block, offset, tail: block, target: children, holder: block, slot, alternatesSeen: false, plainOrSeen: false });
      this.target = children;
      this.builder?.open(block, offset);
    } else if (typeof code !== 'number' && (code[0] === Op.TEXT || code[0] === Op.COMMENT)) {
      if (code[0] === Op.TEXT) this.builder?.text(code[1]);
    } else {
      this.builder?.add(code, offset);
    }
  }

  /** End of input with blocks still open: report each, innermost first, and close them. */
  finish(sourceLength: number): void {
    const stack = this.stack;
    if (!stack.length) return;
    const inner = stack[stack.length - 1];
    this.fail(sourceLength, ErrorCode.EOF_IN_BLOCK, messages.eofInBlock(opName(inner.opener[0])));
    for (let i = stack.length - 1; i >= 0; i--) {
      const open = stack[i];
      this.fail(open.offset, ErrorCode.UNCLOSED_BLOCK, messages.unclosed(opName(open.opener[0])));
      closeTail(open, Op.END);
      this.builder?.close();
    }
  }
}

export interface ParseOptions {
  /** Read every tag with the grammar of record (no fast reader): the yardstick whole-tag.test.ts holds the reader to. */
  grammarOnly?: boolean;
}

export function parseTemplate(source: string, tables?: PluginTables, options?: ParseOptions): ParseResult {
  const offsets = new Map<object, number>();
  const { tree, errors, at } = assemble(source, tables, lazyLocate(source), offsets, undefined, options?.grammarOnly === true);
  return { tree, errors, offsets, at };
}

/** Offset to line and column from one line index, built on first need: N errors cost O(N log lines), not N rescans. */
export function lazyLocate(source: string): Locate {
  let index: Locate | undefined;
  return (offset) => (index ??= lineIndex(source))(offset);
}

/**
 * Read a template into `builder` (how compile generates code in the same pass), with
 * every check the assembler makes: its errors, placed by `at`. No tree is linked.
 */
export function assembleTemplate(source: string, tables: PluginTables, at: Locate, builder: BlockBuilder): TemplateError[] {
  return assemble(source, tables, at, undefined, builder, false).errors;
}

function assemble(
  source: string,
  tables: PluginTables | undefined,
  at: Locate,
  offsets: Map<object, number> | undefined,
  builder: BlockBuilder | undefined,
  grammarOnly: boolean,
): Omit<ParseResult, 'offsets'> {
  const assembler = new Assembler(source, at, tables, offsets, builder);
  if (grammarOnly) {
    const parsed = parseWithGrammar(source);
    for (const ref of parsed.refs) assembler.ref(ref.kind, ref.name, ref.offset);
    for (let i = 0; i < parsed.codes.length; i++) assembler.emit(parsed.codes[i], parsed.offsets[i]);
  } else {
    readTemplate(source, assembler);
  }
  assembler.finish(source.length);
  const errors = assembler.errors;
  if (errors.length > 1) errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { tree: [Op.ROOT, 1, assembler.root, Op.EOF], errors, at: assembler.at };
}

function closeTail(open: Open, alt: AltCode): void {
  const slot = ALT_SLOT[open.tail[0]];
  if (slot !== undefined) (open.tail as unknown as unknown[])[slot] = alt;
}

/**
 * Where the readers put what they read: the assembler implements it, the fast reader
 * (whole-tag.ts) and its tag readers (tag-readers.ts) call it.
 */
import type { Code } from './opcodes.js';

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
  /** Template text: never a block, never positioned (the common case, kept off emit's checks; no tuple made for it here). */
  text(text: string): void;
  /** The comment whose body is `source` from `from` to `to` (`{## ##}`: multiLine 1); only a tree keeps it. */
  comment(source: string, from: number, to: number, multiLine: 0 | 1): void;
  /** An instruction that neither opens nor closes a block (a variable, `.var`, `.eval`, ...). */
  leaf(code: Exclude<Code, number>, offset: number): void;
  ref(kind: RefKind, name: string, offset: number): void;
  /** The tag from `open` to `close` (its `{` and `}`) is not read here: the grammar of record decides it. */
  decline(open: number, close: number): void;
}

/**
 * Formatter and predicate binding for code generation, from each table's own
 * entries (engine/own-entry.ts).
 */
import { ownEntry } from '../own-entry.js';
import type { Formatter, FormatterTable, Predicate, PredicateTable } from '../plugin-contract.js';
import type { FormatterCall } from '../syntax/opcodes.js';

export type BoundFormatter = { name: string; fn: Formatter; args: readonly string[] };

const NO_ARGS: readonly string[] = Object.freeze([]);
/** No formatters (most variables): one shared frozen list. */
const NO_FORMATTERS: readonly BoundFormatter[] = Object.freeze([]);

export function predicateOf(table: PredicateTable, name: string): Predicate | undefined {
  return ownEntry(table, name);
}

export function formatterOf(table: FormatterTable, name: string): Formatter | undefined {
  return ownEntry(table, name);
}

/** A call's arguments, frozen once (see bindFormatters). */
export function boundArgs(call: FormatterCall): readonly string[] {
  return call.length > 1 ? Object.freeze(call[1]![0]) : NO_ARGS;
}

/**
 * The known formatters of a call chain with their arguments. Argument arrays are
 * frozen once here: the same array reaches every render, which is what lets
 * plugins/parsed-args.ts cache a parse per array.
 */
export function bindFormatters(calls: FormatterCall[] | 0, table: FormatterTable): readonly BoundFormatter[] {
  if (calls === 0) return NO_FORMATTERS;
  let bound: BoundFormatter[] | null = null;
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i];
    const fn = ownEntry(table, call[0]);
    if (!fn) continue;
    const one: BoundFormatter = { name: call[0], fn, args: boundArgs(call) };
    // Made at its size: a list grown from [] by push reserves 16 slots.
    if (bound === null) bound = [one];
    else bound.push(one);
  }
  return bound ?? NO_FORMATTERS;
}

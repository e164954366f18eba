/**
 * Formatter and predicate binding for code generation. A property lookup by a name
 * freshly cut from the source first interns the string (and the built-in formatter
 * table is too big to be a fast object), which made binding about a tenth of a
 * product page's compile; a Map hashes the name in place. Each plugin table gets one
 * Map, filled per name on first use. That is sound because codegen only ever sees
 * the frozen built-in tables or the merged copy `compile` makes of a caller's tables,
 * which nothing mutates afterwards.
 */
import type { Formatter, FormatterTable, Predicate, PredicateTable } from '../plugins/types.js';
import type { FormatterCall } from '../syntax/opcodes.js';

export type BoundFormatter = { name: string; fn: Formatter; args: readonly string[] };

const NO_ARGS: readonly string[] = Object.freeze([]);
/** No formatters (most variables): one shared frozen list. */
const NO_FORMATTERS: readonly BoundFormatter[] = Object.freeze([]);
const BOUND = new WeakMap<object, Map<string, unknown>>();

/** The table's own entry for `name` (never an inherited one such as `toString`). */
/** The table of the last call and its Map: a compile binds from the same table every time (no WeakMap lookup per call). */
let lastTable: object | undefined;
let lastNames: Map<string, unknown> | undefined;

function entry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  let names = table === lastTable ? lastNames : BOUND.get(table);
  if (names === undefined) BOUND.set(table, (names = new Map()));
  lastTable = table;
  lastNames = names;
  let fn = names.get(name) as T | undefined;
  // Only names the table owns are remembered: unknown names in hostile templates must not grow the Map.
  if (fn === undefined && Object.prototype.hasOwnProperty.call(table, name)) {
    fn = table[name];
    names.set(name, fn);
  }
  return fn;
}

export function predicateOf(table: PredicateTable, name: string): Predicate | undefined {
  return entry(table, name);
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
    const fn = entry(table, call[0]);
    if (!fn) continue;
    const one: BoundFormatter = { name: call[0], fn, args: call.length > 1 ? Object.freeze(call[1]![0]) : NO_ARGS };
    // Made at its size: a list grown from [] by push reserves 16 slots.
    if (bound === null) bound = [one];
    else bound.push(one);
  }
  return bound ?? NO_FORMATTERS;
}

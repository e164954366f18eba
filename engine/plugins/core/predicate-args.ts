/**
 * Arguments of the comparison predicates are either JSON literals
 * (`3`, `"Federal Express"`, `true`, `[1,2]`) or references looked up the scope
 * stack (`a`, `@`, `@index0`, `item.price`).
 */
import type { RenderContext } from '../../plugin-contract.js';

// What may start a JSON literal; bare words other than the keywords are references.
const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** A JSON literal argument's value, or null for a reference; decided once per argument text. */
const literals = new Map<string, { readonly value: unknown } | null>();

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
    Object.freeze(v);
  }
  return v;
}

function literalOf(arg: string): { readonly value: unknown } | null {
  let literal = literals.get(arg);
  if (literal === undefined) {
    literal = null;
    if (JSON_START.test(arg)) {
      try {
        // Shared by every render: frozen, so no comparison can change it.
        literal = { value: deepFreeze(JSON.parse(arg) as unknown) };
      } catch {
        // Not valid JSON after all (e.g. `3rd`): treat it as a reference.
      }
    }
    if (literals.size >= 5000) literals.clear();
    literals.set(arg, literal);
  }
  return literal;
}

/** The value an argument stands for. */
export function predicateArg(arg: string, ctx: RenderContext): unknown {
  const literal = literalOf(arg);
  return literal !== null ? literal.value : ctx.resolve(arg);
}

/**
 * The operands of a two-sided predicate: with one argument the current scope is
 * compared with it, with two the arguments are compared with each other.
 * Null when there is nothing to compare.
 */
export function operands(args: readonly string[], ctx: RenderContext): [unknown, unknown] | null {
  if (args.length === 0) return null;
  if (args.length === 1) return [ctx.node, predicateArg(args[0], ctx)];
  return [predicateArg(args[0], ctx), predicateArg(args[1], ctx)];
}

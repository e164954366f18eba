/**
 * Arguments of the comparison predicates are either JSON literals
 * (`3`, `"Federal Express"`, `true`, `[1,2]`) or references looked up the scope
 * stack (`a`, `@`, `@index0`, `item.price`).
 */
import type { RenderContext } from '../types.js';

// What may start a JSON literal; bare words other than the keywords are references.
const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** The value an argument stands for. */
export function predicateArg(arg: string, ctx: RenderContext): unknown {
  if (JSON_START.test(arg)) {
    try {
      return JSON.parse(arg) as unknown;
    } catch {
      // Not valid JSON after all (e.g. `3rd`): treat it as a reference.
    }
  }
  return ctx.resolve(arg);
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

/**
 * Resource limits of one render. A site's templates are written by owners and
 * theme authors, and a worker has 128 MB and a tight CPU budget, so no template may
 * take a site down: fan-out through macros and partials, huge loops and huge output
 * all stop cleanly at a limit with one error, keeping the output so far.
 */
import type { ExprLimits } from '../syntax/expr/index.js';

export interface RenderLimits {
  /**
   * Most work units per render: every instruction executed (variable, section, loop
   * pass, predicate, `.if`, `.var`, `.eval`, include) and every formatter, macro and
   * partial call counts one. 0 = unlimited.
   */
  maxSteps?: number;
  /** Longest output, in UTF-16 code units, counting text still held by enclosing partials. 0 = unlimited. */
  maxOutputLength?: number;
  /** Most render-time errors collected; later ones are dropped and one TOO_MANY_ERRORS is added. 0 = unlimited. */
  maxErrors?: number;
}

/** Safe defaults: a large theme page takes well under 1% of the step budget. */
export const DEFAULT_RENDER_LIMITS: Readonly<Required<RenderLimits>> = Object.freeze({
  maxSteps: 500_000,
  maxOutputLength: 8 * 1024 * 1024,
  maxErrors: 100,
});

/** `.eval` limits on by default (SPEC §5 lets them be set): 1,000 tokens and 64 Ki-character strings. */
export const DEFAULT_EXPR_LIMITS: Readonly<Required<ExprLimits>> = Object.freeze({
  maxTokens: 1000,
  maxStringLength: 64 * 1024,
});

/** Thrown through the render (never out of it) when a limit is crossed; `render` turns it into the result. */
export class RenderAbort extends Error {}

/** A limit option: undefined takes the default, 0 or less means unlimited. */
export function limitOf(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  return value > 0 ? Math.floor(value) : Infinity;
}

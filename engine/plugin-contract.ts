/**
 * The plugin contract: formatters and predicates are plain functions registered
 * by name in per-domain tables (`CORE_FORMATTERS`, `COMMERCE_PREDICATES`, ...).
 * Built-ins and a site's own plugins go through the same door: the tables passed
 * to `compile(source, { formatters, predicates })`.
 *
 * Values are plain JSON values; `undefined` means "missing" (a path that does not
 * resolve), which is different from JSON `null`.
 */

export interface RenderContext {
  /** The value of the innermost scope (what `@` means here). */
  readonly node: unknown;
  /** The data the render started with. */
  readonly root: unknown;
  /** BCP-47 locale tag, or null when no locale data is available (i18n formatters then output ''). */
  readonly locale: string | null;
  /** The site's time zone: data `website.timeZone`, else the render option, else America/New_York. */
  readonly timeZone: string;
  /** Fixed "now" in epoch ms when the render options set one, else the clock. */
  now(): number;
  /** Resolve a dotted reference such as `foo.bar`, `@`, `@index`, `@var.x`, `$x` against the scope stack. */
  resolve(ref: string): unknown;
  /** Resolve an already-split path (first segment looked up the stack, the rest walked down). */
  resolvePath(path: readonly (string | number)[]): unknown;
  /** Record a runtime error; the render goes on. */
  error(code: string, message: string): void;
  /**
   * Render a macro (defined with `.macro`) or a partial (render option `partials`)
   * with `value` as its data, returning the output. `isolated` stops name lookup at
   * the partial's own scope (the `private` argument of `apply`); `args` becomes the
   * partial's `@args` variable (the `key=value` arguments of `apply`). Depth-limited (16).
   */
  applyPartial(name: string, value: unknown, isolated?: boolean, args?: Readonly<Record<string, unknown>>): string;
  /**
   * Render a template written in the dialect (compiled once and cached) with `data`.
   * `isolated` (default true) stops name lookup at `data`; false lets names `data`
   * lacks resolve in the scopes around the formatter.
   */
  renderTemplate(source: string, data: unknown, isolated?: boolean): string;
}

/**
 * A formatter receives the current value of the first variable, its arguments
 * (already split on the delimiter the author chose), the render context and the
 * values of every variable of the instruction (`{a, b|fmt}` gives `[a, b]`).
 * It returns the new value of the first variable.
 */
export type Formatter = (
  value: unknown,
  args: readonly string[],
  ctx: RenderContext,
  vars: readonly unknown[],
) => unknown;

/** A predicate receives its arguments and the context (`ctx.node` is the current scope). */
export type Predicate = (args: readonly string[], ctx: RenderContext) => boolean;

export type FormatterTable = Readonly<Record<string, Formatter>>;
export type PredicateTable = Readonly<Record<string, Predicate>>;

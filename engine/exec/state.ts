/**
 * The state of one render: output buffer, scope stack, errors and options. It is
 * also the `RenderContext` plugins see. A compiled template never holds any of it,
 * which is what makes templates safe to share between concurrent renders.
 */
import { ErrorCode, messages, type TemplateError } from '../errors.js';
import type { RenderContext } from '../plugin-contract.js';
import type { Locate } from '../syntax/assembler.js';
import type { ExprLimits } from '../syntax/expr/index.js';
import { RenderAbort } from './limits.js';
import { Frame, findMacro, lookup } from './scope.js';
import { splitPath, type JsonPath } from '../values.js';

export type Run = (state: RenderState) => void;

/** A template's offset-to-position function (its lazy line index; defined where templates are read). */
export type { Locate };

/** What a partial or macro name resolves to: something to run, and errors to report when it is used. */
export interface Runnable {
  readonly run: Run;
  readonly errors?: readonly TemplateError[];
}

export interface StateOptions {
  root: unknown;
  locale: string | null;
  timeZone: string;
  now: number | undefined;
  enableExpr: boolean;
  enableInclude: boolean;
  exprLimits: ExprLimits | undefined;
  /** Resolved limits (Infinity = unlimited). */
  maxSteps: number;
  maxOutputLength: number;
  maxErrors: number;
  injects: Readonly<Record<string, string>>;
  /** Resolve a partial name (not a macro) to something runnable, or undefined when there is none. */
  partial: (name: string) => Runnable | undefined;
  /** Compile a helper template source used by formatters (cached by the caller). */
  helperTemplate: (source: string) => Runnable;
}

/** SPEC §5/§9: macros and partials nest at most 16 levels. */
export const MAX_PARTIAL_DEPTH = 16;

const WEBSITE_TIME_ZONE: JsonPath = ['website', 'timeZone'];

const pathCache = new Map<string, JsonPath>();
function cachedPath(ref: string): JsonPath {
  let path = pathCache.get(ref);
  if (path === undefined) {
    path = splitPath(ref);
    if (pathCache.size < 10_000) pathCache.set(ref, path);
  }
  return path;
}

export class RenderState implements RenderContext {
  out = '';
  readonly frames: Frame<Runnable>[];
  readonly errors: TemplateError[] = [];
  /**
   * Where the instruction being executed starts, for runtime errors: its template's
   * line index and its offset. Kept as an offset and turned into line and column only
   * when an error is reported, so compile never computes a position per instruction.
   */
  at: Locate | null = null;
  offset = 0;
  private depth = 0;
  private injected: Map<string, unknown> | null = null;
  /** Work units used so far (see RenderLimits.maxSteps). */
  steps = 0;
  /** Output held by enclosing partials and helper templates while a nested buffer fills. */
  private heldLength = 0;
  /** Set once a limit stops the render; the output so far is kept. */
  aborted = false;
  private readonly maxSteps: number;
  private readonly maxOutputLength: number;

  constructor(readonly options: StateOptions) {
    this.frames = [new Frame(options.root)];
    this.maxSteps = options.maxSteps;
    this.maxOutputLength = options.maxOutputLength;
  }

  get node(): unknown {
    return this.frames[this.frames.length - 1].node;
  }

  get root(): unknown {
    return this.options.root;
  }

  get locale(): string | null {
    return this.options.locale;
  }

  /** `website.timeZone` resolved like a variable from the current scope (a nearer `website` hides the page's), else the option. */
  get timeZone(): string {
    const zone = lookup(this.frames, WEBSITE_TIME_ZONE);
    return typeof zone === 'string' && zone !== '' ? zone : this.options.timeZone;
  }

  now(): number {
    return this.options.now ?? Date.now();
  }

  top(): Frame<Runnable> {
    return this.frames[this.frames.length - 1];
  }

  resolve(ref: string): unknown {
    return lookup(this.frames, cachedPath(ref));
  }

  resolvePath(path: readonly (string | number)[]): unknown {
    return lookup(this.frames, path);
  }

  /** Line and column of the instruction being executed (1:1 before the first one). */
  position(): { line: number; column: number } {
    return this.at === null ? { line: 1, column: 1 } : this.at(this.offset);
  }

  error(code: string, message: string): void {
    const max = this.options.maxErrors;
    if (this.errors.length < max) {
      this.errors.push({ code, message, ...this.position() });
    } else if (this.errors.length === max) {
      this.errors.push({ code: ErrorCode.TOO_MANY_ERRORS, message: messages.tooManyErrors(max), ...this.position() });
    }
  }

  /**
   * One unit of work at the instruction being executed; stops the render (by
   * throwing RenderAbort, which `render` catches) when the step budget or the
   * output limit is crossed.
   */
  charge(at: Locate | null, offset: number): void {
    // Hot: one increment and two comparisons; the rare crossing is handled out of line.
    if (++this.steps > this.maxSteps || this.out.length + this.heldLength > this.maxOutputLength) this.limitCrossed(at, offset);
  }

  private limitCrossed(at: Locate | null, offset: number): never {
    if (this.steps > this.maxSteps) {
      this.abort(at, offset, ErrorCode.STEP_BUDGET_EXCEEDED, messages.stepBudget(this.maxSteps));
    }
    this.abort(at, offset, ErrorCode.OUTPUT_TOO_LARGE, messages.outputTooLarge(this.maxOutputLength));
  }

  private abort(at: Locate | null, offset: number, code: string, message: string): never {
    this.aborted = true;
    this.at = at;
    this.offset = offset;
    // Always reported, even past the error cap: it explains why the page is cut short.
    this.errors.push({ code, message, ...this.position() });
    throw new RenderAbort(message);
  }

  /**
   * Run `run` into a fresh output buffer and return what it wrote; on abort the text
   * joins the output so far. Takes the Run itself, not a closure over it (one fewer
   * allocation per macro, partial and helper template call).
   */
  private capture(run: Run): string {
    const saved = this.out;
    this.heldLength += saved.length;
    this.out = '';
    try {
      run(this);
    } finally {
      this.heldLength -= saved.length;
      if (this.aborted) this.out = saved + this.out;
    }
    const result = this.out;
    this.out = saved;
    return result;
  }

  unexpected(where: string, e: unknown): void {
    if (e instanceof RenderAbort) throw e;
    const message = e instanceof Error ? e.message : String(e);
    this.error(ErrorCode.UNEXPECTED_ERROR, messages.unexpected(where, message));
  }

  /** The parsed document an `.inject` path names (render option `injects`), parsed once per render. */
  inject(path: string): unknown {
    this.injected ??= new Map();
    if (this.injected.has(path)) return this.injected.get(path);
    const text = this.options.injects[path];
    let value: unknown;
    if (typeof text === 'string') {
      try {
        value = JSON.parse(text);
      } catch (e) {
        this.unexpected(`INJECT ${path}`, e);
      }
    }
    this.injected.set(path, value);
    return value;
  }

  /** A macro in scope, else a partial from the render options. */
  findPartial(name: string): Runnable | undefined {
    const macro = findMacro(this.frames, name);
    if (macro !== undefined) return macro;
    const partial = this.options.partial(name);
    if (partial?.errors?.length) {
      for (const e of partial.errors) this.error(ErrorCode.PARTIAL_PARSE_FAIL, messages.partialParseFail(name, e.message));
    }
    return partial;
  }

  enterPartial(name: string): boolean {
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      this.error(ErrorCode.PARTIAL_RECURSION_DEPTH, messages.partialRecursion(name, MAX_PARTIAL_DEPTH));
      return false;
    }
    this.depth++;
    return true;
  }

  exitPartial(): void {
    this.depth--;
  }

  applyPartial(name: string, value: unknown, isolated = false, args?: Readonly<Record<string, unknown>>): string {
    this.charge(this.at, this.offset);
    const partial = this.findPartial(name);
    if (partial === undefined) {
      this.error(ErrorCode.PARTIAL_MISSING, messages.partialMissing(name));
      return '';
    }
    if (partial.errors?.length || !this.enterPartial(name)) return '';
    const frame = new Frame<Runnable>(value, isolated);
    if (args !== undefined) frame.setVar('@args', args);
    this.frames.push(frame);
    try {
      return this.capture(partial.run);
    } finally {
      this.frames.pop();
      this.exitPartial();
    }
  }

  renderTemplate(source: string, data: unknown, isolated = true): string {
    const helper = this.options.helperTemplate(source);
    this.charge(this.at, this.offset);
    this.frames.push(new Frame(data, isolated));
    try {
      return this.capture(helper.run);
    } finally {
      this.frames.pop();
    }
  }

  /** Run an included partial: its output is kept only with the `output` argument. */
  runIncluded(partial: Runnable, output: boolean): void {
    const text = this.capture(partial.run);
    if (output) this.out += text;
  }
}

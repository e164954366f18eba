/**
 * Instructions to closures, while the template is read (CodeBuilder). Paths are
 * split, plugins looked up and text runs merged once, at compile time; a render only
 * walks closures over its own state.
 */
import { ErrorCode, messages } from '../errors.js';
import type { Formatter, FormatterTable, Predicate, PredicateTable } from '../plugin-contract.js';
import { bindFormatters, boundArgs, formatterOf, predicateOf, type BoundFormatter } from './plugin-binding.js';
import { parseExpr, type ExprLimits, type ParsedExpr } from '../syntax/expr/index.js';
import type { BlockBuilder } from '../syntax/assembler.js';
import { spaceEnd } from '../syntax/chars.js';
import {
  Op,
  opName,
  type BindvarCode,
  type Code,
  type CtxvarCode,
  type EvalCode,
  type IfCode,
  type IncludeCode,
  type InjectCode,
  type MacroCode,
  type OrPredicateCode,
  type Path,
  type PredicateCode,
  type RepeatedCode,
  type SectionCode,
  type VariableCode,
} from '../syntax/opcodes.js';
import { evaluateExpr } from './expr.js';
import { DEFAULT_EXPR_LIMITS } from './limits.js';
import { Frame, lookup, lookupHere } from './scope.js';
import type { Locate, RenderState, Run, Runnable } from './state.js';
import { asString, isTruthy } from '../values.js';

export interface CodegenEnv {
  source: string;
  formatters: FormatterTable;
  predicates: PredicateTable;
  /** Offset to line and column; called only when an error is reported. */
  at: Locate;
}

const NOOP: Run = () => {};
const NO_ARGS: readonly string[] = Object.freeze([]);

/** Text of a value as a variable emits it: scalars as text, lists joined with ',', everything else ''. */
export function emitText(v: unknown): string {
  if (!Array.isArray(v)) return asString(v);
  let s = '';
  for (let i = 0; i < v.length; i++) s += (i > 0 ? ',' : '') + v[i];
  return s;
}

function textRun(t: string): Run {
  return (s) => {
    s.out += t;
  };
}

/**
 * The runs of one block being compiled. Adjacent literal text (text, .space,
 * .newline, meta braces; comments are nothing) merges into one run. Most blocks make
 * one or two runs: those stay in fields, and only a third run starts a list (a list
 * grown by push reserves a large backing store on the first push).
 */
class Runs {
  private first: Run | null = null;
  private second: Run | null = null;
  private more: Run[] | null = null;
  private text = '';

  addText(t: string): void {
    this.text += t;
  }

  add(run: Run): void {
    if (this.text !== '') {
      const pending = textRun(this.text);
      this.text = '';
      this.push(pending);
    }
    this.push(run);
  }

  private push(run: Run): void {
    if (this.first === null) this.first = run;
    else if (this.second === null) this.second = run;
    else (this.more ??= [this.first, this.second]).push(run);
  }

  /** The block as one run; the list is empty again afterwards. */
  take(): Run {
    if (this.text !== '') {
      this.push(textRun(this.text));
      this.text = '';
    }
    const first = this.first;
    const second = this.second;
    const more = this.more;
    this.first = this.second = null;
    this.more = null;
    if (more !== null) {
      return (s) => {
        for (let i = 0; i < more.length; i++) more[i](s);
      };
    }
    if (first === null) return NOOP;
    if (second === null) return first;
    return (s) => {
      first(s);
      second(s);
    };
  }
}

/** Which part of an open block the next instructions belong to. */
const Part = { BODY: 0, ALTERNATES: 1, OR: 2 } as const;

/** An open block: its opener, the runs of the part being read, and the parts already read. */
class OpenBlock {
  readonly runs = new Runs();
  code: BlockCode = [Op.MACRO, '', []];
  offset = 0;
  part: number = Part.BODY;
  body: Run = NOOP;
  between: Run = NOOP;
  /** `.or` instructions of the block in order: code, offset, then its body once read. */
  ors: (OrPredicateCode | number | Run)[] | null = null;

  open(code: BlockCode, offset: number): void {
    this.code = code;
    this.offset = offset;
    this.part = Part.BODY;
    this.body = this.between = NOOP;
    this.ors = null;
  }

  /** The runs read so far become the current part. */
  endPart(): void {
    const run = this.runs.take();
    if (this.part === Part.BODY) this.body = run;
    else if (this.part === Part.ALTERNATES) this.between = run;
    else this.ors!.push(run);
  }
}

type BlockCode = SectionCode | RepeatedCode | PredicateCode | IfCode | MacroCode;

/**
 * Compiles a template while it is assembled: the assembler hands over each
 * instruction once, in source order, with its offset, and says where blocks open,
 * switch part (`.or`, `.alternates with`) and close. A leaf becomes its closure at
 * once; a block becomes one when it closes, from the runs of its parts. So compile
 * walks the template once, and no instruction's offset is stored to be found again.
 */
export class CodeBuilder implements BlockBuilder, CodegenEnv {
  private readonly root = new Runs();
  /** Open blocks, innermost last; entries past `depth` are kept for reuse. */
  private readonly blocks: OpenBlock[] = [];
  private depth = 0;

  /** The builder is its own code generation environment (one object per compile, not two). */
  constructor(
    readonly source: string,
    readonly formatters: FormatterTable,
    readonly predicates: PredicateTable,
    readonly at: Locate,
  ) {}

  private runs(): Runs {
    return this.depth === 0 ? this.root : this.blocks[this.depth - 1].runs;
  }

  text(text: string): void {
    this.runs().addText(text);
  }

  add(code: Code, offset: number): void {
    const literal = literalText(code);
    if (literal !== null) {
      this.runs().addText(literal);
      return;
    }
    const run = compileLeaf(code as LeafCode, offset, this);
    if (run !== NOOP) this.runs().add(run);
  }

  leaf(code: Code, offset: number): void {
    const run = compileLeaf(code as LeafCode, offset, this);
    if (run !== NOOP) this.runs().add(run);
  }

  open(code: BlockCode, offset: number): void {
    const blocks = this.blocks;
    const block = this.depth < blocks.length ? blocks[this.depth] : (blocks[this.depth] = new OpenBlock());
    block.open(code, offset);
    this.depth++;
  }

  or(code: OrPredicateCode, offset: number): void {
    const block = this.blocks[this.depth - 1];
    block.endPart();
    (block.ors ??= []).push(code, offset);
    block.part = Part.OR;
  }

  alternates(): void {
    const block = this.blocks[this.depth - 1];
    block.endPart();
    block.part = Part.ALTERNATES;
  }

  close(): void {
    const block = this.blocks[this.depth - 1];
    block.endPart();
    // The `.or` chain from its end: each `.or` runs the next when its own test fails.
    let other = NOOP;
    const ors = block.ors;
    if (ors !== null) {
      for (let i = ors.length - 3; i >= 0; i -= 3) {
        other = compileChoice(ors[i] as OrPredicateCode, ors[i + 1] as number, ors[i + 2] as Run, other, this);
      }
    }
    const run = compileBlockCode(block.code, block.offset, block.body, other, block.between, this);
    this.depth--;
    if (run !== NOOP) this.runs().add(run);
  }

  /** The whole template's run (every block closed by then). */
  finish(): Run {
    return this.root.take();
  }
}

function literalText(code: Code): string | null {
  if (typeof code === 'number') {
    switch (code) {
      case Op.META_LEFT:
        return '{';
      case Op.META_RIGHT:
        return '}';
      case Op.NEWLINE:
        return '\n';
      case Op.SPACE:
        return ' ';
      case Op.TAB:
        return '\t';
      default:
        return null;
    }
  }
  return code[0] === Op.TEXT ? code[1] : code[0] === Op.COMMENT ? '' : null;
}

function applyFormatters(s: RenderState, formatters: readonly BoundFormatter[], values: unknown[]): void {
  for (let i = 0; i < formatters.length; i++) {
    const f = formatters[i];
    s.charge(s.at, s.offset);
    try {
      values[0] = f.fn(values[0], f.args, s, values);
    } catch (e) {
      s.unexpected(`formatter ${f.name}`, e);
    }
  }
}

function resolveAll(s: RenderState, paths: Path[]): unknown[] {
  const values = new Array<unknown>(paths.length);
  for (let i = 0; i < paths.length; i++) values[i] = lookup(s.frames, paths[i]);
  return values;
}

type LeafCode = VariableCode | BindvarCode | CtxvarCode | InjectCode | EvalCode | IncludeCode;

/**
 * An instruction with no block of its own. Tuple fields are read by index
 * (destructuring runs the iterator protocol), and every closure is made by a function
 * of its own, so a compile allocates only the context that closure captures.
 */
function compileLeaf(code: LeafCode, offset: number, env: CodegenEnv): Run {
  switch (code[0]) {
    case Op.VARIABLE: {
      const paths = code[1], calls = code[2];
      if (calls !== 0 && calls.length === 1 && paths.length === 1) {
        // The common `{x|html}`: one value, one formatter (bound without a list of one).
        const call = calls[0];
        const fn = formatterOf(env.formatters, call[0]);
        if (fn !== undefined) return oneFormatter(paths[0], call[0], fn, boundArgs(call), env.at, offset);
      }
      const formatters = bindFormatters(calls, env.formatters);
      if (formatters.length === 0) return plainVariable(paths[0], env.at, offset);
      return formattedVariable(paths, formatters, env.at, offset);
    }
    case Op.BINDVAR:
      return bindvarRun(code[1], code[2], bindFormatters(code[3], env.formatters), env.at, offset);
    case Op.CTXVAR:
      return ctxvarRun(code[1], code[2], env.at, offset);
    case Op.INJECT:
      return injectRun(code[1], code[2], env.at, offset);
    case Op.EVAL: {
      // The code starts after `{.eval` and its whitespace.
      const codeStart = code[1] === '' ? offset + 6 : spaceEnd(env.source, offset + 6);
      return compileEval(code[1], env.at, offset, codeStart === -1 ? offset : codeStart);
    }
    case Op.INCLUDE:
      return includeRun(code[1], code[2][0].includes('output'), env.at, offset);
    default:
      throw new Error(`cannot compile ${opName((code as Code[])[0] as number)}`);
  }
}

/** `{x}`: a value as text. */
function plainVariable(path: Path, at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    s.out += emitText(lookup(s.frames, path));
  };
}

/** The values of `paths` through a chain of formatters, run as the instruction at `offset`: the first value. */
function formatValues(s: RenderState, paths: Path[], formatters: readonly BoundFormatter[], at: Locate, offset: number): unknown {
  const values = resolveAll(s, paths);
  s.at = at;
  s.offset = offset;
  s.charge(at, offset);
  // Formatter arguments resolve in the instruction's scope (`{msg|message @index @}` in a loop means the item).
  applyFormatters(s, formatters, values);
  return values[0];
}

/** `{a, b|f|g}`: values through a chain of formatters. */
function formattedVariable(paths: Path[], formatters: readonly BoundFormatter[], at: Locate, offset: number): Run {
  return (s) => {
    s.out += emitText(formatValues(s, paths, formatters, at, offset));
  };
}

/** `.var @name a, b|f`. */
function bindvarRun(name: string, paths: Path[], formatters: readonly BoundFormatter[], at: Locate, offset: number): Run {
  return (s) => {
    s.top().setVar(name, formatValues(s, paths, formatters, at, offset));
  };
}

/** `.ctx @name key=a.b`. */
function ctxvarRun(name: string, bindings: [string, Path][], at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    // No prototype: a binding named `__proto__` is an ordinary key.
    const value: Record<string, unknown> = Object.create(null);
    for (const [key, path] of bindings) value[key] = lookup(s.frames, path) ?? null;
    s.top().setVar(name, value);
  };
}

/** `.inject @name path`. */
function injectRun(name: string, path: string, at: Locate, offset: number): Run {
  return (s) => {
    s.at = at;
    s.offset = offset;
    s.charge(at, offset);
    s.top().setVar(name, s.inject(path));
  };
}

/** `.include name args`. */
function includeRun(name: string, output: boolean, at: Locate, offset: number): Run {
  return (s) => {
    if (!s.options.enableInclude) return;
    s.at = at;
    s.offset = offset;
    s.charge(at, offset);
    const partial = s.findPartial(name);
    if (partial === undefined) {
      s.error(ErrorCode.PARTIAL_MISSING, messages.partialMissing(name));
      return;
    }
    if (partial.errors?.length || !s.enterPartial(name)) return;
    try {
      s.runIncluded(partial, output);
    } finally {
      s.exitPartial();
    }
  };
}

/** `{x|f args}`: one value through one formatter, no loops. */
function oneFormatter(path: Path, name: string, fn: Formatter, args: readonly string[], at: Locate, offset: number): Run {
  return (s) => {
    const values: unknown[] = [lookup(s.frames, path)];
    s.at = at;
    s.offset = offset;
    s.charge(at, offset);
    s.charge(at, offset);
    try {
      values[0] = fn(values[0], args, s, values);
    } catch (e) {
      s.unexpected(`formatter ${name}`, e);
    }
    s.out += emitText(values[0]);
  };
}

/** A block from the runs of its parts: `body`, `other` (its `.or` chain, NOOP when none) and `between` (alternates). */
function compileBlockCode(code: BlockCode, offset: number, body: Run, other: Run, between: Run, env: CodegenEnv): Run {
  switch (code[0]) {
    case Op.SECTION:
      return sectionRun(code[1], body, other, env.at, offset);
    case Op.REPEATED:
      return repeatedRun(code[1], body, other, between, env.at, offset);
    case Op.PREDICATE:
      return compileChoice(code, offset, body, other, env);
    case Op.IF:
      return ifRun(code[1], code[2], body, other, env.at, offset);
    case Op.MACRO:
      return macroRun(code[1], body);
  }
}

function sectionRun(path: Path, body: Run, other: Run, at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    // The `.or` branch runs inside the section's frame: `@` is the section's own (falsy) value.
    const value = lookupHere(s.frames, path);
    s.frames.push(new Frame(value));
    if (isTruthy(value)) body(s);
    else other(s);
    s.frames.pop();
  };
}

function repeatedRun(path: Path, body: Run, other: Run, between: Run, at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    const value = lookupHere(s.frames, path);
    if (!Array.isArray(value) || value.length === 0) {
      other(s);
      return;
    }
    const frame = new Frame<Runnable>(value);
    s.frames.push(frame);
    // One item frame per pass over the list, reset for each item: `.var`s and
    // macros of one item never reach the next.
    const item = new Frame<Runnable>(undefined);
    s.frames.push(item);
    const last = value.length - 1;
    for (let i = 0; i <= last; i++) {
      if (i > 0) {
        s.charge(at, offset);
        item.vars = null;
        item.macros = null;
      }
      frame.index = i;
      item.node = value[i];
      body(s);
      if (i < last) between(s);
    }
    s.frames.pop();
    s.frames.pop();
  };
}

function ifRun(operators: number[], paths: Path[], body: Run, other: Run, at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    let result = isTruthy(lookup(s.frames, paths[0]));
    // No precedence: left to right, stopping at the first `||` that makes the running
    // result true or the first `&&` that makes it false.
    for (let i = 1; i < paths.length; i++) {
      if (operators[i - 1] === 1) {
        result = result && isTruthy(lookup(s.frames, paths[i]));
        if (!result) break;
      } else {
        result = result || isTruthy(lookup(s.frames, paths[i]));
        if (result) break;
      }
    }
    if (result) body(s);
    else other(s);
  };
}

function macroRun(name: string, body: Run): Run {
  const macro = { run: body };
  return (s) => {
    const top = s.top();
    (top.macros ??= new Map()).set(name, macro);
  };
}

/** A predicate block or an `.or` branch: a plain `.or` is its body (anything after it is dead). */
function compileChoice(code: PredicateCode | OrPredicateCode, offset: number, body: Run, other: Run, env: CodegenEnv): Run {
  const name = code[1], args = code[2];
  if (name === 0) return body;
  return predicateRun(name, predicateOf(env.predicates, name), args === 0 ? NO_ARGS : Object.freeze(args[0]), body, other, env.at, offset);
}

function predicateRun(name: string, fn: Predicate | undefined, list: readonly string[], body: Run, other: Run, at: Locate, offset: number): Run {
  return (s) => {
    s.charge(at, offset);
    let result = false;
    if (fn) {
      s.at = at;
      s.offset = offset;
      try {
        result = fn(list, s);
      } catch (e) {
        s.unexpected(`predicate ${name}`, e);
      }
    }
    if (result) body(s);
    else other(s);
  };
}

function compileEval(
  source: string,
  at: Locate,
  offset: number,
  /** Where the expression's own text starts: its errors are placed inside it. */
  codeStart: number,
): Run {
  // Compiled once, here, with the default limits; a render with other limits compiles
  // its own copy once per distinct setting (kept beside the default one).
  const compiled = parseExpr(source, DEFAULT_EXPR_LIMITS);
  let custom: Map<string, ParsedExpr> | undefined;
  return (s) => {
    if (!s.options.enableExpr) return;
    s.at = at;
    s.offset = offset;
    s.charge(at, offset);
    const limits = s.options.exprLimits;
    let expr = compiled;
    if (limits !== undefined) {
      const key = `${limits.maxTokens ?? ''}|${limits.maxStringLength ?? ''}`;
      const kept = (custom ??= new Map()).get(key);
      if (kept !== undefined) expr = kept;
      else {
        expr = parseExpr(source, limits);
        if (custom.size < 16) custom.set(key, expr);
      }
    }
    if (expr.errors.length) {
      for (const e of expr.errors) s.errors.push({ code: e.code, message: e.message, ...at(codeStart + e.offset) });
      return;
    }
    const before = s.errors.length;
    const scratch = new Frame<Runnable>(s.top().node);
    s.frames.push(scratch);
    let output: string | undefined;
    try {
      output = evaluateExpr(expr, {
        resolve: (path) => lookup(s.frames, path),
        setVar: (name, value) => scratch.setVar(name, value),
        error: (code, message) => s.error(code, message),
      });
    } catch (e) {
      s.unexpected('EVAL', e);
    } finally {
      s.frames.pop();
    }
    if (s.errors.length !== before) return;
    if (scratch.vars !== null) {
      const top = s.top();
      for (const [k, v] of scratch.vars) top.setVar(k, v);
    }
    if (output !== undefined) s.out += output;
  };
}

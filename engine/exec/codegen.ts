/**
 * Instruction tree to closures. Paths are split, plugins looked up and text runs
 * merged once, at compile time; a render only walks closures over its own state.
 */
import { ErrorCode, lineIndex, messages } from '../errors.js';
import type { FormatterTable, Predicate, PredicateTable } from '../plugins/types.js';
import { bindFormatters, predicateOf, type BoundFormatter } from './plugin-binding.js';
import { parseExpr, type ExprLimits, type ParsedExpr } from '../syntax/expr/index.js';
import { Op, opName, type AltCode, type Code, type Path } from '../syntax/opcodes.js';
import { evaluateExpr } from './expr.js';
import { DEFAULT_EXPR_LIMITS } from './limits.js';
import { Frame, lookup, lookupHere } from './scope.js';
import type { Locate, RenderState, Run } from './state.js';
import { asString, isTruthy } from './values.js';

export interface CodegenEnv {
  source: string;
  offsets: ReadonlyMap<object, number>;
  formatters: FormatterTable;
  predicates: PredicateTable;
  /** Offset to line and column (set by compileTree); called only when an error is reported. */
  at?: Locate;
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

export function compileTree(block: Code[], env: CodegenEnv): Run {
  return compileBlock(block, env.at ? env : { ...env, at: lineIndex(env.source) });
}

function textRun(t: string): Run {
  return (s) => {
    s.out += t;
  };
}

function compileBlock(block: Code[], env: CodegenEnv): Run {
  // Adjacent literal codes (text, .space, .newline, meta braces) merge into one run;
  // no flush closure per block, since every block of every template comes through here.
  // Most blocks make one or two runs: those stay in locals, and only a third run starts
  // a list (a list grown by push reserves a large backing store on the first push).
  let first: Run | null = null;
  let second: Run | null = null;
  let more: Run[] | null = null;
  let text = '';
  for (let i = 0; i <= block.length; i++) {
    let run: Run;
    if (i < block.length) {
      const code = block[i];
      const literal = literalText(code);
      if (literal !== null) {
        text += literal;
        continue;
      }
      run = compileCode(code, env);
      if (run === NOOP) continue;
      if (text !== '') {
        const pending = textRun(text);
        text = '';
        if (first === null) first = pending;
        else if (second === null) second = pending;
        else (more ??= [first, second]).push(pending);
      }
    } else {
      if (text === '') break;
      run = textRun(text);
    }
    if (first === null) first = run;
    else if (second === null) second = run;
    else (more ??= [first, second]).push(run);
  }
  if (more !== null) {
    const runs = more;
    return (s) => {
      for (let i = 0; i < runs.length; i++) runs[i](s);
    };
  }
  if (first === null) return NOOP;
  if (second === null) return first;
  const a = first;
  const b = second;
  return (s) => {
    a(s);
    b(s);
  };
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

function compileAlt(alt: AltCode, env: CodegenEnv): Run {
  return alt === Op.END ? NOOP : compileCode(alt, env);
}

function offsetOf(code: object, env: CodegenEnv): number {
  return env.offsets.get(code) ?? 0;
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

function compileCode(code: Code, env: CodegenEnv): Run {
  if (typeof code === 'number') return NOOP;
  // Tuple fields are read by index: array destructuring runs the iterator protocol per instruction.
  switch (code[0]) {
    case Op.VARIABLE: {
      const paths = code[1], calls = code[2];
      const formatters = bindFormatters(calls, env.formatters);
      const offset = offsetOf(code, env);
      const at = env.at!;
      if (formatters.length === 0) {
        const path = paths[0];
        return (s) => {
          s.charge(at, offset);
          s.out += emitText(lookup(s.frames, path));
        };
      }
      if (paths.length === 1 && formatters.length === 1) {
        // The common `{x|html}`: one value, one formatter, no loops.
        const path = paths[0];
        const { name, fn, args } = formatters[0];
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
      return (s) => {
        const values = resolveAll(s, paths);
        s.at = at;
        s.offset = offset;
        s.charge(at, offset);
        // Formatter arguments resolve in the instruction's scope (`{msg|message @index @}` in a loop means the item).
        applyFormatters(s, formatters, values);
        s.out += emitText(values[0]);
      };
    }
    case Op.SECTION: {
      const path = code[1], block = code[2], alt = code[3];
      const body = compileBlock(block, env);
      const other = compileAlt(alt, env);
      const offset = offsetOf(code, env);
      const at = env.at!;
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
    case Op.REPEATED: {
      const path = code[1], block = code[2], alt = code[3], alternates = code[4];
      const body = compileBlock(block, env);
      const other = compileAlt(alt, env);
      const between = compileBlock(alternates, env);
      const offset = offsetOf(code, env);
      const at = env.at!;
      return (s) => {
        s.charge(at, offset);
        const value = lookupHere(s.frames, path);
        if (!Array.isArray(value) || value.length === 0) {
          other(s);
          return;
        }
        const frame = new Frame(value);
        s.frames.push(frame);
        // One item frame per pass over the list, reset for each item: `.var`s and
        // macros of one item never reach the next.
        const item = new Frame(undefined);
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
    case Op.PREDICATE:
    case Op.OR_PREDICATE: {
      const name = code[1], args = code[2], block = code[3], alt = code[4];
      const body = compileBlock(block, env);
      if (name === 0) return body;
      const other = compileAlt(alt, env);
      const fn: Predicate | undefined = predicateOf(env.predicates, name);
      const list = args === 0 ? NO_ARGS : Object.freeze(args[0]);
      const offset = offsetOf(code, env);
      const at = env.at!;
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
    case Op.IF: {
      const operators = code[1], paths = code[2], block = code[3], alt = code[4];
      const body = compileBlock(block, env);
      const other = compileAlt(alt, env);
      const offset = offsetOf(code, env);
      const at = env.at!;
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
    case Op.BINDVAR: {
      const name = code[1], paths = code[2], calls = code[3];
      const formatters = bindFormatters(calls, env.formatters);
      const offset = offsetOf(code, env);
      const at = env.at!;
      return (s) => {
        const values = resolveAll(s, paths);
        s.at = at;
        s.offset = offset;
        s.charge(at, offset);
        applyFormatters(s, formatters, values);
        s.top().setVar(name, values[0]);
      };
    }
    case Op.CTXVAR: {
      const name = code[1], bindings = code[2];
      const offset = offsetOf(code, env);
      const at = env.at!;
      return (s) => {
        s.charge(at, offset);
        // No prototype: a binding named `__proto__` is an ordinary key.
        const value: Record<string, unknown> = Object.create(null);
        for (const [key, path] of bindings) value[key] = lookup(s.frames, path) ?? null;
        s.top().setVar(name, value);
      };
    }
    case Op.INJECT: {
      const name = code[1], path = code[2];
      const offset = offsetOf(code, env);
      const at = env.at!;
      return (s) => {
        s.at = at;
        s.offset = offset;
        s.charge(at, offset);
        s.top().setVar(name, s.inject(path));
      };
    }
    case Op.MACRO: {
      const name = code[1], block = code[2];
      const macro = { run: compileBlock(block, env) };
      return (s) => {
        const top = s.top();
        (top.macros ??= new Map()).set(name, macro);
      };
    }
    case Op.EVAL: {
      const offset = offsetOf(code, env);
      const codeStart = env.source.indexOf(code[1], offset + 6);
      return compileEval(code[1], env.at!, offset, codeStart === -1 ? offset : codeStart);
    }
    case Op.INCLUDE: {
      const name = code[1], args = code[2];
      const output = args[0].includes('output');
      const offset = offsetOf(code, env);
      const at = env.at!;
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
    case Op.ROOT:
      return compileBlock(code[2], env);
    default:
      throw new Error(`cannot compile ${opName(code[0])}`);
  }
}

function compileEval(
  source: string,
  at: Locate,
  offset: number,
  /** Where the expression's own text starts: its errors are placed inside it. */
  codeStart: number,
): Run {
  // Compiled once, here, with the default limits; a render with other limits compiles
  // its own copy once per distinct setting.
  const compiled = parseExpr(source, DEFAULT_EXPR_LIMITS);
  let custom: Map<string, ParsedExpr> | undefined;
  const parsed = (limits: ExprLimits | undefined): ParsedExpr => {
    if (limits === undefined) return compiled;
    const key = `${limits.maxTokens ?? ''}|${limits.maxStringLength ?? ''}`;
    custom ??= new Map();
    let expr = custom.get(key);
    if (expr === undefined) {
      expr = parseExpr(source, limits);
      if (custom.size < 16) custom.set(key, expr);
    }
    return expr;
  };
  return (s) => {
    if (!s.options.enableExpr) return;
    s.at = at;
    s.offset = offset;
    s.charge(at, offset);
    const expr = parsed(s.options.exprLimits);
    if (expr.errors.length) {
      for (const e of expr.errors) s.errors.push({ code: e.code, message: e.message, ...at(codeStart + e.offset) });
      return;
    }
    const before = s.errors.length;
    const scratch = new Frame(s.top().node);
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

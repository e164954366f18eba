/**
 * The scope stack of one render: each frame holds a value (what `@` means),
 * its loop index, its `@variables` and its macros. What a macro is (a Runnable) is
 * the render state's business: frames only keep them, so this file needs no state type.
 */
import { getKey, walkPath, type JsonPath } from '../values.js';

const hasOwn = Object.prototype.hasOwnProperty;

export class Frame<Macro = unknown> {
  /** Loop position while this frame's array is iterated, else -1. */
  index = -1;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Macro> | null = null;

  constructor(
    public node: unknown,
    /** Name lookup stops here (partials applied with `private`). */
    public stop = false,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }
}

/** Resolve one name against one frame: `@`, `@index`, `@index0`, `@var`, or a key of the frame's value. */
export function resolveName(name: string | number, frame: Frame): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name.length === 1) return frame.node;
    if (name === '@index') return frame.index === -1 ? undefined : frame.index + 1;
    if (name === '@index0') return frame.index === -1 ? undefined : frame.index;
    return frame.vars === null ? undefined : frame.vars.get(name);
  }
  return getKey(frame.node, name);
}

/** Look the first segment up the stack (innermost first), then walk the rest of the path down. */
export function lookup(frames: readonly Frame[], path: JsonPath): unknown {
  if (path.length === 0) return undefined;
  const first = path[0];
  let value: unknown;
  if (first === '@') {
    // `@` is always the innermost value, even when that value is missing.
    value = frames[frames.length - 1].node;
    return path.length === 1 || value === undefined ? value : walkPath(value, path, 1);
  }
  if (typeof first === 'string' && first.charCodeAt(0) !== 64 /* @ */) {
    // The common case, a plain key: resolveName and getKey inlined by hand.
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i];
      const node = frame.node;
      if (typeof node === 'object' && node !== null && !Array.isArray(node) && hasOwn.call(node, first)) {
        value = (node as Record<string, unknown>)[first];
        if (value !== undefined) break;
      }
      if (frame.stop) break;
    }
  } else {
    for (let i = frames.length - 1; i >= 0; i--) {
      const frame = frames[i];
      value = resolveName(first, frame);
      if (value !== undefined || frame.stop) break;
    }
  }
  return path.length === 1 || value === undefined ? value : walkPath(value, path, 1);
}

/**
 * Section lookup: the first segment in the innermost frame only (its value, loop
 * index or variables), never in enclosing scopes; a name found only further out is missing.
 */
export function lookupHere(frames: readonly Frame[], path: JsonPath): unknown {
  if (path.length === 0) return undefined;
  const value = resolveName(path[0], frames[frames.length - 1]);
  return path.length === 1 || value === undefined ? value : walkPath(value, path, 1);
}

/** Find a macro by name, innermost frame first. */
export function findMacro<Macro>(frames: readonly Frame<Macro>[], name: string): Macro | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const macro = frames[i].macros?.get(name);
    if (macro !== undefined) return macro;
  }
  return undefined;
}

/**
 * Value rules of the dialect, shared by the executor and the plugins.
 * `undefined` is the missing value; everything else is plain JSON.
 */

export type JsonPath = readonly (string | number)[];

export { splitPath } from './syntax/path.js';

const hasOwn = Object.prototype.hasOwnProperty;

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Truthiness of sections, `.if` and `.or`: empty strings, 0, NaN, empty lists and objects, null and missing are false. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v !== '';
    case 'number':
      return v === v && v !== 0;
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length !== 0;
      for (const k in v) if (hasOwn.call(v, k)) return true;
      return false;
    default:
      return false;
  }
}

/** String form of a scalar; objects, arrays, null and missing give ''. */
export function asString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
}

/** Numeric form: numbers as is, numeric strings parsed, booleans 1/0, anything else 0. */
export function asNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return v.indexOf('.') !== -1 ? parseFloat(v) : parseInt(v, 10);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

/** JSON (Jackson) boolean rules: "true" is true, non-zero integers are true, everything else false. */
export function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      return v === 'true';
    case 'number':
      return Number.isInteger(v) && v !== 0;
    default:
      return false;
  }
}

/** Walk `path` down from `value`; own properties only, numeric segments index arrays. */
export function walkPath(value: unknown, path: JsonPath, from = 0): unknown {
  let v = value;
  for (let i = from; i < path.length; i++) {
    const key = path[i];
    if (Array.isArray(v)) {
      if (typeof key !== 'number') return undefined;
      v = v[key];
    } else if (typeof v === 'object' && v !== null && hasOwn.call(v, key)) {
      v = (v as Record<string, unknown>)[key as string];
    } else {
      return undefined;
    }
    if (v === undefined) return undefined;
  }
  return v;
}

/** Look up one key on an object or array (own properties only). */
export function getKey(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) {
    return typeof key === 'number' ? value[key] : undefined;
  }
  if (typeof value === 'object' && value !== null && hasOwn.call(value, key)) {
    return (value as Record<string, unknown>)[key as string];
  }
  return undefined;
}

/**
 * `table[key]` for a plugin's own lookup table, own properties only: a key from a
 * template (`toString`, `__proto__`) never reaches Object.prototype.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return hasOwn.call(table, key) ? table[key] : undefined;
}

/** Deep structural equality of JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!hasOwn.call(b, k) || !deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * Ordering and equality of the comparison predicates (`equal?`, `lessThan?` ...).
 *
 * The order follows the reference's released rule: the left operand's type
 * decides and the right operand is coerced to it (Jackson's asLong, asDouble,
 * asText, asBoolean), so `3 < "4"` compares numbers and `"abc" < 4` compares
 * text. Composites and nothing (null, missing) only know equal or "less".
 */
import { deepEqual } from '../../values.js';

/** Equality of JSON values; missing counts as null, as in the reference. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a === undefined ? null : a, b === undefined ? null : b);
}

/** Negative, zero or positive as `left` sorts before, with or after `right`. */
export function compareValues(left: unknown, right: unknown): number {
  switch (typeof left) {
    case 'number':
      return Number.isInteger(left) ? order(left, asLong(right)) : doubleOrder(left, asDouble(right));
    case 'string':
      return textOrder(left, asText(right));
    case 'boolean':
      return order(left ? 1 : 0, asBoolean(right) ? 1 : 0);
    default:
      return valuesEqual(left, right) ? 0 : -1;
  }
}

function order(a: number, b: number): number {
  return a < b ? -1 : a === b ? 0 : 1;
}

// Java's Double.compare: NaN sorts after every number and equals itself.
function doubleOrder(a: number, b: number): number {
  if (a !== a || b !== b) return a !== a ? (b !== b ? 0 : 1) : -1;
  return order(a, b);
}

// UTF-16 code unit order, like Java's String.compareTo.
function textOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Jackson's asLong: numbers truncate, text must be an integer in full, booleans 1/0, else 0. */
export function asLong(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v !== v ? 0 : Math.trunc(v);
    case 'string': {
      const t = v.trim();
      return /^[-+]?\d+$/.test(t) ? parseInt(t, 10) : 0;
    }
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

function asDouble(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string': {
      const n = Number(v.trim());
      return Number.isFinite(n) ? n : 0;
    }
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

// Jackson's asText: null reads "null", composites and missing read ''.
function asText(v: unknown): string {
  if (v === null) return 'null';
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0;
    case 'string':
      return v.toLowerCase() === 'true';
    default:
      return false;
  }
}

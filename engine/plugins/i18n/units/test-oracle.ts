/**
 * What the float paths' property tests (fast-convert.test.ts, fast-sequence.test.ts)
 * compare against: the 40-digit decimal path's text, and a seeded generator so a
 * failure names a reproducible case (FAST_UNIT_SEED picks another seed).
 */
import type Decimal from 'decimal.js';
import { convertUnit, parseUnitArgs } from './format.js';
import { formatAmount } from './names.js';
import { UNITS } from './table.js';

/** The text of `v` with `args` in `locale`, always through convertUnit + formatAmount. */
export function exactText(v: Decimal, args: string[], locale: string): string {
  const o = parseUnitArgs(args);
  const amounts = convertUnit(v, o, locale);
  if (!amounts) return '';
  return amounts.map((a) => formatAmount(a.value.toFixed(), a.unit.name, o.width, locale, o.number)).join(' ');
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Units converted by a factor (not temperature or fuel consumption). */
export const PROPORTIONAL = [...UNITS.values()].filter((u) => u.category !== 'temperature' && u.category !== 'consumption');

/** The seed of the property tests. */
export const SEED = Number(process.env.FAST_UNIT_SEED ?? 20261123);

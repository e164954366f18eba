/** Reading an instant (epoch ms) out of a template value. */

/**
 * Numbers as is, numeric strings parsed; anything else (missing, objects,
 * non-numeric text) is NaN, which the formatters turn into '' (SPEC §5).
 * @example toEpoch('1613597165345') === 1613597165345
 */
export function toEpoch(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return NaN;
}

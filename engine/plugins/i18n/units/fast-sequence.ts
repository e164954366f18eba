/**
 * `sequence:` (whole amounts of each unit, the rest in the last) in binary floating
 * point, used only where it provably gives the parts of convert.ts's 40-digit path.
 * The amount in the smallest unit and each remainder carry an absolute error bound
 * (the value, the unit ratio and every product and difference add one rounding);
 * a part is taken only when its quotient lies more than 20 times that bound from an
 * integer, the last part is rounded only when it lies as far from a half-even
 * boundary (fast-convert.ts's margin), and a remainder that might be exactly 0
 * declines. With an integer value and integer unit ratios (seconds into days, hours,
 * minutes) every step is exact in both paths and nothing declines. Anything else
 * returns undefined and takes the 40-digit path; fast-sequence.test.ts compares both.
 */
import { ordered } from './convert.js';
import { ratio as unitRatio } from './fast-convert.js';
import type { UnitDef } from './table.js';

const MARGIN = 20;
/** Relative error of one double rounding, rounded up, as in fast-convert.ts. */
const ROUNDING = 2.3e-16;
/** Quotients and scaled values stay below 2^50, where doubles hold every integer with room to spare. */
const MAX_EXACT = 2 ** 50;

/** Per (input unit, smallest unit): the ratio when both paths compute value x ratio exactly, else undefined. */
const integralRatios = new Map<UnitDef, Map<UnitDef, number | undefined>>();

/**
 * The Decimal path computes value x from.factor / to.factor; for an integer value that
 * is exact when both factors are integers and `to`'s divides `from`'s (and the
 * product stays far inside 40 digits, which MAX_EXACT ensures).
 */
function integralRatio(from: UnitDef, to: UnitDef): number | undefined {
  let byTo = integralRatios.get(from);
  if (byTo === undefined) {
    byTo = new Map();
    integralRatios.set(from, byTo);
  }
  if (!byTo.has(to)) {
    const exact =
      from.factor.isInteger() && to.factor.isInteger() && from.factor.lt(MAX_EXACT) && from.factor.mod(to.factor).isZero();
    byTo.set(to, exact ? from.factor.div(to.factor).toNumber() : undefined);
  }
  return byTo.get(to);
}

function rounded(n: number, err: number, digits: number, sign: string): string | undefined {
  const p = 10 ** digits;
  const scaled = n * p;
  if (!(scaled < MAX_EXACT)) return undefined;
  const fraction = scaled - Math.floor(scaled);
  if (Math.abs(fraction - 0.5) <= (err * p + scaled * ROUNDING) * MARGIN) return undefined;
  const whole = String(Math.round(scaled)).padStart(digits + 1, '0');
  const cut = whole.length - digits;
  return sign + (digits === 0 ? whole : `${whole.slice(0, cut)}.${whole.slice(cut)}`);
}

/**
 * The parts of `sequence` for the double `x` of `from` (`negative`: it prints with a
 * minus sign; `integerValue`: the value is exactly the integer x), the last rounded to `digits` fraction digits; undefined when only the
 * exact path can tell.
 * @example fastSequence(3700, false, true, second, ['hour', 'minute', 'second'], 1) // 1 hour, 1 minute, 40.0 seconds
 */
export function fastSequence(
  x: number,
  negative: boolean,
  integerValue: boolean,
  from: UnitDef,
  names: readonly string[],
  digits: number,
): { text: string; unit: UnitDef }[] | undefined {
  if (from.category === 'temperature' || from.category === 'consumption' || !Number.isFinite(x)) return undefined;
  const { units, sizes, integral } = ordered(names, from.category);
  if (units.length === 0) return undefined;
  const last = units.length - 1;
  const smallest = units[last];
  const direct = integralRatio(from, smallest);
  // Exact: integers all the way (the 40-digit path is exact on them too), error 0.
  const exact = direct !== undefined && integerValue && integral;
  const ratio = direct ?? unitRatio(from, smallest);
  let n = Math.abs(x) * ratio;
  if (!(n < MAX_EXACT)) return undefined;
  let err = exact ? 0 : n * 2 * ROUNDING;
  const out: { text: string; unit: UnitDef }[] = [];
  const sign = () => (negative && out.length === 0 ? '-' : '');
  for (let i = 0; i < last; i++) {
    const size = sizes[i];
    let whole: number;
    if (exact) {
      const rest = n % size;
      whole = (n - rest) / size;
      if (whole === 0) continue;
      out.push({ text: sign() + String(whole), unit: units[i] });
      n = rest;
      continue;
    }
    const q = n / size;
    whole = Math.floor(q);
    const slack = (err / size + q * 2 * ROUNDING) * MARGIN;
    if (q - whole <= slack || whole + 1 - q <= slack) return undefined;
    if (whole === 0) continue;
    out.push({ text: sign() + String(whole), unit: units[i] });
    n -= whole * size;
    if (n < 0) return undefined;
    err += whole * size * 2 * ROUNDING + n * ROUNDING;
  }
  // The last unit's size in itself is exactly 1. A remainder that may be 0 declines.
  if (!exact && n <= err * MARGIN) return undefined;
  if (n === 0 && out.length > 0) return out;
  const text = rounded(n, err, digits, sign());
  if (text === undefined) return undefined;
  out.push({ text, unit: smallest });
  return out;
}

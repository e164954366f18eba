/**
 * Proportional unit conversion in binary floating point, used only where it
 * provably shows the same digits as the exact path (convert.ts, 40-digit
 * decimals). The float result differs from the exact one by a relative error
 * below 5e-16 (one rounding each for the value, the unit ratio, the product and
 * the scaling by 10^digits); half-even rounding to `digits` fraction digits can
 * only differ when the scaled value lies within that error of a .5 boundary, and
 * a best-fit choice only when the amount lies that close to a unit's size. Those
 * cases, and everything else this does not handle (temperature, consumption,
 * significant digits, other rounding modes, magnitudes near 2^53), return
 * undefined and take the exact path. fast-convert.test.ts compares both paths.
 */
import type Decimal from 'decimal.js';
import type { NumberOptions } from '../decimal-options.js';
import { ordered } from './convert.js';
import type { UnitDef } from './table.js';

/** 20 times the error bound above: the margin kept from every boundary. */
const MARGIN = 1e-14;
/** Scaled values stay below 2^50, where doubles still hold every integer with room to spare. */
const MAX_SCALED = 2 ** 50;
const MAX_DIGITS = 8;

/** The fraction digits the options round to, when this path can honour them. */
export function fastDigits(o: NumberOptions): number | undefined {
  if (o.maximumSignificantDigits !== undefined || o.minimumSignificantDigits !== undefined) return undefined;
  if (o.roundingMode !== undefined && o.roundingMode !== 'halfEven') return undefined;
  const k = o.maximumFractionDigits;
  return k !== undefined && k <= MAX_DIGITS ? k : undefined;
}

const ratios = new Map<UnitDef, Map<UnitDef, number>>();

/** from.factor / to.factor as the nearest double (unit definitions are constants). */
export function ratio(from: UnitDef, to: UnitDef): number {
  let byTo = ratios.get(from);
  if (byTo === undefined) {
    byTo = new Map();
    ratios.set(from, byTo);
  }
  let r = byTo.get(to);
  if (r === undefined) {
    r = from.factor.div(to.factor).toNumber();
    byTo.set(to, r);
  }
  return r;
}

const near = (a: number, b: number) => Math.abs(a - b) <= Math.abs(b) * MARGIN;

/** bestFit of convert.ts for |x| of `from`; undefined when the amount is too close to a unit's size. */
function fitOf(x: number, from: UnitDef, names: readonly string[]): UnitDef | undefined {
  const { units, sizes } = ordered(names, from.category);
  if (units.length === 0) return from;
  const smallest = units[units.length - 1];
  const n = Math.abs(x * ratio(from, smallest));
  for (let i = 0; i < units.length; i++) {
    const size = sizes[i];
    if (near(n, size)) return undefined;
    if (size < n) return units[i];
  }
  return smallest;
}

/**
 * The converted amount, already rounded to the digits it will show, and its unit;
 * undefined when only the exact path can tell.
 * @example fastConvert(new Decimal('12'), inch, foot, undefined, 1) // { text: '1.0', unit: foot }
 */
export function fastConvert(
  v: Decimal,
  from: UnitDef,
  exact: UnitDef | undefined,
  set: readonly string[] | undefined,
  digits: number,
): { text: string; unit: UnitDef } | undefined {
  const x = v.toNumber();
  if (x === 0 && !v.isZero()) return undefined;
  // The sign is the exact value's; a zero prints unsigned (decimal.js writes -0 as "0").
  return fastConvertNumber(x, v.isNegative() && !v.isZero(), from, exact, set, digits);
}

/**
 * fastConvert for a value that is exactly the double `x` (a number from the data:
 * no Decimal is made); `negative` is whether it prints with a minus sign.
 * @example fastConvertNumber(12, false, inch, foot, undefined, 1) // { text: '1.0', unit: foot }
 */
export function fastConvertNumber(
  x: number,
  negative: boolean,
  from: UnitDef,
  exact: UnitDef | undefined,
  set: readonly string[] | undefined,
  digits: number,
): { text: string; unit: UnitDef } | undefined {
  if (from.category === 'temperature' || from.category === 'consumption') return undefined;
  if (!Number.isFinite(x)) return undefined;
  const to = exact ?? (set ? fitOf(x, from, set) : from);
  if (to === undefined) return undefined;
  // A unit of another category leaves the amount as it is, in its own unit (convert.ts).
  if (to.category !== from.category) return undefined;
  const r = x * ratio(from, to);
  const scaled = Math.abs(r) * 10 ** digits;
  if (!(scaled < MAX_SCALED)) return undefined;
  const fraction = scaled - Math.floor(scaled);
  if (Math.abs(fraction - 0.5) <= scaled * MARGIN) return undefined;
  const whole = String(Math.round(scaled)).padStart(digits + 1, '0');
  const cut = whole.length - digits;
  // The sign is the exact value's (factors are positive): a negative value rounding to 0 shows "-0".
  const sign = negative ? '-' : '';
  return { text: sign + (digits === 0 ? whole : `${whole.slice(0, cut)}.${whole.slice(cut)}`), unit: to };
}

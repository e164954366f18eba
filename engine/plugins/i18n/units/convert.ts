/**
 * Conversion between units of a category, "best fit" among a set of units and
 * breaking an amount into a sequence of whole units, with the reference's rules.
 */
import { memo } from '../../intl.js';
import { UnitDecimal, unitNamed, type UnitDef } from './table.js';

export interface Amount {
  readonly value: UnitDecimal;
  readonly unit: UnitDef;
}

// 100 km in miles, times a US gallon in liters: mpg × L/100km = this.
const MILE = unitNamed('mile')!.factor.div(1000);
const LITERS_PER_GALLON = unitNamed('gallon')!.factor.mul(1000);
const LITERS_PER_IMPERIAL_GALLON = new UnitDecimal('4.54609');
const MPG_TIMES_L100KM = new UnitDecimal(100).div(MILE).mul(LITERS_PER_GALLON);
const MPG_IMP_TIMES_L100KM = new UnitDecimal(100).div(MILE).mul(LITERS_PER_IMPERIAL_GALLON);

/** Fuel consumption: per-distance and per-volume units are reciprocal. */
function consumption(v: UnitDecimal, from: string, to: string): UnitDecimal {
  const per100 = (u: string, x: UnitDecimal) => (u === 'liter-per-kilometer' ? x.mul(100) : x);
  const mpg = (u: string) => (u === 'mile-per-gallon' ? MPG_TIMES_L100KM : MPG_IMP_TIMES_L100KM);
  const fromLiters = from.startsWith('liter');
  const toLiters = to.startsWith('liter');
  if (fromLiters && toLiters) return to === 'liter-per-kilometer' ? per100(from, v).div(100) : per100(from, v);
  if (!fromLiters && !toLiters) return v.mul(mpg(from)).div(mpg(to));
  // x L/km is 100x L/100km; then mpg = k / (L/100km) and back.
  if (fromLiters) return mpg(to).div(per100(from, v));
  const l100 = mpg(from).div(v);
  return to === 'liter-per-kilometer' ? l100.div(100) : l100;
}

function temperature(v: UnitDecimal, from: string, to: string): UnitDecimal {
  const kelvin = from === 'celsius' ? v.plus('273.15') : from === 'fahrenheit' ? v.plus('459.67').mul(5).div(9) : v;
  if (to === 'celsius') return kelvin.minus('273.15');
  if (to === 'fahrenheit') return kelvin.mul(9).div(5).minus('459.67');
  return kelvin;
}

/** Convert to `to`; a unit of another category leaves the amount as it is. */
export function convert(a: Amount, to: UnitDef): Amount {
  const from = a.unit;
  if (from.name === to.name || from.category !== to.category) return a;
  if (from.category === 'consumption') return { value: consumption(a.value, from.name, to.name), unit: to };
  if (from.category === 'temperature') return { value: temperature(a.value, from.name, to.name), unit: to };
  return { value: a.value.mul(from.factor).div(to.factor), unit: to };
}

/** A unit set of one category, largest first, with each unit's size in the smallest. */
export interface OrderedSet {
  readonly units: readonly UnitDef[];
  readonly ratios: readonly UnitDecimal[];
  /** The ratios as the nearest doubles (fast-convert.ts reads them per value). */
  readonly sizes: readonly number[];
  /** Every ratio is an integer (fast-sequence.ts is exact on them). */
  readonly integral: boolean;
}

/** Per names array (the named sets are constants; parsed unit lists are cached), then category. */
const orderedSets = new WeakMap<readonly string[], Map<string, OrderedSet>>();

/** The units of `names` of the category, largest first; cached, as sets repeat on every render. */
export function ordered(names: readonly string[], category: string): OrderedSet {
  let byCategory = orderedSets.get(names);
  if (byCategory === undefined) {
    byCategory = new Map();
    orderedSets.set(names, byCategory);
  }
  return memo(byCategory, category, () => {
    const units = names
      .map(unitNamed)
      .filter((u): u is UnitDef => u !== undefined && u.category === category)
      .sort((x, y) => y.factor.comparedTo(x.factor));
    const smallest = units[units.length - 1];
    const ratios = units.map((u) => u.factor.div(smallest.factor));
    return { units, ratios, sizes: ratios.map((r) => r.toNumber()), integral: ratios.every((r) => r.isInteger()) };
  });
}

/**
 * The largest unit of the set that is at most the amount, else the smallest.
 * @example bestFit({ value: new UnitDecimal(120), unit: second }, ['hour', 'minute', 'second']) // 2 minutes
 */
export function bestFit(a: Amount, names: readonly string[]): Amount {
  const { units, ratios } = ordered(names, a.unit.category);
  if (units.length === 0) return a;
  const base = convert(a, units[units.length - 1]);
  const n = base.value.abs();
  const i = ratios.findIndex((ratio) => ratio.lte(n));
  return convert(base, units[i === -1 ? units.length - 1 : i]);
}

/**
 * Whole amounts of each unit, the remainder (with its fraction) in the last;
 * units that would show 0 are left out; only the first part carries the sign.
 */
export function sequence(a: Amount, names: readonly string[]): Amount[] {
  const { units, ratios } = ordered(names, a.unit.category);
  if (units.length === 0) return [a];
  const smallest = units[units.length - 1];
  let n = convert(a, smallest).value;
  const negative = n.isNegative();
  n = n.abs();
  const out: Amount[] = [];
  const signed = (v: UnitDecimal) => (negative && out.length === 0 ? v.neg() : v);
  units.forEach((unit, i) => {
    const divisor = ratios[i];
    if (i === units.length - 1) {
      if (!n.isZero() || out.length === 0) out.push({ value: signed(n.div(divisor)), unit });
    } else if (divisor.lte(n)) {
      const whole = n.div(divisor).trunc();
      out.push({ value: signed(whole), unit });
      n = n.minus(whole.mul(divisor));
    }
  });
  return out;
}

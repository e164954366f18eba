/**
 * Unit conversion factors (math, not locale data): each unit's size in its
 * category's base unit, and the units a category picks from for "best fit"
 * per measurement system. Temperatures convert with an offset as well.
 */
import Decimal from 'decimal.js';

export type System = 'metric' | 'us';

export interface UnitDef {
  readonly category: string;
  /** Size in the base unit of the category. */
  readonly factor: Decimal;
  /** Added after scaling to reach the base (temperatures only). */
  readonly offset?: Decimal;
}

const D = (v: Decimal.Value) => new Decimal(v);
const PI = Decimal.acos(-1);
const YEAR_DAYS = '365.2422';

const defs: Record<string, [string, Decimal.Value]> = {
  // length, base meter
  millimeter: ['length', '0.001'], centimeter: ['length', '0.01'], meter: ['length', 1], kilometer: ['length', 1000],
  inch: ['length', '0.0254'], foot: ['length', '0.3048'], yard: ['length', '0.9144'], mile: ['length', '1609.344'],
  point: ['length', D('0.0254').div(72)], 'astronomical-unit': ['length', '149597870700'],
  'light-year': ['length', '9460730472580800'], parsec: ['length', '30856775814913673'],
  // area, base square meter
  'square-centimeter': ['area', '0.0001'], 'square-meter': ['area', 1], 'square-kilometer': ['area', 1e6],
  hectare: ['area', 1e4], 'square-inch': ['area', '0.00064516'], 'square-foot': ['area', '0.09290304'],
  'square-yard': ['area', '0.83612736'], acre: ['area', '4046.8564224'], 'square-mile': ['area', '2589988.110336'],
  // duration, base second
  nanosecond: ['duration', '1e-9'], microsecond: ['duration', '1e-6'], millisecond: ['duration', '0.001'],
  second: ['duration', 1], minute: ['duration', 60], hour: ['duration', 3600], day: ['duration', 86400],
  week: ['duration', 604800], month: ['duration', D(YEAR_DAYS).mul(86400).div(12)],
  year: ['duration', D(YEAR_DAYS).mul(86400)], century: ['duration', D(YEAR_DAYS).mul(8640000)],
  // digital, base bit; byte multiples are binary, bit multiples decimal
  bit: ['digital', 1], kilobit: ['digital', 1e3], megabit: ['digital', 1e6], gigabit: ['digital', 1e9], terabit: ['digital', 1e12],
  byte: ['digital', 8], kilobyte: ['digital', 8 * 1024], megabyte: ['digital', 8 * 1024 ** 2],
  gigabyte: ['digital', 8 * 1024 ** 3], terabyte: ['digital', 8 * 1024 ** 4], petabyte: ['digital', 8 * 1024 ** 5],
  // angle, base degree
  'arc-second': ['angle', D(1).div(3600)], 'arc-minute': ['angle', D(1).div(60)], degree: ['angle', 1],
  radian: ['angle', D(180).div(PI)], revolution: ['angle', 360],
  // frequency, base hertz
  hertz: ['frequency', 1], kilohertz: ['frequency', 1e3], megahertz: ['frequency', 1e6], gigahertz: ['frequency', 1e9],
  // electric current, base ampere
  milliampere: ['electric', '0.001'], ampere: ['electric', 1],
  // energy, base joule
  joule: ['energy', 1], kilojoule: ['energy', 1000],
  // acceleration, base m/s²
  'meter-per-second-squared': ['acceleration', 1], 'g-force': ['acceleration', '9.80665'],
  // power, base watt
  milliwatt: ['power', '0.001'], watt: ['power', 1], kilowatt: ['power', 1e3], megawatt: ['power', 1e6],
  gigawatt: ['power', 1e9], horsepower: ['power', '745.69987158227022'],
  // temperature, base kelvin (offsets below)
  kelvin: ['temperature', 1], celsius: ['temperature', 1], fahrenheit: ['temperature', D(5).div(9)],
};

const OFFSETS: Record<string, Decimal> = { celsius: D('273.15'), fahrenheit: D('459.67').mul(5).div(9) };

export const UNITS: Readonly<Record<string, UnitDef>> = Object.fromEntries(
  Object.entries(defs).map(([name, [category, factor]]) => [name, { category, factor: D(factor), offset: OFFSETS[name] }]),
);

const ALIASES: Record<string, string> = {
  feet: 'foot', inches: 'inch', radians: 'radian', amp: 'ampere', amps: 'ampere', milliamp: 'milliampere',
  joules: 'joule', grams: 'gram', kilograms: 'kilogram', degrees: 'degree',
};

/** The unit a name means (plural and short aliases accepted). */
export function unitNamed(name: string): [string, UnitDef] | undefined {
  const n = ALIASES[name] ?? name;
  const def = UNITS[n];
  return def ? [n, def] : undefined;
}

/** Units "best fit" chooses from, smallest first; `compact:NAME` names a list directly. */
export const FIT: Record<string, Partial<Record<System | 'any', readonly string[]>>> = {
  length: { metric: ['millimeter', 'centimeter', 'meter', 'kilometer'], us: ['inch', 'foot', 'yard', 'mile'] },
  area: { metric: ['square-centimeter', 'square-meter', 'square-kilometer'], us: ['square-inch', 'square-foot', 'square-mile'] },
  duration: { any: ['millisecond', 'second', 'minute', 'hour', 'day', 'month', 'year'] },
  'duration-large': { any: ['day', 'month', 'year'] },
  'duration-small': { any: ['millisecond', 'second', 'minute', 'hour', 'day'] },
  bytes: { any: ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] },
  bits: { any: ['bit', 'kilobit', 'megabit', 'gigabit', 'terabit'] },
  angle: { any: ['arc-second', 'arc-minute', 'degree'] },
  frequency: { any: ['hertz', 'kilohertz', 'megahertz', 'gigahertz'] },
  electric: { any: ['milliampere', 'ampere'] },
  energy: { any: ['joule', 'kilojoule'] },
  power: { any: ['milliwatt', 'watt', 'kilowatt', 'megawatt', 'gigawatt'] },
  acceleration: { any: ['meter-per-second-squared'] },
  temperature: { metric: ['celsius'], us: ['fahrenheit'] },
};

/** Convert `v` from one unit to another of the same category. */
export function convert(v: Decimal, from: UnitDef, to: UnitDef): Decimal {
  const base = v.mul(from.factor).plus(from.offset ?? 0);
  return base.minus(to.offset ?? 0).div(to.factor);
}

/**
 * Unit conversion factors (math, not locale data): each unit's size in its
 * category's base unit. Consumption and temperature are not proportional and
 * convert in convert.ts. Exact decimals at 40 digits, so values as large as
 * 10^20 keep their last shown digit (binary floats do not).
 */
import Decimal from 'decimal.js';
import { ownEntry } from '../../../values.js';

/** Decimal arithmetic for unit conversion: 40 significant digits, half-even like the reference. */
export const UnitDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type UnitDecimal = InstanceType<typeof UnitDecimal>;

export type Category =
  | 'acceleration' | 'angle' | 'area' | 'consumption' | 'digital' | 'duration' | 'electric' | 'energy'
  | 'frequency' | 'length' | 'mass' | 'power' | 'pressure' | 'speed' | 'temperature' | 'volume';

export interface UnitDef {
  readonly name: string;
  readonly category: Category;
  /** Size in the base unit of the category (1 for consumption and temperature). */
  readonly factor: UnitDecimal;
}

const D = (v: Decimal.Value) => new UnitDecimal(v);
// The reference's factors take pi at double precision (it shows in the 16th digit of parsecs).
const PI = D('3.141592653589793');
const INCH = D('0.0254');
const POUND = D('0.45359237');
const SQ_INCH = INCH.pow(2);
const SQ_MILE = INCH.mul(63360).pow(2);
const CU_FOOT = D(1).div('35.31466672148859');
const CU_INCH = CU_FOOT.div(1728);
const GALLON = CU_INCH.mul(231);
const FL_OUNCE = GALLON.div(128);
const AU = D('149597870700');
const MONTH = D('30.436875').mul(86400);

const FACTORS: Record<Category, Record<string, Decimal.Value>> = {
  acceleration: { 'meter-per-second-squared': 1, 'g-force': '9.80665' },
  angle: { degree: 1, revolution: 360, 'arc-minute': D(1).div(60), 'arc-second': D(1).div(3600), radian: D(180).div(PI) },
  area: {
    'square-kilometer': 1e6, hectare: 1e4, 'square-meter': 1, 'square-centimeter': '0.0001',
    'square-mile': SQ_MILE, 'square-yard': SQ_INCH.mul(1296), 'square-foot': SQ_INCH.mul(144), 'square-inch': SQ_INCH,
    acre: SQ_INCH.mul(144 * 43560),
  },
  consumption: { 'liter-per-100kilometers': 1, 'liter-per-kilometer': 1, 'mile-per-gallon': 1, 'mile-per-gallon-imperial': 1 },
  // Bit multiples are decimal, byte multiples binary (the reference's DIGITAL factors).
  digital: {
    bit: 1, kilobit: 1e3, megabit: 1e6, gigabit: 1e9, terabit: 1e12, byte: 8,
    kilobyte: D(8).mul(1024), megabyte: D(8).mul(1024 ** 2), gigabyte: D(8).mul(1024 ** 3),
    terabyte: D(8).mul(D(1024).pow(4)), petabyte: D(8).mul(D(1024).pow(5)),
  },
  // A year is 365.2425 days, a month a twelfth of it (the reference's DURATION factors).
  duration: {
    century: '3155695200', year: '31556952', month: MONTH, week: 604800, day: 86400, hour: 3600, minute: 60, second: 1,
    millisecond: '0.001', microsecond: '0.000001', nanosecond: '1e-9',
  },
  electric: { ampere: 1, milliampere: '0.001' },
  energy: { kilojoule: 1000, joule: 1, 'kilowatt-hour': 3.6e6, calorie: '4.1868', foodcalorie: '4.184', kilocalorie: '4186.8' },
  frequency: { gigahertz: 1e9, megahertz: 1e6, kilohertz: 1e3, hertz: 1 },
  length: {
    kilometer: 1000, meter: 1, decimeter: '0.1', centimeter: '0.01', millimeter: '0.001', micrometer: '1e-6',
    nanometer: '1e-9', picometer: '1e-12', mile: INCH.mul(63360), yard: INCH.mul(36), foot: INCH.mul(12), inch: INCH,
    'light-year': '9460730472580800', 'astronomical-unit': AU, parsec: AU.mul(648000).div(PI), furlong: INCH.mul(7920),
    fathom: INCH.mul(72), 'nautical-mile': 1852, 'mile-scandinavian': 10000, point: INCH.div(72),
  },
  mass: {
    'metric-ton': 1000, kilogram: 1, gram: '0.001', milligram: '1e-6', microgram: '1e-9', carat: '0.0002',
    ton: POUND.mul(2000), stone: POUND.mul(14), pound: POUND, ounce: POUND.div(16), 'ounce-troy': POUND.mul(12).div(175),
  },
  power: { gigawatt: 1e9, megawatt: 1e6, kilowatt: 1e3, watt: 1, milliwatt: '0.001', horsepower: '745.69987158227' },
  pressure: {
    hectopascal: 1, millibar: 1, 'inch-hg': '33.86389', 'millimeter-of-mercury': D('1013.25').div(760),
    'pound-per-square-inch': D('8896443230521').div('129032000000'),
  },
  speed: { 'meter-per-second': 1, 'kilometer-per-hour': D(1).div('3.6'), 'mile-per-hour': D(1397).div(3125), knot: D(463).div(900) },
  temperature: { celsius: 1, fahrenheit: 1, kelvin: 1 },
  volume: {
    'cubic-kilometer': 1e9, 'cubic-meter': 1, 'cubic-centimeter': '1e-6', megaliter: 1000, hectoliter: '0.1', liter: '0.001',
    deciliter: '0.0001', centiliter: '0.00001', milliliter: '1e-6', 'cup-metric': '0.00025', 'pint-metric': '0.0005',
    'cubic-mile': CU_FOOT.mul(27).mul(5451776000), 'cubic-yard': CU_FOOT.mul(27), 'cubic-foot': CU_FOOT, 'cubic-inch': CU_INCH,
    'acre-foot': CU_FOOT.mul(43560), 'gallon-imperial': '0.00454609', bushel: CU_INCH.mul('2150.42'), gallon: GALLON,
    quart: GALLON.div(4), pint: GALLON.div(8), cup: FL_OUNCE.mul(8), 'fluid-ounce': FL_OUNCE,
    tablespoon: FL_OUNCE.div(2), teaspoon: FL_OUNCE.div(6),
  },
};

export const UNITS: ReadonlyMap<string, UnitDef> = new Map(
  Object.entries(FACTORS).flatMap(([category, units]) =>
    Object.entries(units).map(([name, f]): [string, UnitDef] => [name, { name, category: category as Category, factor: D(f) }]),
  ),
);

// Spellings old templates use (plurals, short names) for the CLDR identifiers.
const ALIASES: Record<string, string> = {
  amp: 'ampere', amps: 'ampere', amperes: 'ampere', milliamp: 'milliampere', milliamps: 'milliampere',
  joules: 'joule', grams: 'gram', kilograms: 'kilogram', feet: 'foot', inches: 'inch', meters: 'meter',
  degrees: 'degree', radians: 'radian', 'liters-per-kilometer': 'liter-per-kilometer', bytes: 'byte', bits: 'bit',
  seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day',
};

/** The unit a name means (CLDR identifier, or a plural or short alias). */
export function unitNamed(name: string): UnitDef | undefined {
  return UNITS.get(ownEntry(ALIASES, name) ?? name);
}

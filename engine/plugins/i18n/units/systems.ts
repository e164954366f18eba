/**
 * Measurement systems and the unit sets "best fit" and sequences choose from.
 * CLDR's measurementSystem: the US, Liberia and Myanmar use US units; the
 * temperature scale is Fahrenheit in the US and a few other territories.
 */
import { localeRegion } from '../../intl.js';
import type { Category } from './table.js';
import { ownEntry } from '../../../values.js';

export type System = 'metric' | 'us';

const US_MEASURES = new Set(['US', 'LR', 'MM']);
const US_TEMPERATURE = new Set(['US', 'BS', 'BZ', 'KY', 'PR', 'PW']);

/**
 * The system a locale uses for a category (temperature has its own list).
 * @example systemOf('en-US', 'length') === 'us'
 */
export function systemOf(locale: string, category: string = 'length'): System {
  let region: string | undefined;
  try {
    region = localeRegion(locale);
  } catch {
    return 'metric';
  }
  if (!region) return 'metric';
  const us = category === 'temperature' ? US_TEMPERATURE : US_MEASURES;
  return us.has(region) ? 'us' : 'metric';
}

/** Named unit sets, largest unit first (the reference's factor sets). */
const SETS: Record<string, Partial<Record<System, readonly string[]>> & { any?: readonly string[] }> = {
  angle: { any: ['degree', 'arc-minute', 'arc-second'] },
  area: { metric: ['square-kilometer', 'square-meter', 'square-centimeter'], us: ['square-mile', 'square-foot', 'square-inch'] },
  bits: { any: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'] },
  bytes: { any: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'] },
  duration: { any: ['century', 'year', 'month', 'day', 'hour', 'minute', 'second'] },
  'duration-large': { any: ['century', 'year', 'month', 'day'] },
  'duration-small': { any: ['day', 'hour', 'minute', 'second'] },
  electric: { any: ['ampere', 'milliampere'] },
  energy: { any: ['kilojoule', 'joule'] },
  frequency: { any: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'] },
  length: { metric: ['kilometer', 'meter', 'centimeter'], us: ['mile', 'yard', 'foot', 'inch'] },
  mass: { metric: ['metric-ton', 'kilogram', 'gram', 'milligram'], us: ['ton', 'pound', 'ounce'] },
  // The reference's power set stops at watts: milliwatts convert up, and `out:watt` reads watts.
  power: { any: ['gigawatt', 'megawatt', 'kilowatt', 'watt'] },
  volume: { metric: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'], us: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'] },
  liquid: {
    metric: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'],
    us: ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
  },
};

const SET_ALIASES: Record<string, string> = { angles: 'angle', bit: 'bits', byte: 'bytes' };

/** The units of a named set (`compact:length`) in a system; undefined for an unknown name. */
export function unitSet(name: string, system: System): readonly string[] | undefined {
  const set = ownEntry(SETS, ownEntry(SET_ALIASES, name) ?? name);
  return set ? (set.any ?? ownEntry(set, system)) : undefined;
}

/** Categories with a single display unit per system: `compact:speed` and the default of such inputs. */
const SINGLE: Partial<Record<string, Record<System, string>>> = {
  acceleration: { metric: 'meter-per-second-squared', us: 'meter-per-second-squared' },
  consumption: { metric: 'liter-per-100kilometers', us: 'mile-per-gallon' },
  pressure: { metric: 'millibar', us: 'millibar' },
  speed: { metric: 'kilometer-per-hour', us: 'mile-per-hour' },
  temperature: { metric: 'celsius', us: 'fahrenheit' },
};

/** @example singleUnit('speed', 'us') === 'mile-per-hour' */
export function singleUnit(category: string, system: System): string | undefined {
  return SINGLE[category === 'temp' ? 'temperature' : category]?.[system];
}

/** The set "best fit" uses for a category by default (digital: bytes). */
export function defaultSet(category: Category, system: System): readonly string[] | undefined {
  return unitSet(category === 'digital' ? 'bytes' : category, system);
}

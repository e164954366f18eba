/**
 * `unit` and its per-category names (`{x|temperature in:celsius}` is
 * `{x|unit in:celsius}`): the value must be a finite decimal (SPEC §5).
 */
import type { Formatter, FormatterTable } from '../types.js';
import { parseDecimal } from './decimal-options.js';
import { formatUnit, parseUnitArgs } from './units/format.js';

export const unitFormatter: Formatter = (value, args, ctx) => {
  const locale = ctx.locale;
  const d = parseDecimal(value);
  if (locale === null || !d) return '';
  try {
    return formatUnit(d, parseUnitArgs(args), locale);
  } catch (e) {
    ctx.error('FORMATTER', `unit: ${e instanceof Error ? e.message : String(e)}`);
    return '';
  }
};

const CATEGORIES = [
  'acceleration', 'angle', 'area', 'consumption', 'digital', 'duration', 'electric', 'energy',
  'frequency', 'length', 'light', 'mass', 'power', 'pressure', 'speed', 'temperature', 'volume',
];

export const UNIT_CATEGORY_FORMATTERS: FormatterTable = Object.fromEntries(CATEGORIES.map((c) => [c, unitFormatter]));

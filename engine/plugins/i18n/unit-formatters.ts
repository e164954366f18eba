/**
 * `unit` and its per-category names (`{x|temperature in:celsius}` is
 * `{x|unit in:celsius}`): the value must be a finite decimal (SPEC §5).
 */
import type { Formatter, FormatterTable } from '../../plugin-contract.js';
import { parseDecimal } from './decimal-options.js';
import { sharedParsedArgs } from '../parsed-args.js';
import { formatUnit, parseUnitArgs, type UnitOptions } from './units/format.js';
import { formatNumberUnit, formatTextUnit } from './units/fast-format.js';
import { isDecimalText } from '../number-text.js';
import { ErrorCode } from '../../errors.js';
import { cachedResult, resultCache } from '../result-cache.js';

const unitArgsByText = new Map<string, UnitOptions>();

/**
 * Parsed options are shared by every render of every instruction with the same
 * argument texts: frozen (unit lists too) so none can change them.
 */
function parseShared(args: readonly string[]): UnitOptions {
  const o = parseUnitArgs(args);
  Object.freeze(o.number);
  if (o.exactList) Object.freeze(o.exactList);
  if (o.sequence) Object.freeze(o.sequence);
  return Object.freeze(o);
}

/**
 * `unit` options, parsed once per frozen argument array (template instructions,
 * parsed messages) and shared by argument texts (parsed-args.ts): a new template
 * reuses the Intl formatters keyed by the options object.
 */
export function parsedUnitArgs(args: readonly string[]): UnitOptions {
  return sharedParsedArgs(unitArgsByText, args, parseShared);
}

/** Text per instruction, locale and value: conversion at 40 digits is the costly part. */
const results = resultCache();

/**
 * The unit text of a value for frozen arguments (a template instruction's or a
 * parsed message's), remembered (result-cache.ts); throws what formatUnit throws,
 * and a throw is not remembered.
 */
export function unitText(value: unknown, args: readonly string[], locale: string): string {
  return cachedResult(results, args, locale, value, unitTextOf);
}

function unitTextOf(value: unknown, args: readonly string[], locale: string): string {
  const o = parsedUnitArgs(args);
  // Most conversions take the float path: no Decimal then.
  const fast =
    typeof value === 'number'
      ? formatNumberUnit(value, o, locale)
      : typeof value === 'string' && isDecimalText(value)
        ? formatTextUnit(value, o, locale)
        : undefined;
  if (fast !== undefined) return fast;
  const d = parseDecimal(value);
  return d ? formatUnit(d, o, locale) : '';
}

export const unitFormatter: Formatter = (value, args, ctx) => {
  const locale = ctx.locale;
  if (locale === null) return '';
  try {
    return unitText(value, args, locale);
  } catch (e) {
    ctx.error(ErrorCode.FORMATTER, `unit: ${e instanceof Error ? e.message : String(e)}`);
    return '';
  }
};

const CATEGORIES = [
  'acceleration', 'angle', 'area', 'consumption', 'digital', 'duration', 'electric', 'energy',
  'frequency', 'length', 'light', 'mass', 'power', 'pressure', 'speed', 'temperature', 'volume',
];

export const UNIT_CATEGORY_FORMATTERS: FormatterTable = Object.fromEntries(CATEGORIES.map((c) => [c, unitFormatter]));

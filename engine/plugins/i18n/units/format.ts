/**
 * The `unit` formatter's logic: convert an amount (`in:`), then show it in one
 * unit (`out:x`), the best fit of a list (`out:a,b,c`) or of a named set
 * (`compact:length`), as whole units in sequence (`sequence:foot,inch`), or by
 * default in the best unit of its category in the locale's measurement system.
 * Defaults: at most one fraction digit, no grouping (`group` turns it on),
 * narrow width.
 */
import type Decimal from 'decimal.js';
import { numberOption, reconcile, splitOption, type NumberOptions } from '../decimal-options.js';
import { bestFit, convert, sequence, type Amount } from './convert.js';
import { formatAmount, formatPlain, type Width } from './names.js';
import { defaultSet, singleUnit, systemOf, unitSet } from './systems.js';
import { fastConvert, fastDigits } from './fast-convert.js';
import { fastSequence } from './fast-sequence.js';
import { UnitDecimal, unitNamed, type UnitDef } from './table.js';
import { ownEntry } from '../../../values.js';

export interface UnitOptions {
  in?: UnitDef;
  /** `out:x`: one unit to convert to. */
  exact?: UnitDef;
  /** `out:a,b,c`: units to pick the best fit from. */
  exactList?: UnitDef[];
  sequence?: UnitDef[];
  compact?: string;
  width: Width;
  number: NumberOptions;
}

const WIDTHS: Record<string, Width> = { narrow: 'narrow', short: 'short', long: 'long' };

/** A unit list of one category; undefined when a name is unknown or categories mix. */
function unitList(val: string): UnitDef[] | undefined {
  const units = val.split(',').map(unitNamed);
  if (units.some((u) => u === undefined || u.category !== units[0]!.category)) return undefined;
  return units as UnitDef[];
}

/** @example parseUnitArgs(['in:inch', 'out:foot']).exact?.name === 'foot' */
export function parseUnitArgs(args: readonly string[]): UnitOptions {
  const o: UnitOptions = { width: 'narrow', number: { maximumFractionDigits: 1, useGrouping: false } };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'in') o.in = unitNamed(val);
    else if (key === 'out') {
      if (val.includes(',')) o.exactList = unitList(val);
      else o.exact = unitNamed(val);
    } else if (key === 'sequence') {
      // The first of `sequence` and `compact` wins.
      if (!o.sequence && o.compact === undefined) o.sequence = unitList(val);
    } else if (key === 'compact') o.compact = val;
    else if (key === 'format') o.width = ownEntry(WIDTHS, val) ?? o.width;
    else if (numberOption(key, val, o.number)) {
      // An explicit fraction length is shown in full ("0.510", "0.00833").
      if (/^max(frac|imumFractionDigits)$/i.test(key)) o.number.minimumFractionDigits = o.number.maximumFractionDigits;
      if (/^min(frac|imumFractionDigits)$/i.test(key)) o.number.maximumFractionDigits = o.number.minimumFractionDigits;
    }
  }
  reconcile(o.number);
  return o;
}

/** Without `in:`, the input unit follows from the output unit (bits for `out:gigabit`). */
function inputFor(exact: UnitDef, locale: string): UnitDef | undefined {
  if (exact.category === 'digital') return unitNamed(exact.name.endsWith('bit') ? 'bit' : 'byte');
  if (exact.category === 'frequency') return unitNamed('hertz');
  const system = systemOf(locale, exact.category);
  const single = singleUnit(exact.category, system);
  if (single) return unitNamed(single);
  const set = defaultSet(exact.category, system);
  return set ? unitNamed(set[set.length - 1]) : undefined;
}

function smallestOf(names: readonly string[]): UnitDef | undefined {
  return names.map(unitNamed).reduce<UnitDef | undefined>((min, u) => (u && (!min || u.factor.lt(min.factor)) ? u : min), undefined);
}

const unitNames = new WeakMap<readonly UnitDef[], readonly string[]>();

/** The names of a parsed unit list, the same array each time (convert.ts caches per array). */
function namesOf(units: readonly UnitDef[]): readonly string[] {
  let names = unitNames.get(units);
  if (names === undefined) {
    names = units.map((u) => u.name);
    unitNames.set(units, names);
  }
  return names;
}

/** What the options ask for: the input unit, then one target, a set to fit or a sequence. */
export interface Plan {
  readonly input: UnitDef;
  readonly exact?: UnitDef;
  readonly set?: readonly string[];
  readonly sequence?: boolean;
}

export function planOf(o: UnitOptions, locale: string): Plan | undefined {
  let exact = o.exact;
  let set: readonly string[] | undefined;
  if (o.compact !== undefined) {
    const single = singleUnit(o.compact, systemOf(locale, o.compact));
    if (single) exact = unitNamed(single);
    else set = unitSet(o.compact, systemOf(locale, o.compact));
  } else if (o.exactList) set = namesOf(o.exactList);
  else if (o.sequence) set = namesOf(o.sequence);

  const input = o.in ?? (exact ? inputFor(exact, locale) : o.exactList ? inputFor(o.exactList[0], locale) : set && smallestOf(set));
  if (!input) return undefined;
  if (exact) return { input, exact };
  if (o.sequence && o.compact === undefined && !o.exactList) return { input, set: set ?? [], sequence: true };
  if (set) return { input, set };
  const system = systemOf(locale, input.category);
  const single = singleUnit(input.category, system);
  if (single) return { input, exact: unitNamed(single)! };
  const fallback = defaultSet(input.category, system);
  // No set for the category: the amount stays in its unit.
  return fallback ? { input, set: fallback } : { input, exact: input };
}

/** Convert as the options say: one amount, or several for a sequence. */
export function convertUnit(v: Decimal, o: UnitOptions, locale: string): Amount[] | undefined {
  const plan = planOf(o, locale);
  if (!plan) return undefined;
  // Copying the digits is exact: the constructor does not round to the precision.
  const amount: Amount = { value: new UnitDecimal(v), unit: plan.input };
  if (plan.sequence) return sequence(amount, plan.set ?? []);
  if (plan.set) return [bestFit(amount, plan.set)];
  return [convert(amount, plan.exact ?? plan.input)];
}

/** Sequence parts as formatUnit joins them. */
export function formatParts(parts: readonly { text: string; unit: UnitDef }[], o: UnitOptions, locale: string): string {
  let out = formatAmount(parts[0].text, parts[0].unit.name, o.width, locale, o.number);
  for (let i = 1; i < parts.length; i++) out += ' ' + formatAmount(parts[i].text, parts[i].unit.name, o.width, locale, o.number);
  return out;
}

/**
 * @example formatUnit(new Decimal(12345), parseUnitArgs(['in:inch', 'sequence:foot,inch']), 'en-US') === '1028′ 9″'
 */
export function formatUnit(v: Decimal, o: UnitOptions, locale: string): string {
  if (!o.in && !o.exact && !o.exactList && !o.sequence && o.compact === undefined) return formatPlain(v.toFixed(), locale, o.number);
  const digits = fastDigits(o.number);
  if (digits !== undefined) {
    const plan = planOf(o, locale);
    if (!plan) return '';
    if (plan.sequence) {
      const x = v.toNumber();
      const integer = v.isInteger() && Math.abs(x) <= Number.MAX_SAFE_INTEGER;
      const parts = fastSequence(x, v.isNegative() && !v.isZero(), integer, plan.input, plan.set ?? [], digits);
      if (parts) return formatParts(parts, o, locale);
    }
    const fast = plan.sequence ? undefined : fastConvert(v, plan.input, plan.exact, plan.set, digits);
    if (fast) return formatAmount(fast.text, fast.unit.name, o.width, locale, o.number);
  }
  const amounts = convertUnit(v, o, locale);
  if (!amounts) return '';
  return amounts.map((a) => formatAmount(a.value.toFixed(), a.unit.name, o.width, locale, o.number)).join(' ');
}

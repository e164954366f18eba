/**
 * The `unit` formatter: convert an amount (`in:`), then show it in one unit
 * (`out:x`), the best fit of a list (`out:a,b,c`, `compact:category`, or by
 * default the input's category in the locale's measurement system), or as a
 * sequence of whole units (`sequence:foot,inch`). Defaults: one fraction
 * digit, no grouping (`group` turns it on), narrow width.
 */
import Decimal from 'decimal.js';
import { numberOption, splitOption, type NumberOptions } from '../decimal-options.js';
import { formatAmount, type Width } from './names.js';
import { convert, FIT, unitNamed, type System, type UnitDef } from './table.js';

export interface UnitOptions {
  in?: string;
  out: string[];
  sequence: string[];
  compact?: string;
  width: Width;
  number: NumberOptions;
}

const WIDTHS: Record<string, Width> = { narrow: 'narrow', short: 'short', long: 'long' };

/** @example parseUnitArgs(['in:inch', 'out:foot']).out // ['foot'] */
export function parseUnitArgs(args: readonly string[]): UnitOptions {
  const o: UnitOptions = { out: [], sequence: [], width: 'narrow', number: { maximumFractionDigits: 1, useGrouping: false } };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'in') o.in = val;
    else if (key === 'out') o.out = val.split(/[,.]/).filter(Boolean);
    else if (key === 'sequence') o.sequence = val.split(',').filter(Boolean);
    else if (key === 'compact') o.compact = val;
    else if (key === 'format' && WIDTHS[val]) o.width = WIDTHS[val];
    else if (numberOption(key, val, o.number) && key.toLowerCase().startsWith('max')) {
      // An explicit fraction length is shown in full ("0.510").
      o.number.minimumFractionDigits = o.number.maximumFractionDigits;
    }
  }
  return o;
}

/** CLDR's measurement systems: the US, Liberia and Myanmar use US units. */
function systemOf(locale: string): System {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region === 'US' || region === 'LR' || region === 'MM' ? 'us' : 'metric';
  } catch {
    return 'metric';
  }
}

function fitList(name: string, def: UnitDef, system: System): string[] {
  const key = def.category === 'digital' ? (name.endsWith('bit') ? 'bits' : 'bytes') : def.category;
  const lists = FIT[key];
  return [...(lists?.[system] ?? lists?.any ?? [name])];
}

/** The largest unit of `names` in which |v| is at least 1, else the smallest. */
function bestFit(v: Decimal, from: UnitDef, names: string[]): [string, Decimal] {
  let pick: [string, Decimal] | undefined;
  for (const n of names) {
    const u = unitNamed(n);
    if (!u) continue;
    const c = convert(v, from, u[1]);
    if (!pick || c.abs().gte(1)) pick = [u[0], c];
  }
  return pick ?? ['', v];
}

function sequence(v: Decimal, from: UnitDef, names: string[], o: UnitOptions, locale: string): string {
  const units = names.map(unitNamed).filter((u): u is [string, UnitDef] => u !== undefined);
  const out: string[] = [];
  let rest = v.abs();
  let prev = from;
  const sign = v.isNegative() ? '-' : '';
  const integer: NumberOptions = { ...o.number, maximumFractionDigits: 0, minimumFractionDigits: 0, roundingMode: 'trunc' };
  units.forEach(([name, def], i) => {
    rest = convert(rest, prev, def);
    prev = def;
    const last = i === units.length - 1;
    const whole = last ? rest : rest.trunc();
    if (!last) rest = rest.minus(whole);
    if (!whole.isZero() || (last && out.length === 0)) {
      const text = formatAmount(whole.toFixed(), name, o.width, locale, (last ? o.number : integer) as Intl.NumberFormatOptions);
      out.push(out.length === 0 ? sign + text : text);
    }
  });
  return out.join(' ');
}

/**
 * @example formatUnit(new Decimal(12345), parseUnitArgs(['in:inch', 'sequence:foot,inch']), 'en-US') === '1028′ 9″'
 */
export function formatUnit(v: Decimal, o: UnitOptions, locale: string): string {
  const system = systemOf(locale);
  const first = o.out[0] ?? o.sequence[0];
  let input = o.in ? unitNamed(o.in) : undefined;
  if (!input && first) {
    const f = unitNamed(first);
    if (f) input = f[1].category === 'temperature' ? unitNamed('fahrenheit') : [first, f[1]];
  }
  if (!input) return '';
  const [inName, inDef] = input;
  if (o.sequence.length) return sequence(v, inDef, o.sequence, o, locale);
  const candidates = o.out.length ? o.out : o.compact ? fitList(o.compact, inDef, system) : fitList(inName, inDef, system);
  if (o.compact && FIT[o.compact] === undefined && !o.out.length) candidates.splice(0, candidates.length, ...fitList(inName, inDef, system));
  const [name, value] = bestFit(v, inDef, candidates);
  if (!name) return '';
  return formatAmount(value.toFixed(), name, o.width, locale, o.number as Intl.NumberFormatOptions);
}

/**
 * Number options shared by `decimal`, message arguments and `unit`
 * (`style:short`, `maxfrac:2`, `round:down`, `group`, ...) as Intl.NumberFormat
 * options. SPEC §9: digit options clamp to 0..50.
 */
import { isDecimalText, isPrintableExponent } from '../number-text.js';
import Decimal from 'decimal.js';
import { numberFormat } from '../intl.js';
import { ownEntry } from '../../values.js';

export type NumberOptions = Intl.NumberFormatOptions;
type RoundingMode = NonNullable<Intl.NumberFormatOptions['roundingMode']>;

const DIGIT_MAX = 50;

const ROUNDING: Record<string, RoundingMode> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceiling: 'ceil',
  ceil: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

function digits(v: string): number {
  const n = parseInt(v, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), DIGIT_MAX) : 0;
}

/**
 * Apply one generic number option to `o`; false when `key` is not one.
 * @example numberOption('maxfrac', '1', o) // o.maximumFractionDigits === 1
 */
export function numberOption(key: string, val: string, o: NumberOptions): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      o.useGrouping = val === '' || val === 'true';
      return true;
    case 'no-group':
    case 'no-grouping':
      o.useGrouping = false;
      return true;
    case 'round':
    case 'rounding':
      if (ownEntry(ROUNDING, val)) o.roundingMode = ownEntry(ROUNDING, val);
      return true;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = Math.max(1, digits(val));
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = digits(val);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = digits(val);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = Math.max(1, digits(val));
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = Math.max(1, digits(val));
      return true;
    default:
      return false;
  }
}

/** Split `key:value` (or `key=value`) arguments. */
export function splitOption(arg: string): [string, string] {
  const i = arg.search(/[:=]/);
  return i === -1 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

/** Keep fraction-digit bounds consistent (Intl throws when min > max). */
export function reconcile(o: NumberOptions): NumberOptions {
  const { minimumFractionDigits: min, maximumFractionDigits: max } = o;
  if (min !== undefined && max !== undefined && min > max) o.maximumFractionDigits = min;
  if (min !== undefined && max === undefined && min > 3) o.maximumFractionDigits = min;
  if (max !== undefined && min === undefined && max < 0) o.minimumFractionDigits = 0;
  return o;
}

/**
 * Parse a decimal value exactly; undefined when it is not a finite number (SPEC §5).
 * @example parseDecimal('123.450')?.toFixed() === '123.45'
 */
export function parseDecimal(v: unknown): Decimal | undefined {
  if (typeof v !== 'number' && typeof v !== 'string') return undefined;
  if (typeof v === 'string' && !isDecimalText(v)) return undefined;
  try {
    const d = new Decimal(typeof v === 'string' ? v.trim() : v);
    return d.isFinite() && isPrintableExponent(d.e) ? d : undefined;
  } catch {
    return undefined;
  }
}

/** Intl formats exact decimal strings (no binary floating point on the way). */
export function formatDecimalString(locale: string, d: Decimal, o: NumberOptions): string {
  const nf = numberFormat(locale, reconcile({ ...o }) as Intl.NumberFormatOptions);
  return nf.format(d.toFixed() as unknown as number);
}

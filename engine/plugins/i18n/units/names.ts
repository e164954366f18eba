/**
 * Display of a unit amount. Intl.NumberFormat's `style: 'unit'` covers the
 * units ECMA-402 sanctions; the others take their pattern from patterns.ts.
 * The reference's CLDR data put a plain space in unit patterns and U+00A0
 * between digit groups, where today's ICU has U+00A0 / U+202F (fr "0 octet",
 * "1 448,2"): Intl's parts are mapped back to those.
 */
import { numberFormat as cachedNumberFormat, pluralRules } from '../../intl.js';
import type { NumberOptions } from '../decimal-options.js';
import { intlOverride, patternRow } from './patterns.js';

export type Width = 'narrow' | 'short' | 'long';

const sanctioned = new Map<string, boolean>();

function isSanctioned(unit: string): boolean {
  let ok = sanctioned.get(unit);
  if (ok === undefined) {
    try {
      new Intl.NumberFormat('en', { style: 'unit', unit });
      ok = true;
    } catch {
      ok = false;
    }
    sanctioned.set(unit, ok);
  }
  return ok;
}

/** Join Intl parts with the reference data's spaces. */
function joinParts(parts: Intl.NumberFormatPart[]): string {
  return parts
    .map((p) => {
      if (p.type === 'group') return p.value.replace(/\u202f/g, '\u00a0');
      if (p.type === 'literal' || p.type === 'unit') return p.value.replace(/[\u00a0\u202f]/g, ' ');
      return p.value;
    })
    .join('');
}

function numberFormat(locale: string, o: NumberOptions, extra: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedNumberFormat(locale, { roundingMode: 'halfEven', ...o, ...extra } as Intl.NumberFormatOptions);
}

/**
 * An exact decimal string as a plain number (the `unit` formatter without units).
 * @example formatPlain('1234.56', 'en-US', { maximumFractionDigits: 1 }) === '1234.6'
 */
export function formatPlain(value: string, locale: string, o: NumberOptions): string {
  return joinParts(numberFormat(locale, o).formatToParts(value as unknown as number));
}

/**
 * Format an exact decimal string as an amount of `unit`.
 * @example formatAmount('1.5', 'hour', 'long', 'en-US', {}) === '1.5 hours'
 */
export function formatAmount(value: string, unit: string, width: Width, locale: string, o: NumberOptions): string {
  const override = intlOverride(unit, width, locale);
  if (override) return override.replace('{0}', formatPlain(value, locale, o));
  if (isSanctioned(unit)) {
    const nf = numberFormat(locale, o, { style: 'unit', unit, unitDisplay: width });
    return joinParts(nf.formatToParts(value as unknown as number));
  }
  const num = formatPlain(value, locale, o);
  const row = patternRow(unit, locale);
  if (!row) return `${num} ${unit}`;
  const rounded = numberFormat('en', { ...o, useGrouping: false }).format(value as unknown as number);
  const plural = pluralRules(locale, {
    minimumFractionDigits: o.minimumFractionDigits,
    maximumFractionDigits: o.maximumFractionDigits,
  }).select(Number(rounded));
  let pattern: string;
  if (width === 'long') pattern = plural === 'one' ? row[2] : row[3];
  else {
    const [one, other] = row[width === 'narrow' ? 0 : 1].split('|');
    pattern = plural === 'one' || other === undefined ? one : other;
  }
  return pattern.replace('{0}', num);
}

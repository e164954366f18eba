/**
 * The `decimal` formatter's styles: decimal, short/long (compact), scientific,
 * percent, permille, with the reference's defaults (at most 3 fraction digits,
 * half-even rounding).
 */
import type Decimal from 'decimal.js';
import { formatDecimalString, numberOption, splitOption, type NumberOptions } from './decimal-options.js';
import { numberFormat } from '../intl.js';

export interface DecimalOptions {
  style: 'decimal' | 'short' | 'long' | 'scientific' | 'percent' | 'percent-scaled' | 'permille' | 'permille-scaled';
  number: NumberOptions;
}

const STYLES = new Set(['decimal', 'short', 'long', 'scientific', 'percent', 'percent-scaled', 'permille', 'permille-scaled']);

/** @example parseDecimalArgs(['style:short']).style === 'short' */
export function parseDecimalArgs(args: readonly string[]): DecimalOptions {
  const o: DecimalOptions = { style: 'decimal', number: {} };
  for (const arg of args) {
    const [key, val] = splitOption(arg);
    if (key === 'style') {
      if (STYLES.has(val)) o.style = val as DecimalOptions['style'];
      else if (val === 'standard') o.style = 'decimal';
    } else {
      numberOption(key, val, o.number);
    }
  }
  return o;
}

/**
 * @example formatDecimal(new Decimal('123456.789'), parseDecimalArgs(['style:short']), 'en-US') === '123K'
 */
export function formatDecimal(d: Decimal, o: DecimalOptions, locale: string): string {
  const base: NumberOptions = { roundingMode: 'halfEven', ...o.number };
  switch (o.style) {
    case 'short':
    case 'long':
      return formatDecimalString(locale, d, { notation: 'compact', compactDisplay: o.style, ...base });
    case 'scientific':
      return formatDecimalString(locale, d, { notation: 'scientific', ...base });
    case 'percent':
      return formatDecimalString(locale, d, { style: 'percent', ...base });
    case 'percent-scaled':
      return formatDecimalString(locale, d.div(100), { style: 'percent', ...base });
    case 'permille':
    case 'permille-scaled': {
      // Intl has no permille style: format the scaled value as a percent and swap the sign.
      const scaled = o.style === 'permille' ? d.mul(1000) : d;
      const parts = numberFormat(locale, { style: 'percent', ...base } as Intl.NumberFormatOptions).formatToParts(
        scaled.div(100).toFixed() as unknown as number,
      );
      return parts.map((p) => (p.type === 'percentSign' ? '‰' : p.value)).join('');
    }
    default:
      return formatDecimalString(locale, d, { maximumFractionDigits: 3, ...base });
  }
}

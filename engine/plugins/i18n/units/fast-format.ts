/**
 * The `unit` formatter's entry for values that are JS numbers or decimal texts:
 * straight to the float paths (fast-convert.ts, fast-sequence.ts) without making a
 * Decimal, where those can show the value; undefined sends the caller to formatUnit.
 */
import { formatParts, planOf, type UnitOptions } from './format.js';
import { fastConvertNumber, fastDigits } from './fast-convert.js';
import { fastSequence } from './fast-sequence.js';
import { formatAmount, formatPlain } from './names.js';

/**
 * formatUnit of a number from the data without making a Decimal, where the float
 * path (fast-convert.ts, fast-sequence.ts) can show it; undefined sends the caller
 * to formatUnit. A finite double's shortest text (String) is exactly what
 * decimal.js reads from it, so the value is the same either way; -0 and texts with
 * an exponent decline.
 * @example formatNumberUnit(12, parseUnitArgs(['in:inch', 'out:foot']), 'en-US') === '1 ft'
 */
export function formatNumberUnit(x: number, o: UnitOptions, locale: string): string | undefined {
  if (!Number.isFinite(x) || Object.is(x, -0)) return undefined;
  if (!o.in && !o.exact && !o.exactList && !o.sequence && o.compact === undefined) {
    const text = String(x);
    return text.includes('e') ? undefined : formatPlain(text, locale, o.number);
  }
  return fastUnit(x, Number.isSafeInteger(x), o, locale);
}

/**
 * formatNumberUnit for a decimal text (isDecimalText holds): Number(text) is the
 * double nearest its exact value, as decimal.js's toNumber is, so the float path
 * starts from the same x. It is an exact integer only when it prints back as the
 * text; a zero declines (the text might be a nonzero value below the doubles), and
 * so does the plain case (its output shows the text's digits, not the double's).
 * @example formatTextUnit('12', parseUnitArgs(['in:inch', 'out:foot']), 'en-US') === '1 ft'
 */
export function formatTextUnit(text: string, o: UnitOptions, locale: string): string | undefined {
  const x = Number(text);
  if (!Number.isFinite(x) || x === 0) return undefined;
  if (!o.in && !o.exact && !o.exactList && !o.sequence && o.compact === undefined) return undefined;
  return fastUnit(x, Number.isSafeInteger(x) && String(x) === text, o, locale);
}

function fastUnit(x: number, integer: boolean, o: UnitOptions, locale: string): string | undefined {
  const digits = fastDigits(o.number);
  if (digits === undefined) return undefined;
  const plan = planOf(o, locale);
  if (!plan) return '';
  if (plan.sequence) {
    const parts = fastSequence(x, x < 0, integer, plan.input, plan.set ?? [], digits);
    return parts && formatParts(parts, o, locale);
  }
  const fast = fastConvertNumber(x, x < 0, plan.input, plan.exact, plan.set, digits);
  return fast && formatAmount(fast.text, fast.unit.name, o.width, locale, o.number);
}

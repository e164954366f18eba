import type { Cents } from '../../../domain/branded-types.js';

/** Narrows an integer to `Cents`; anything else is a bug in the caller. */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not an amount in minor units: ${n}`);
  return n as Cents;
}

/**
 * `amount × bps / 10 000`, rounded half up (away from zero for the halves of positive
 * amounts), in integer arithmetic: the one rounding rule of checkout (docs/checkout.md, "Rounding").
 * @example portion(cents(1999), 825) === 165  // 8.25 % of $19.99 = 164.9175 -> 165
 */
export function portion(amount: Cents, bps: number): Cents {
  if (!Number.isSafeInteger(bps) || bps < 0) throw new RangeError(`Not a rate in basis points: ${bps}`);
  return cents(Math.floor((amount * bps + 5_000) / 10_000));
}

/** The tax already inside a tax-inclusive `gross` at `bps`: gross − round(gross / (1 + rate)). */
export function includedPortion(gross: Cents, bps: number): Cents {
  const net = Math.floor((gross * 10_000 + (10_000 + bps) / 2) / (10_000 + bps));
  return cents(gross - net);
}

export function sum(values: readonly number[]): Cents {
  return cents(values.reduce((a, b) => a + b, 0));
}

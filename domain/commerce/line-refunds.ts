/**
 * What refunding order lines gives back (docs/api/orders.md, "Line refunds"): each line
 * carries its share of the order's discount and of its added tax, shared by the lines'
 * value (unit price × quantity) with the largest-remainder rule so the shares add up to the
 * order's discount and tax exactly. Refunding every unit of every line gives back
 * subtotal − discount + tax; shipping stays paid (refund it as an amount). Within a line the
 * units are shared the same way by count: `n` units of a line are worth
 * floor(lineTotal × n ÷ quantity), so the line's refunds add up to its total exactly.
 * Integer minor units throughout.
 */

export interface LineValue {
  id: string;
  quantity: number;
  unitPriceCents: number;
}

/**
 * Splits `total` over `weights` in proportion: each part rounded down, then the units left
 * over go one each to the parts with the largest remainders (earlier parts win ties).
 * @example shareByLargestRemainder(100, [1, 1, 1]) // [34, 33, 33]
 */
export function shareByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((n, w) => n + w, 0);
  if (whole <= 0 || total === 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const parts = weights.map((w) => Math.floor((abs * w) / whole));
  let left = abs - parts.reduce((n, p) => n + p, 0);
  const order = weights.map((w, i) => ({ i, rest: (abs * w) % whole })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => p * sign);
}

/** Each line's total as a refund sees it: its value less its discount share plus its tax share. */
export function lineRefundTotals(order: { discountCents: number; taxTotalCents: number }, lines: readonly LineValue[]): Map<string, number> {
  const values = lines.map((l) => l.unitPriceCents * l.quantity);
  const discount = shareByLargestRemainder(order.discountCents, values);
  const tax = shareByLargestRemainder(order.taxTotalCents, values);
  return new Map(lines.map((l, i) => [l.id, values[i]! - discount[i]! + tax[i]!]));
}

/** What `units` more units of a line give back when `alreadyRefunded` of its units were refunded. */
export function lineUnitsRefundCents(lineTotal: number, quantity: number, alreadyRefunded: number, units: number): number {
  const upTo = (n: number) => (n >= quantity ? lineTotal : Math.floor((lineTotal * n) / quantity));
  return upTo(alreadyRefunded + units) - upTo(alreadyRefunded);
}

/** Units of each line refunded by line refunds (not failed), from the refunds' `lines`. */
export function refundedUnits(refunds: readonly { status: string; lines: readonly { lineId: string; quantity: number }[] | null }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of refunds) if (r.status !== 'failed') for (const l of r.lines ?? []) out.set(l.lineId, (out.get(l.lineId) ?? 0) + l.quantity);
  return out;
}

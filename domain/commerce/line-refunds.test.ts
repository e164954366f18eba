import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineRefundTotals, lineUnitsRefundCents, refundedUnits, shareByLargestRemainder } from './line-refunds.js';

describe('line refunds', () => {
  it('largest remainder: parts add up exactly, each within one unit of its exact share', () => {
    expect(shareByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByLargestRemainder(0, [5, 5])).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }), (total, weights) => {
        const parts = shareByLargestRemainder(total, weights);
        const whole = weights.reduce((n, w) => n + w, 0);
        expect(parts.reduce((n, p) => n + p, 0)).toBe(total);
        parts.forEach((p, i) => expect(Math.abs(p - (total * weights[i]!) / whole)).toBeLessThan(1));
      }),
    );
  });

  it('refunding every unit of every line, in any split of refunds, gives back subtotal − discount + tax exactly', () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 6 }), unitPriceCents: fc.integer({ min: 1, max: 50_000 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 4 }), (raw, discountShare, taxBps, chunk) => {
        const lines = raw.map((l, i) => ({ ...l, id: `l${i}` }));
        const subtotal = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
        const discountCents = Math.floor(subtotal * discountShare);
        const taxTotalCents = Math.round(((subtotal - discountCents) * taxBps) / 10_000);
        const totals = lineRefundTotals({ discountCents, taxTotalCents }, lines);
        let refunded = 0;
        for (const l of lines) {
          for (let done = 0; done < l.quantity; done += chunk) {
            const units = Math.min(chunk, l.quantity - done);
            const cents = lineUnitsRefundCents(totals.get(l.id)!, l.quantity, done, units);
            expect(cents).toBeGreaterThanOrEqual(0);
            refunded += cents;
          }
        }
        expect(refunded).toBe(subtotal - discountCents + taxTotalCents);
      }),
    );
  });

  it('counts units of refunds that did not fail', () => {
    const units = refundedUnits([
      { status: 'succeeded', lines: [{ lineId: 'a', quantity: 1 }] },
      { status: 'pending', lines: [{ lineId: 'a', quantity: 2 }, { lineId: 'b', quantity: 1 }] },
      { status: 'failed', lines: [{ lineId: 'b', quantity: 5 }] },
      { status: 'succeeded', lines: null },
    ]);
    expect([...units]).toEqual([['a', 3], ['b', 1]]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../../../domain/branded-types.js';
import { checkoutTotals } from '../checkout/totals.js';
import type { CheckoutLine, TaxRule } from '../checkout/types.js';
import { giftCardDraw } from './draw.js';

// With a gift card the order's arithmetic stays exact integers in minor units.
const NOW = 1_790_000_000_000;
const amount = (max: number) => fc.integer({ min: 0, max }).map((n) => n as Cents);
const lines: fc.Arbitrary<CheckoutLine[]> = fc.array(
  fc.record({
    entryId: fc.uuid(), productId: fc.constantFrom('p1', 'p2'), sku: fc.string(), productType: fc.constantFrom(1 as const, 2 as const, 3 as const),
    quantity: fc.integer({ min: 1, max: 9999 }), unitPriceCents: amount(5_000_000), weightGrams: fc.integer({ min: 0, max: 20_000 }),
  }),
  { maxLength: 6 },
);
const taxRule: fc.Arbitrary<TaxRule> = fc.record({
  id: fc.string(), name: fc.string(), country: fc.constantFrom('US', 'JP'), rateBps: fc.integer({ min: 0, max: 3000 }), inclusive: fc.boolean(), appliesToShipping: fc.boolean(),
});
const ZONES = [{ id: 'all', countries: ['*'], rates: [{ id: 'flat', name: 'Flat', kind: 'flat' as const, amountCents: 800 as Cents }] }];

describe('gift card draw-down', () => {
  it.each(['USD', 'JPY'])('applied + due = grandTotal, applied ≤ balance, all integers, over several orders (%s)', (currency) => {
    fc.assert(
      fc.property(fc.array(lines, { minLength: 1, maxLength: 4 }), fc.array(taxRule, { maxLength: 2 }), amount(50_000_000), (orders, rules, start) => {
        let balance = start;
        for (const ls of orders) {
          const t = checkoutTotals({ lines: ls, currency, location: { country: 'US' }, zones: ZONES as never, taxRules: rules, coupons: [], now: NOW });
          const d = giftCardDraw(t.grandTotalCents, balance);
          for (const n of [d.appliedCents, d.amountDueCents]) {
            expect(Number.isSafeInteger(n)).toBe(true);
            expect(n).toBeGreaterThanOrEqual(0);
          }
          expect(d.appliedCents + d.amountDueCents).toBe(t.grandTotalCents);
          expect(d.appliedCents).toBeLessThanOrEqual(balance);
          // The card pays all it can: something is left to pay only once the card is empty.
          if (d.amountDueCents > 0) expect(d.appliedCents).toBe(balance);
          balance = (balance - d.appliedCents) as Cents;
        }
        expect(balance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses amounts that are not non-negative integers', () => {
    for (const [total, balance] of [[1.5, 100], [100, -1], [Number.NaN, 1], [-1, 0]] as const) {
      expect(() => giftCardDraw(total as Cents, balance as Cents)).toThrow(RangeError);
    }
  });
});

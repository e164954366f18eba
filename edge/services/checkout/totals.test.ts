import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../../../domain/branded-types.js';
import { cents } from './amounts.js';
import { checkoutTotals, type CheckoutInput } from './totals.js';
import { shareByLargestRemainder } from '../../../domain/commerce/line-refunds.js';
import type { CheckoutLine, Coupon, ShippingRate, ShippingZone, TaxRule } from './types.js';

const NOW = Date.UTC(2026, 10, 22);

function line(over: Partial<CheckoutLine> = {}): CheckoutLine {
  return { entryId: 'e1', productId: 'p1', sku: 'SKU-1', productType: 1, quantity: 1, unitPriceCents: cents(1000), weightGrams: 500, ...over };
}

const ZONES: ShippingZone[] = [
  {
    id: 'us',
    countries: ['US'],
    rates: [
      { kind: 'flat', id: 'standard', name: 'Standard', amountCents: cents(800) },
      { kind: 'free-over', id: 'saver', name: 'Saver', amountCents: cents(600), freeFromCents: cents(5000) },
      { kind: 'weight', id: 'heavy', name: 'By weight', tiers: [{ upToGrams: 1000, amountCents: cents(500) }, { upToGrams: 5000, amountCents: cents(1500) }] },
      { kind: 'pickup', id: 'pickup', name: 'Pick up at the studio' },
    ],
  },
  { id: 'ca-qc', countries: ['CA'], regions: ['QC'], rates: [{ kind: 'flat', id: 'qc', name: 'Québec', amountCents: cents(1200) }] },
  { id: 'world', countries: ['*'], rates: [{ kind: 'flat', id: 'intl', name: 'International', amountCents: cents(2500) }] },
];

const TAX: TaxRule[] = [
  { id: 'ny', name: 'NY sales tax', country: 'US', region: 'NY', rateBps: 888, inclusive: false, appliesToShipping: true },
  { id: 'gb', name: 'VAT', country: 'GB', rateBps: 2000, inclusive: true, appliesToShipping: false },
];

function totals(over: Partial<CheckoutInput>) {
  return checkoutTotals({ lines: [line()], currency: 'USD', zones: ZONES, taxRules: TAX, coupons: [], now: NOW, ...over });
}

describe('checkoutTotals', () => {
  it('prices a physical cart to a US address with the cheapest option chosen', () => {
    const t = totals({ lines: [line({ quantity: 3 })], location: { country: 'US', region: 'CA' } });
    expect(t.subtotalCents).toBe(3000);
    // 3 × 500 g falls in the second weight tier; 30.00 is under the saver's free threshold.
    expect(t.shippingOptions.map((o) => [o.id, o.amountCents])).toEqual([['pickup', 0], ['saver', 600], ['standard', 800], ['heavy', 1500]]);
    expect(t.selectedShippingOption?.id).toBe('pickup');
    expect(t.grandTotalCents).toBe(3000);
  });

  it('honours the chosen option, weight tiers and free-over thresholds', () => {
    expect(totals({ location: { country: 'US' }, selectedShippingOptionId: 'heavy' }).shippingCostCents).toBe(500);
    expect(totals({ lines: [line({ quantity: 4 })], location: { country: 'US' }, selectedShippingOptionId: 'heavy' }).shippingCostCents).toBe(1500);
    expect(totals({ lines: [line({ quantity: 11 })], location: { country: 'US' } }).shippingOptions.some((o) => o.id === 'heavy')).toBe(false);
    expect(totals({ lines: [line({ quantity: 5 })], location: { country: 'US' }, selectedShippingOptionId: 'saver' }).shippingCostCents).toBe(0);
  });

  it('picks the region zone before the country and the rest of the world', () => {
    expect(totals({ location: { country: 'CA', region: 'QC' } }).selectedShippingOption?.id).toBe('qc');
    expect(totals({ location: { country: 'CA', region: 'ON' } }).selectedShippingOption?.id).toBe('intl');
  });

  it('adds exclusive tax on discounted goods and shipping, rounded half up', () => {
    const coupon: Coupon = { code: 'TEN', effect: { kind: 'percentage', percentBps: 1000 }, timesUsed: 0 };
    const t = totals({ lines: [line({ unitPriceCents: cents(1999) })], location: { country: 'US', region: 'NY' }, selectedShippingOptionId: 'standard', coupons: [coupon] });
    expect(t.discountCents).toBe(200); // 199.9
    // (1799 + 800) × 8.88 % = 230.79
    expect(t.taxCents).toBe(231);
    expect(t.grandTotalCents).toBe(1999 - 200 + 800 + 231);
    expect(t.applicableTaxRules).toEqual([{ ruleId: 'ny', name: 'NY sales tax', rateBps: 888, inclusive: false, amountCents: 231 }]);
  });

  it('shows inclusive VAT without adding it', () => {
    const t = totals({ lines: [line({ unitPriceCents: cents(12000) })], location: { country: 'GB' } });
    expect(t.includedTaxCents).toBe(2000);
    expect(t.taxCents).toBe(0);
    expect(t.grandTotalCents).toBe(12000 + 2500);
  });

  it('skips shipping for purely digital carts', () => {
    const t = totals({ lines: [line({ productType: 2 })], location: { country: 'US' } });
    expect(t).toMatchObject({ requiresShipping: false, purelyDigital: true, hasDigital: true, shippingCostCents: 0, shippingOptions: [] });
  });

  it('reports invalid coupons with reasons and waives shipping for free-shipping ones', () => {
    const coupons: Coupon[] = [
      { code: 'OLD', effect: { kind: 'fixed', amountCents: cents(500) }, endsAt: NOW - 1, timesUsed: 0 },
      { code: 'SOON', effect: { kind: 'fixed', amountCents: cents(500) }, startsAt: NOW + 1, timesUsed: 0 },
      { code: 'GONE', effect: { kind: 'fixed', amountCents: cents(500) }, usageLimit: 3, timesUsed: 3 },
      { code: 'BIG', effect: { kind: 'fixed', amountCents: cents(500) }, minSubtotalCents: cents(5000), timesUsed: 0 },
      { code: 'MUGS', effect: { kind: 'fixed', amountCents: cents(500) }, productIds: ['mug'], timesUsed: 0 },
      { code: 'SHIPFREE', effect: { kind: 'free-shipping' }, timesUsed: 0 },
    ];
    const t = totals({ location: { country: 'US' }, selectedShippingOptionId: 'standard', coupons });
    expect(t.invalidCoupons.map((c) => [c.code, c.reason])).toEqual([
      ['OLD', 'expired'],
      ['SOON', 'not-started'],
      ['GONE', 'used-up'],
      ['BIG', 'below-minimum'],
      ['MUGS', 'no-eligible-items'],
    ]);
    expect(t.invalidCoupons[3]!.message).toBe('Spend at least 50.00 USD to use this coupon.');
    expect(t.validCoupons).toEqual([{ code: 'SHIPFREE', discountCents: 0, freeShipping: true }]);
    expect(t.shippingCostCents).toBe(0);
  });

  it('never discounts more than the subtotal', () => {
    const coupons: Coupon[] = [
      { code: 'A', effect: { kind: 'fixed', amountCents: cents(700) }, timesUsed: 0 },
      { code: 'B', effect: { kind: 'percentage', percentBps: 9000 }, timesUsed: 0 },
    ];
    const t = totals({ coupons });
    expect(t.discountCents).toBe(1000);
    expect(t.validCoupons.map((c) => c.discountCents)).toEqual([700, 300]);
    expect(t.grandTotalCents).toBe(0);
  });
});

describe('checkoutTotals properties', () => {
  const amount = (max: number) => fc.integer({ min: 0, max }).map((n) => cents(n) as Cents);
  const lines = fc.array(
    fc.record({
      entryId: fc.uuid(),
      productId: fc.constantFrom('p1', 'p2', 'p3'),
      sku: fc.string(),
      productType: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
      quantity: fc.integer({ min: 1, max: 9999 }),
      unitPriceCents: amount(5_000_000),
      weightGrams: fc.integer({ min: 0, max: 20_000 }),
    }),
    { maxLength: 8 },
  );
  const coupon: fc.Arbitrary<Coupon> = fc.record(
    {
      code: fc.string({ minLength: 1, maxLength: 8 }),
      effect: fc.oneof(
        fc.record({ kind: fc.constant('percentage' as const), percentBps: fc.integer({ min: 0, max: 10_000 }) }),
        fc.record({ kind: fc.constant('fixed' as const), amountCents: amount(1_000_000) }),
        fc.constant({ kind: 'free-shipping' as const }),
      ),
      minSubtotalCents: amount(100_000),
      startsAt: fc.integer({ min: NOW - 10, max: NOW + 10 }),
      usageLimit: fc.integer({ min: 0, max: 3 }),
      timesUsed: fc.integer({ min: 0, max: 3 }),
      productIds: fc.subarray(['p1', 'p2', 'p3']),
    },
    { requiredKeys: ['code', 'effect', 'timesUsed'] },
  );
  const taxRule: fc.Arbitrary<TaxRule> = fc.record({
    id: fc.string(),
    name: fc.string(),
    country: fc.constantFrom('US', 'GB', 'JP'),
    rateBps: fc.integer({ min: 0, max: 3000 }),
    inclusive: fc.boolean(),
    appliesToShipping: fc.boolean(),
  });
  const location = fc.option(fc.record({ country: fc.constantFrom('US', 'GB', 'JP', 'CA'), region: fc.constantFrom('NY', 'QC', 'ON') }), { nil: undefined });
  /** Rising tier bounds for weight and value rates. */
  const bounds = (max: number) => fc.uniqueArray(fc.integer({ min: 0, max }), { minLength: 1, maxLength: 4 }).map((a) => a.sort((x, y) => x - y));
  const rate = (id: string): fc.Arbitrary<ShippingRate> =>
    fc.oneof(
      fc.record({ kind: fc.constant('flat' as const), id: fc.constant(id), name: fc.constant(id), amountCents: amount(50_000) }),
      fc.record({ kind: fc.constant('pickup' as const), id: fc.constant(id), name: fc.constant(id) }),
      fc.record({ kind: fc.constant('free-over' as const), id: fc.constant(id), name: fc.constant(id), amountCents: amount(50_000), freeFromCents: amount(1_000_000) }),
      bounds(200_000).chain((ups) => fc.tuple(...ups.map((up) => amount(50_000).map((a) => ({ upToGrams: up, amountCents: a })))).map((tiers) => ({ kind: 'weight' as const, id, name: id, tiers }))),
      bounds(5_000_000).chain((ups) => fc.tuple(...ups.map((up) => amount(50_000).map((a) => ({ upToCents: up as Cents, amountCents: a })))).map((tiers) => ({ kind: 'value' as const, id, name: id, tiers }))),
    );
  /** Configured zones: a country (optionally narrowed to regions) or the rest of the world, each with 1-3 rates. */
  const zones: fc.Arbitrary<ShippingZone[]> = fc
    .array(
      fc.record({ countries: fc.constantFrom(['US'], ['CA'], ['GB', 'JP'], ['*']), regions: fc.subarray(['NY', 'QC', 'ON']), rateCount: fc.integer({ min: 1, max: 3 }) }),
      { minLength: 0, maxLength: 4 },
    )
    .chain((specs) =>
      fc.tuple(
        ...specs.map((spec, z) =>
          fc.tuple(...Array.from({ length: spec.rateCount }, (_, r) => rate(`z${z}r${r}`))).map((rates) => ({
            id: `z${z}`, countries: spec.countries, ...(spec.regions.length && spec.countries[0] !== '*' ? { regions: spec.regions } : {}), rates,
          })),
        ),
      ),
    );
  const regionalRule: fc.Arbitrary<TaxRule> = fc.record({
    id: fc.string(), name: fc.string(), country: fc.constantFrom('US', 'CA', 'GB'), region: fc.constantFrom('NY', 'QC', 'ON'),
    rateBps: fc.integer({ min: 0, max: 3000 }), inclusive: fc.boolean(), appliesToShipping: fc.boolean(),
  });

  it.each(['USD', 'JPY'])('with random configured zones, tax rules and coupons the totals add up and only the zone’s rates are offered (%s)', (currency) => {
    fc.assert(
      fc.property(lines, zones, fc.array(coupon, { maxLength: 3 }), fc.array(fc.oneof(taxRule, regionalRule), { maxLength: 4 }), location, fc.nat(5), (ls, zs, cs, rules, loc, pick) => {
        const first = checkoutTotals({ lines: ls, currency, location: loc, zones: zs, taxRules: rules, coupons: cs, now: NOW });
        const chosen = first.shippingOptions[pick % Math.max(1, first.shippingOptions.length)]?.id;
        const t = checkoutTotals({ lines: ls, currency, location: loc, zones: zs, taxRules: rules, coupons: cs, selectedShippingOptionId: chosen, now: NOW });
        expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCostCents + t.taxCents);
        for (const a of [t.subtotalCents, t.discountCents, t.shippingCostCents, t.taxCents, t.includedTaxCents, t.grandTotalCents]) {
          expect(Number.isSafeInteger(a) && a >= 0).toBe(true);
        }
        // Every option offered is a rate of one zone: the most specific one for the location.
        const zoneIds = new Set(t.shippingOptions.map((o) => o.id.split('r')[0]));
        expect(zoneIds.size).toBeLessThanOrEqual(1);
        if (t.requiresShipping && chosen) expect(t.selectedShippingOption?.id).toBe(chosen);
        if (!t.requiresShipping) expect(t.shippingOptions).toEqual([]);
        // The tax is the sum of the rules applied, and only rules of the location's country apply.
        expect(t.applicableTaxRules.filter((r) => !r.inclusive).reduce((n, r) => n + r.amountCents, 0)).toBe(t.taxCents);
        if (!loc) expect(t.applicableTaxRules).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it.each(['USD', 'JPY'])('both tax modes: the lines add up to the total, never negative, tax never above what the rules give (%s)', (currency) => {
    fc.assert(
      fc.property(lines, zones, fc.array(coupon, { maxLength: 3 }), fc.array(fc.oneof(taxRule, regionalRule), { maxLength: 4 }), location, fc.nat(5), (ls, zs, cs, generated, loc, pick) => {
        // Rule ids are unique in a site (the comparison below goes rule by rule, by id).
        const rules = generated.map((r, i) => ({ ...r, id: `rule-${i}` }));
        const input = { lines: ls, currency, location: loc, zones: zs, taxRules: rules, coupons: cs, now: NOW } as CheckoutInput;
        const chosen = checkoutTotals(input).shippingOptions[pick % 6]?.id;
        const added = checkoutTotals({ ...input, ...(chosen ? { selectedShippingOptionId: chosen } : {}), pricesIncludeTax: false });
        const included = checkoutTotals({ ...input, ...(chosen ? { selectedShippingOptionId: chosen } : {}), pricesIncludeTax: true });
        for (const t of [added, included]) {
          expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCostCents + t.taxCents);
          for (const a of [t.subtotalCents, t.discountCents, t.shippingCostCents, t.taxCents, t.includedTaxCents, t.grandTotalCents]) expect(Number.isSafeInteger(a) && a >= 0).toBe(true);
          expect(t.applicableTaxRules.reduce((n, r) => n + r.amountCents, 0)).toBe(t.taxCents + t.includedTaxCents);
        }
        // Prices include tax: nothing is added, the total is what the prices say, the same goods and shipping.
        expect(included.taxCents).toBe(0);
        expect(included.applicableTaxRules.every((r) => r.inclusive)).toBe(true);
        expect([included.subtotalCents, included.discountCents, included.shippingCostCents]).toEqual([added.subtotalCents, added.discountCents, added.shippingCostCents]);
        expect(included.grandTotalCents).toBe(included.subtotalCents - included.discountCents + included.shippingCostCents);
        // Tax taken out of a price is never more than the same rules would add on top of it, rule by rule,
        // and never more than what was paid.
        const onTop = new Map(checkoutTotals({ ...input, taxRules: rules.map((r) => ({ ...r, inclusive: false })), ...(chosen ? { selectedShippingOptionId: chosen } : {}) }).applicableTaxRules.map((r) => [r.ruleId, r.amountCents]));
        for (const r of included.applicableTaxRules) expect(r.amountCents).toBeLessThanOrEqual(onTop.get(r.ruleId) ?? 0);
        expect(included.includedTaxCents).toBeLessThanOrEqual(included.grandTotalCents);
        // Split over the lines by value (largest remainder), the included tax adds up exactly.
        const shares = shareByLargestRemainder(included.includedTaxCents, ls.map((l) => l.unitPriceCents * l.quantity));
        if (ls.some((l) => l.unitPriceCents * l.quantity > 0)) expect(shares.reduce((n, x) => n + x, 0)).toBe(included.includedTaxCents);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['USD', 'JPY'])('grandTotal = subtotal − discount + shipping + tax, all integers, never negative (%s)', (currency) => {
    fc.assert(
      fc.property(lines, fc.array(coupon, { maxLength: 3 }), fc.array(taxRule, { maxLength: 3 }), location, fc.constantFrom(undefined, 'standard', 'heavy', 'intl'), (ls, cs, rules, loc, option) => {
        const t = checkoutTotals({ lines: ls, currency, location: loc, zones: ZONES, taxRules: rules, coupons: cs, selectedShippingOptionId: option, now: NOW });
        const amounts = [t.subtotalCents, t.discountCents, t.shippingCostCents, t.taxCents, t.includedTaxCents, t.grandTotalCents];
        for (const a of amounts) {
          expect(Number.isSafeInteger(a)).toBe(true);
          expect(a).toBeGreaterThanOrEqual(0);
        }
        expect(t.grandTotalCents).toBe(t.subtotalCents - t.discountCents + t.shippingCostCents + t.taxCents);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.subtotalCents).toBe(ls.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0));
        expect(t.validCoupons.reduce((s, c) => s + c.discountCents, 0)).toBe(t.discountCents);
      }),
      { numRuns: 500 },
    );
  });
});

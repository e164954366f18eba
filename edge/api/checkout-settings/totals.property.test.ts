import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../test-support.js';
import { ownerSessions, type OwnerSession } from '../commerce/test-owner.js';
import { setStock, variantOf } from '../commerce/test-catalog.js';
import { TestVisitor } from '../commerce/test-visitor.js';
import { addOne, placeOrder } from '../commerce/test-checkout.js';
import { checkoutTotals } from '../../services/checkout/totals.js';
import type { CheckoutLine, Coupon, ShippingZone, TaxRule } from '../../services/checkout/types.js';
import type { Cents } from '../../../domain/branded-types.js';

/**
 * Issue 27's property: for random shipping zones, tax rules and coupons configured through the
 * owner API, the cart checkout prices and the order it places agree with the pure
 * `checkoutTotals` of the same settings, and grand total = subtotal − discount + shipping + tax
 * exactly, in a two-decimal (USD) and a zero-decimal (JPY) store, with prices shown without tax
 * (tax added) and with it (commerce preference `tax.pricesIncludeTax`: tax taken out of the prices).
 */
const SKUS = ['FK-MUG-08-OAT', 'FK-TUM-ASH', 'FK-PIT-01'] as const;
/** ZIP Codes whose state the postcode decides (New York, Oregon, California, Illinois). */
const ZIPS = { NY: '10001', OR: '97201', CA: '94107', IL: '60601' } as const;
const STATES = ['NY', 'OR', 'CA', 'IL'] as const;

const amount = fc.integer({ min: 0, max: 20_000 });
const rate = fc.oneof(
  fc.record({ kind: fc.constant('flat' as const), name: fc.constant('Flat'), amountCents: amount }),
  fc.record({ kind: fc.constant('pickup' as const), name: fc.constant('Pickup') }),
  fc.record({ kind: fc.constant('free-over' as const), name: fc.constant('Free over'), amountCents: amount, freeFromCents: fc.integer({ min: 0, max: 30_000 }) }),
  fc.uniqueArray(fc.integer({ min: 1, max: 3_000 }), { minLength: 1, maxLength: 3 }).chain((ups) =>
    fc.record({
      kind: fc.constant('weight' as const), name: fc.constant('By weight'),
      tiers: fc.tuple(...ups.sort((a, b) => a - b).map((up) => amount.map((a) => ({ upToGrams: up, amountCents: a })))),
    }),
  ),
  fc.uniqueArray(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 3 }).chain((ups) =>
    fc.record({
      kind: fc.constant('value' as const), name: fc.constant('By value'),
      tiers: fc.tuple(...ups.sort((a, b) => a - b).map((up) => amount.map((a) => ({ upToCents: up, amountCents: a })))),
    }),
  ),
);
const zone = fc.record({
  name: fc.constant('Zone'),
  countries: fc.constantFrom(['US'], ['*'], ['US']),
  regions: fc.subarray([...STATES]),
  rates: fc.array(rate, { minLength: 1, maxLength: 3 }),
}).map((z) => (z.countries[0] === '*' ? { ...z, regions: [] } : z));
const taxRule = fc.record({
  name: fc.constant('Tax'),
  country: fc.constant('US'),
  region: fc.option(fc.constantFrom(...STATES), { nil: null }),
  rateBps: fc.integer({ min: 0, max: 2_500 }),
  inclusive: fc.boolean(),
  appliesToShipping: fc.boolean(),
});
const coupon = fc.record({
  effect: fc.oneof(
    fc.record({ kind: fc.constant('percentage' as const), percentBps: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({ kind: fc.constant('fixed' as const), amountCents: fc.integer({ min: 1, max: 30_000 }) }),
    fc.constant({ kind: 'free-shipping' as const }),
  ),
  minSubtotalCents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
});
const scenario = fc.record({
  zones: fc.array(zone, { minLength: 1, maxLength: 3 }),
  taxRules: fc.array(taxRule, { maxLength: 3 }),
  coupons: fc.array(coupon, { maxLength: 2 }),
  lines: fc.uniqueArray(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3, selector: (l) => l.sku }),
  state: fc.constantFrom(...STATES),
  option: fc.nat(4),
  /** Commerce preference `tax.pricesIncludeTax`: both modes. */
  pricesIncludeTax: fc.boolean(),
});

function suite(currency: 'USD' | 'JPY') {
  describe(`configured checkout totals (${currency})`, () => {
    let worker: RunningWorker;
    let admin: OwnerSession;
    beforeAll(async () => {
      worker = await startWorker();
      const db = worker.db;
      await db.batch([db.prepare('UPDATE websites SET currency = ?1').bind(currency), db.prepare('UPDATE products SET currency = ?1').bind(currency), db.prepare('UPDATE variants SET currency = ?1').bind(currency)]);
      for (const sku of SKUS) await setStock(db, sku, 100_000);
      ({ admin } = await ownerSessions(worker, `props${currency.toLowerCase()}`));
    }, 60_000);
    afterAll(() => worker?.dispose());

    it('cart and order equal checkoutTotals of the configured settings; grand = subtotal − discount + shipping + tax', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          run++;
          const db = worker.db;
          await db.batch([db.prepare('DELETE FROM shipping_zones'), db.prepare('DELETE FROM tax_rules'), db.prepare('DELETE FROM coupons')]);
          const mode = await admin.send('PUT', '/api/v1/commerce-preferences/tax', { pricesIncludeTax: s.pricesIncludeTax });
          expect(mode.status, JSON.stringify(mode.json)).toBe(200);
          const pricesIncludeTax = s.pricesIncludeTax;
          const zones: ShippingZone[] = [];
          for (const z of s.zones) {
            const res = await admin.send('POST', '/api/owner/checkout-settings/shipping-zones', z);
            expect(res.status, JSON.stringify(res.json)).toBe(201);
            expect(res.json.currency).toBe(currency);
            const saved = res.json.zone;
            zones.push({ id: saved.id, countries: saved.countries, ...(saved.regions.length ? { regions: saved.regions } : {}), rates: saved.rates });
          }
          const rules: TaxRule[] = [];
          for (const r of s.taxRules) {
            const res = await admin.send('POST', '/api/owner/checkout-settings/tax-rules', r);
            expect(res.status, JSON.stringify(res.json)).toBe(201);
            const t = res.json.taxRule;
            rules.push({ id: t.id, name: t.name, country: t.country, ...(t.region ? { region: t.region } : {}), rateBps: t.rateBps, inclusive: t.inclusive, appliesToShipping: t.appliesToShipping });
          }
          const coupons: Coupon[] = [];
          for (const [i, k] of s.coupons.entries()) {
            const code = `P${run}X${i}`;
            const res = await admin.send('POST', '/api/owner/checkout-settings/coupons', { code, ...k });
            expect(res.status, JSON.stringify(res.json)).toBe(201);
            coupons.push({ code, effect: k.effect as Coupon['effect'], ...(k.minSubtotalCents !== null ? { minSubtotalCents: k.minSubtotalCents as Cents } : {}), timesUsed: 0 });
          }

          const v = new TestVisitor(worker, `198.51.${run >> 8}.${run & 255}`);
          await v.visit('/api/commerce/shopping-cart');
          const lines: CheckoutLine[] = [];
          for (const l of s.lines) {
            const variant = await variantOf(db, l.sku);
            expect((await addOne(v, variant.itemId, l.sku, l.quantity)).status).toBe(200);
            const w = await db.prepare('SELECT weight_grams AS w FROM variants WHERE sku = ?').bind(l.sku).first<{ w: number | null }>();
            lines.push({ entryId: l.sku, productId: variant.itemId, sku: l.sku, productType: 1, quantity: l.quantity, unitPriceCents: variant.priceCents as Cents, weightGrams: w?.w ?? 0 });
          }
          for (const k of coupons) await v.send('POST', '/api/commerce/shopping-cart/coupons', { code: k.code });
          const located = await v.send('PUT', '/api/commerce/shopping-cart/shipping-location', { country: 'US', postalCode: ZIPS[s.state] });
          expect(located.status).toBe(200);
          let cart = located.json.shoppingCart;
          const location = { country: 'US', region: s.state, postalCode: ZIPS[s.state] };
          const offered = checkoutTotals({ lines, currency, location, zones, taxRules: rules, coupons, now: Date.now() as never, pricesIncludeTax });
          // Checkout offers exactly the configured rates of the address's zone that can carry the parcel.
          expect(cart.shippingOptions).toEqual(offered.shippingOptions);
          const choice = offered.shippingOptions[s.option % Math.max(1, offered.shippingOptions.length)];
          if (choice && offered.shippingOptions.length > 1) {
            cart = (await v.send('PUT', '/api/commerce/shopping-cart/shipping-option', { shippingOptionId: choice.id })).json.shoppingCart;
          }
          const expected = checkoutTotals({ lines, currency, location, zones, taxRules: rules, coupons, now: Date.now() as never, pricesIncludeTax, ...(choice ? { selectedShippingOptionId: choice.id } : {}) });
          const got = [cart.subtotalCents, cart.discountCents, cart.shippingCostCents, cart.taxCents, cart.grandTotalCents];
          expect(got).toEqual([expected.subtotalCents, expected.discountCents, expected.shippingCostCents, expected.taxCents, expected.grandTotalCents]);
          expect(cart.grandTotalCents).toBe(cart.subtotalCents - cart.discountCents + cart.shippingCostCents + cart.taxCents);
          for (const a of got) expect(Number.isSafeInteger(a) && a >= 0).toBe(true);
          expect(cart.includedTaxCents).toBe(expected.includedTaxCents);
          // Prices include tax: nothing is added on top; the tax inside is never more than the rules would add.
          if (pricesIncludeTax) expect(cart.taxCents).toBe(0);
          const onTop = checkoutTotals({ lines, currency, location, zones, taxRules: rules.map((r) => ({ ...r, inclusive: false })), coupons, now: Date.now() as never, ...(choice ? { selectedShippingOptionId: choice.id } : {}) });
          expect(cart.taxCents + cart.includedTaxCents).toBeLessThanOrEqual(onTop.taxCents);

          if (!expected.selectedShippingOption) return;
          const order = await placeOrder(v, {
            address: { firstName: 'P', lastName: 'Q', address1: '1 Main St', city: 'Town', region: s.state, postalCode: ZIPS[s.state], country: 'US' },
            extra: { email: `prop${run}@example.com`, shippingOptionId: expected.selectedShippingOption.id },
          });
          expect(order.status, JSON.stringify(order.json)).toBe(201);
          const o = order.json.order;
          expect([o.currency, o.subtotal, o.discountTotal, o.shippingTotal, o.taxTotal, o.grandTotal]).toEqual([currency, ...got]);
          expect(o.grandTotal).toBe(o.subtotal - o.discountTotal + o.shippingTotal + o.taxTotal);
          expect(o.includedTax).toBe(expected.includedTaxCents);
        }),
        { numRuns: 12 },
      );
    }, 300_000);
  });
}

suite('USD');
suite('JPY');

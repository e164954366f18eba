import { describe, expect, it } from 'vitest';
import { cartJson, cartTotals } from './cart-json.js';
import { holdDurationMs } from './carts.js';
import { normaliseAdditionalFields } from './additional-fields.js';
import type { CartEntryView } from './read.js';

const entry = (over: Partial<CartEntryView>): CartEntryView => ({
  id: 'e1', itemId: 'i1', title: 'Mug', fullUrl: '/shop/mug', mainImageKey: null, productType: 1, sku: 'M-1', variantId: 'v1',
  attributes: { Glaze: 'Ash' }, variantOptionOrdering: ['Glaze'], quantity: 1, unitPriceCents: 3600, currency: 'USD',
  additionalFields: null, holdExpiresOn: null, limited: true, ...over,
});
const site = { id: 'site', currency: 'USD' };
const record = { id: 'c1', websiteId: 'site', tokenHash: 'h', kind: 'shopping', createdOn: 1, updatedOn: 2, expiresOn: 3, isPurchased: false, orderId: null, shippingLocation: null, coupons: [], subscriptionPlanId: null };

describe('cartTotals', () => {
  it('sums integer minor units and quantities', () => {
    expect(cartTotals([entry({ quantity: 2 }), entry({ unitPriceCents: 1999, quantity: 3 })])).toEqual({
      subtotalCents: 13197, taxCents: 0, shippingCostCents: 0, discountCents: 0, grandTotalCents: 13197, totalQuantity: 5,
    });
    expect(cartTotals([]).grandTotalCents).toBe(0);
  });
});

describe('cartJson', () => {
  it('gives the empty shape without an id when there is no cart', () => {
    const json = cartJson(undefined, site, 0);
    expect(json.id).toBeUndefined();
    expect(json).toMatchObject({ totalQuantity: 0, entries: [], coupons: [], purelyDigital: false, requiresShipping: false, subtotalMoney: { currency: 'USD', value: '0.00' } });
  });

  it('shows a hold only while it lasts and classifies digital and physical goods', () => {
    const view = { record, entries: [entry({ holdExpiresOn: 1000 }), entry({ id: 'e2', productType: 2, sku: null, variantId: null, holdExpiresOn: null })] };
    const live = cartJson(view, site, 999) as { entries: { holdExpiresAt: number | null }[] };
    expect(live.entries.map((e) => e.holdExpiresAt)).toEqual([1000, null]);
    const lapsed = cartJson(view, site, 1000) as { entries: { holdExpiresAt: number | null }[]; hasDigital: boolean; purelyDigital: boolean; requiresShipping: boolean };
    expect(lapsed.entries[0]!.holdExpiresAt).toBeNull();
    expect(lapsed).toMatchObject({ hasDigital: true, purelyDigital: false, requiresShipping: true });
  });
});

describe('holdDurationMs', () => {
  it('is 15 minutes unless the store sets 1-1440 whole minutes', () => {
    expect(holdDurationMs({ storeSettings: { multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true } })).toBe(15 * 60_000);
    expect(holdDurationMs({ storeSettings: { multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true, stockHoldMinutes: 5 } })).toBe(5 * 60_000);
    for (const bad of [0, 1441, 2.5, '10']) {
      expect(holdDurationMs({ storeSettings: { multipleQuantityAllowedForServices: true, useCLDRMoneyFormat: true, stockHoldMinutes: bad } })).toBe(15 * 60_000);
    }
  });
});

describe('normaliseAdditionalFields', () => {
  it('canonicalises key order so equal answers make one line', () => {
    expect(normaliseAdditionalFields('{"b":1,"a":{"d":2,"c":3}}')).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(normaliseAdditionalFields({ a: 1 })).toBe('{"a":1}');
    expect(normaliseAdditionalFields(null)).toBeNull();
    expect(normaliseAdditionalFields('null')).toBeNull();
    expect(() => normaliseAdditionalFields('{')).toThrow('additionalFields must be JSON');
  });
});

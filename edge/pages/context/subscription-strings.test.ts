import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../../engine/index.js';
import { storeTexts, type StoreTextKey } from '../../../domain/languages/store-texts.js';
import type { PeriodUnit } from '../../../domain/commerce/subscription-wording.js';
import demo from '../../../fixtures/demo/translations.json' with { type: 'json' };
import { addSubscriptionStrings, planStrings } from './subscription-strings.js';

const ENGLISH = storeTexts();
const FRENCH = storeTexts((key: StoreTextKey) => (demo.fr.storeTexts as Record<string, string>)[key]);

const product = (value: number, unit: PeriodUnit, numBillingCycles: number, prices: number[] = [6500]) => ({
  structuredContent: {
    productType: 3, isSubscribable: true,
    subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles },
    variants: prices.map((price) => ({ priceMoney: { currency: 'USD', value: (price / 100).toFixed(2) }, price })),
  },
});
const priceLine = (item: unknown, localizedStrings?: Record<string, string>) =>
  render('{@|product-price}', { ...(item as object), ...(localizedStrings ? { localizedStrings } : {}) }).output.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe('the product-price strings of a plan', () => {
  it("in English name the engine's own keys and say its default words, for any plan and single or varied prices", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.constantFrom<PeriodUnit>('WEEK', 'MONTH', 'YEAR'), fc.integer({ min: 0, max: 120 }), fc.boolean(), (value, unit, cycles, varied) => {
        const item = product(value, unit, cycles, varied ? [6500, 7000] : [6500]);
        const strings = planStrings({ value, unit, cycles }, ENGLISH);
        expect(priceLine(item, strings)).toBe(priceLine(item));
        // The keys are the ones the engine reads: a marker in each shows up.
        const marked = Object.fromEntries(Object.keys(strings).map((k) => [k, 'MARK {price}']));
        expect(priceLine(item, marked)).toContain('MARK');
      }),
      { numRuns: 200 },
    );
  });

  it('in French agree with the unit and the number', () => {
    expect(priceLine(product(1, 'MONTH', 0), planStrings({ value: 1, unit: 'MONTH', cycles: 0 }, FRENCH))).toMatch(/^\$?65\.00 tous les mois$/);
    expect(priceLine(product(2, 'WEEK', 26), planStrings({ value: 2, unit: 'WEEK', cycles: 26 }, FRENCH))).toMatch(/^\$?65\.00 toutes les 2 semaines pendant 1 an$/);
    expect(priceLine(product(1, 'MONTH', 6, [6500, 7000]), planStrings({ value: 1, unit: 'MONTH', cycles: 6 }, FRENCH))).toMatch(/^à partir de \$?65\.00 tous les mois pendant 6 mois$/);
    expect(priceLine(product(1, 'YEAR', 3), planStrings({ value: 1, unit: 'YEAR', cycles: 3 }, FRENCH))).toMatch(/^\$?65\.00 tous les ans pendant 3 ans$/);
  });

  it("are added for each subscribable product in a context, never over the site's own", () => {
    const context: Record<string, unknown> = {
      localizedStrings: { productAddToCartText: 'Ajouter', productPrice__singlePrice__1Monthly__indefinite: 'Le mien {price}' },
      item: product(1, 'MONTH', 0),
      items: [product(1, 'WEEK', 10), { structuredContent: { isSubscribable: false } }],
    };
    addSubscriptionStrings(context, FRENCH);
    expect(context.localizedStrings).toMatchObject({
      productAddToCartText: 'Ajouter',
      productPrice__singlePrice__1Monthly__indefinite: 'Le mien {price}',
      productPrice__singlePrice__1Weekly__limited__nWeeks: '{price} toutes les semaines pendant {duration} semaines',
      productPriceUnavailable: 'Indisponible',
    });
    const plain: Record<string, unknown> = { localizedStrings: { productAddToCartText: 'Ajouter' }, items: [] };
    addSubscriptionStrings(plain, FRENCH);
    expect(plain.localizedStrings).toEqual({ productAddToCartText: 'Ajouter' });
  });
});

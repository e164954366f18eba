import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../../engine/index.js';
import type { PeriodUnit } from './plan.js';
import { subscriptionPriceWording, subscriptionWording } from './wording.js';
import { storeTexts, type StoreTextKey } from '../../../domain/languages/store-texts.js';
import demo from '../../../fixtures/demo/translations.json' with { type: 'json' };

const plan = (value: number, unit: PeriodUnit, numBillingCycles = 0) => ({ billingPeriod: { value, unit }, numBillingCycles });

describe('subscription wording (SPEC §9)', () => {
  it.each([
    [plan(1, 'WEEK'), 'every week'],
    [plan(2, 'WEEK'), 'every 2 weeks'],
    [plan(1, 'MONTH'), 'every month'],
    [plan(3, 'MONTH'), 'every 3 months'],
    [plan(1, 'YEAR'), 'every year'],
    [plan(2, 'YEAR'), 'every 2 years'],
  ])('indefinite plans say only the period: %j', (p, text) => expect(subscriptionWording(p)).toBe(text));

  it.each([
    [plan(1, 'MONTH', 6), 'every month for 6 months'],
    [plan(1, 'MONTH', 12), 'every month for 1 year'],
    [plan(1, 'MONTH', 24), 'every month for 2 years'],
    [plan(2, 'WEEK', 26), 'every 2 weeks for 1 year'],
    [plan(1, 'WEEK', 52), 'every week for 1 year'],
    [plan(1, 'WEEK', 10), 'every week for 10 weeks'],
    [plan(3, 'MONTH', 3), 'every 3 months for 9 months'],
    [plan(1, 'WEEK', 1), 'every week for 1 week'],
    [plan(1, 'YEAR', 1), 'every year for 1 year'],
    [plan(1, 'YEAR', 3), 'every year for 3 years'],
  ])('fixed plans add the duration, in years when it divides evenly: %j', (p, text) => expect(subscriptionWording(p)).toBe(text));

  it("says 'Unavailable' for anything that is not a plan (SPEC §8)", () => {
    expect(subscriptionWording(undefined)).toBe('Unavailable');
    expect(subscriptionWording(plan(0, 'MONTH'))).toBe('Unavailable');
    expect(subscriptionWording({ billingPeriod: { value: 1, unit: 'DAY' as PeriodUnit }, numBillingCycles: 0 })).toBe('Unavailable');
    expect(subscriptionWording(plan(1, 'MONTH', -1))).toBe('Unavailable');
  });

  it('puts the price before the wording', () => {
    expect(subscriptionPriceWording('$65.00', plan(1, 'MONTH', 6))).toBe('$65.00 every month for 6 months');
    expect(subscriptionPriceWording('$65.00', undefined)).toBe('Unavailable');
  });
});

describe('the same wording as the template engine', () => {
  // Storefront templates word plans with the engine's product-price formatter; the
  // account pages, page 206 and mail use this function. They must never disagree.
  it('matches {@|product-price} for any plan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.constantFrom<PeriodUnit>('WEEK', 'MONTH', 'YEAR'), fc.integer({ min: 0, max: 120 }), (value, unit, numBillingCycles) => {
        const item = {
          structuredContent: {
            productType: 3, isSubscribable: true,
            subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles },
            variants: [{ priceMoney: { currency: 'USD', value: '65.00' }, price: 6500 }],
          },
        };
        const text = render('{@|product-price}', item).output.replace(/<span[^>]*>[^<]*<\/span>/, '').replace(/<[^>]+>/g, '').trim();
        expect(text).toBe(subscriptionWording(plan(value, unit, numBillingCycles)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the wording in another language (issue 29)', () => {
  const french = storeTexts((key: StoreTextKey) => (demo.fr.storeTexts as Record<string, string>)[key]);
  it.each([
    [plan(1, 'WEEK'), 'toutes les semaines'],
    [plan(2, 'WEEK'), 'toutes les 2 semaines'],
    [plan(1, 'MONTH'), 'tous les mois'],
    [plan(3, 'MONTH', 3), 'tous les 3 mois pendant 9 mois'],
    [plan(1, 'MONTH', 12), 'tous les mois pendant 1 an'],
    [plan(2, 'WEEK', 26), 'toutes les 2 semaines pendant 1 an'],
    [plan(1, 'WEEK', 1), 'toutes les semaines pendant 1 semaine'],
    [plan(1, 'YEAR', 3), 'tous les ans pendant 3 ans'],
  ])('French agrees with the unit and the number: %j', (p, text) => expect(subscriptionWording(p, french)).toBe(text));

  it('puts the price in its place and says Indisponible for no plan', () => {
    expect(subscriptionPriceWording('65,00 $US', plan(1, 'MONTH', 6), french)).toBe('65,00 $US tous les mois pendant 6 mois');
    expect(subscriptionPriceWording('65,00 $US', undefined, french)).toBe('Indisponible');
  });
});

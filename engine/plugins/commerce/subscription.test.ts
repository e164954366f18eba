import { describe, expect, it } from 'vitest';
import { defaultSubscriptionWording, subscriptionDuration, subscriptionPlan, subscriptionStringKey } from './subscription.js';
import { fillMarkup, fillMessage } from './message.js';

describe('SPEC §9 subscription wording', () => {
  it('shows the duration in years when it divides evenly', () => {
    expect(subscriptionDuration({ value: 2, unit: 'WEEK', cycles: 26 })).toEqual({ value: 1, unit: 'YEAR' });
    expect(subscriptionDuration({ value: 1, unit: 'MONTH', cycles: 36 })).toEqual({ value: 3, unit: 'YEAR' });
    expect(subscriptionDuration({ value: 2, unit: 'MONTH', cycles: 4 })).toEqual({ value: 8, unit: 'MONTH' });
  });

  it('builds the English default wording', () => {
    expect(defaultSubscriptionWording({ value: 1, unit: 'WEEK', cycles: 0 }, false)).toBe('{price} every week');
    expect(defaultSubscriptionWording({ value: 2, unit: 'MONTH', cycles: 5 }, true)).toBe(
      'from {price} every {billingPeriodValue} months for {duration} months',
    );
    expect(defaultSubscriptionWording({ value: 2, unit: 'WEEK', cycles: 26 }, false)).toBe(
      '{price} every {billingPeriodValue} weeks for {duration} year',
    );
  });

  it('names the localized string key', () => {
    expect(subscriptionStringKey({ value: 5, unit: 'WEEK', cycles: 0 }, false)).toBe('productPrice__singlePrice__nWeekly__indefinite');
    expect(subscriptionStringKey({ value: 1, unit: 'MONTH', cycles: 12 }, true)).toBe(
      'productPrice__multiplePrices__1Monthly__limited__1Years',
    );
  });

  it('reads the plan from the product', () => {
    const item = { structuredContent: { subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 } } };
    expect(subscriptionPlan(item)).toEqual({ value: 2, unit: 'WEEK', cycles: 6 });
    expect(subscriptionPlan({ structuredContent: {} })).toBeUndefined();
  });
});

describe('wording placeholders', () => {
  it('fills plain values and leaves unknown names', () => {
    expect(fillMessage('Only {qtyInStock} left, {x}', { qtyInStock: 3 })).toBe('Only 3 left, {x}');
  });

  it('escapes the wording but not the inserted markup', () => {
    expect(fillMarkup('<b>{price}</b>', { price: '<span>1</span>' })).toBe('&lt;b&gt;<span>1</span>&lt;/b&gt;');
  });
});

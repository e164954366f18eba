import { describe, expect, it } from 'vitest';
import { nextChargeText, planBillable, planPriceText, planStateText } from './plan-text.js';
import type { MemberPlan } from './types.js';

const plan = (status: MemberPlan['status'], nextChargeOn: number | null = Date.UTC(2026, 11, 27, 12)): MemberPlan => ({ subscriptionId: 's1', status, nextChargeOn, amountCents: 900, currency: 'USD' });

describe('the Members screen words a paying member plan', () => {
  it('names each state, the price and the next charge day', () => {
    expect(planStateText(plan('cancelling'))).toBe('Cancelling at period end');
    expect(planStateText(plan('past_due'))).toBe('Past due');
    expect(planStateText(null)).toBe('—');
    expect(planPriceText(plan('active'))).toBe('$9.00 a month');
    expect(nextChargeText(plan('active'), 'UTC')).toBe('Dec 27, 2026');
    expect(nextChargeText(plan('canceled', null), 'UTC')).toBe('—');
  });

  it('only a plan that still charges can be stopped', () => {
    expect(['active', 'past_due', 'paused', 'cancelling', 'canceled', 'ended'].map((s) => planBillable(plan(s as MemberPlan['status'])))).toEqual([true, true, true, false, false, false]);
    expect(planBillable(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { billingDate } from './billing-dates.js';

const at = (y: number, m: number, d: number, h = 9, min = 30) => Date.UTC(y, m - 1, d, h, min);
const iso = (ms: number) => new Date(ms).toISOString();

describe('billing dates', () => {
  it('counts weeks in whole days from the anchor', () => {
    expect(iso(billingDate(at(2026, 11, 22), { value: 2, unit: 'WEEK' }, 1))).toBe(iso(at(2026, 12, 6)));
    expect(iso(billingDate(at(2026, 11, 22), { value: 1, unit: 'WEEK' }, 6))).toBe(iso(at(2027, 1, 3)));
  });

  it('clamps month ends without drifting (Jan 31 -> Feb 28 -> Mar 31 -> Apr 30)', () => {
    const anchor = at(2026, 1, 31);
    const month = { value: 1, unit: 'MONTH' } as const;
    expect([1, 2, 3, 12, 13].map((n) => iso(billingDate(anchor, month, n)))).toEqual([at(2026, 2, 28), at(2026, 3, 31), at(2026, 4, 30), at(2027, 1, 31), at(2027, 2, 28)].map(iso));
  });

  it('knows leap years: Jan 31 2028 monthly gives Feb 29; Feb 29 yearly gives Feb 28, then Feb 29 again in 4 years', () => {
    expect(iso(billingDate(at(2028, 1, 31), { value: 1, unit: 'MONTH' }, 1))).toBe(iso(at(2028, 2, 29)));
    const leap = at(2028, 2, 29);
    expect(iso(billingDate(leap, { value: 1, unit: 'YEAR' }, 1))).toBe(iso(at(2029, 2, 28)));
    expect(iso(billingDate(leap, { value: 1, unit: 'YEAR' }, 4))).toBe(iso(at(2032, 2, 29)));
  });

  it('crosses year ends with multi-month periods and keeps the time of day', () => {
    expect(iso(billingDate(at(2026, 11, 30, 23, 59), { value: 3, unit: 'MONTH' }, 1))).toBe(iso(at(2027, 2, 28, 23, 59)));
    expect(iso(billingDate(at(2026, 8, 31), { value: 6, unit: 'MONTH' }, 3))).toBe(iso(at(2028, 2, 29)));
  });
});

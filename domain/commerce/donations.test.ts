import { describe, expect, it } from 'vitest';
import { amountInputBounds, coverFeeCents, coverFeeRule, donationAmountError, donationLimits, majorToMinor } from './donations.js';

describe('donation amounts', () => {
  it('reads a typed amount into minor units with string arithmetic, refusing what the currency cannot hold', () => {
    expect(majorToMinor('25', 'USD')).toBe(2500);
    expect(majorToMinor('25.5', 'USD')).toBe(2550);
    expect(majorToMinor(' $1,000.05 ', 'USD')).toBe(100005);
    expect(majorToMinor('0.29', 'USD')).toBe(29);
    expect(majorToMinor('1200', 'JPY')).toBe(1200);
    expect(majorToMinor('12.5', 'JPY')).toBeUndefined();
    expect(majorToMinor('12.345', 'USD')).toBeUndefined();
    expect(majorToMinor('-5', 'USD')).toBeUndefined();
    expect(majorToMinor('ten', 'USD')).toBeUndefined();
    expect(majorToMinor('', 'USD')).toBeUndefined();
  });

  it('bounds a donation per currency, with the amounts in the texts', () => {
    expect(donationLimits('USD')).toEqual({ minCents: 100, maxCents: 1_000_000 });
    expect(donationLimits('JPY')).toEqual({ minCents: 100, maxCents: 1_000_000 });
    expect(donationAmountError(99, 'USD')).toBe('The smallest donation is $1.00.');
    expect(donationAmountError(100, 'USD')).toBeUndefined();
    expect(donationAmountError(1_000_000, 'USD')).toBeUndefined();
    expect(donationAmountError(1_000_001, 'USD')).toBe('The largest donation is $10,000.00.');
    expect(donationAmountError(10.5, 'USD')).toBe('Enter the amount as a number, like 25 or 25.50.');
    // Cover-the-fee: 2.9% rounded up to a minor unit, plus 0.30 of a whole unit.
    expect(coverFeeCents(2500, 'USD')).toBe(103);
    expect(coverFeeCents(100, 'USD')).toBe(33);
    expect(coverFeeCents(1_000_000, 'USD')).toBe(29_030);
    expect(coverFeeCents(1000, 'JPY')).toBe(29);
    expect(coverFeeCents(1000, 'KWD')).toBe(329);
    expect(coverFeeRule('USD')).toBe('2.9% + $0.30');
    expect(coverFeeRule('JPY')).toBe('2.9%');
    expect(coverFeeRule('USD', 'en-GB')).toBe('2.9% + US$0.30');
    expect(coverFeeRule('USD', 'fr')).toMatch(/^2,9[\u00a0\u202f]% \+ 0,30[\u00a0\u202f]\$US$/);
    expect(coverFeeRule('JPY', 'fr')).toMatch(/^2,9[\u00a0\u202f]%$/);
    expect(amountInputBounds('USD', donationLimits('USD'))).toEqual({ min: '1.00', max: '10000.00', step: '0.01' });
    expect(amountInputBounds('JPY', donationLimits('JPY'))).toEqual({ min: '100', max: '1000000', step: '1' });
    expect(amountInputBounds('KWD', { minCents: 1500, maxCents: 2000 })).toEqual({ min: '1.500', max: '2.000', step: '0.001' });
    expect(donationAmountError(99, 'JPY')).toMatch(/^The smallest donation is ￥100\.$|^The smallest donation is ¥100\.$/);
  });

  it("takes the owner's limits for the site's currency, else the defaults", () => {
    const set = { USD: { minCents: 500, maxCents: 20_000 } };
    expect(donationLimits('USD', set)).toEqual({ minCents: 500, maxCents: 20_000 });
    expect(donationLimits('EUR', set)).toEqual({ minCents: 100, maxCents: 1_000_000 });
    const limits = donationLimits('USD', set);
    expect(donationAmountError(499, 'USD', 'en-US', limits)).toBe('The smallest donation is $5.00.');
    expect(donationAmountError(500, 'USD', 'en-US', limits)).toBeUndefined();
    expect(donationAmountError(20_000, 'USD', 'en-US', limits)).toBeUndefined();
    expect(donationAmountError(20_001, 'USD', 'en-US', limits)).toBe('The largest donation is $200.00.');
  });
});

import { describe, expect, it } from 'vitest';
import { bucketUpperBound, percentileFromHistogram, rateVital, vitalBucket } from './vitals.js';

describe('web vitals', () => {
  it('rates with the SPEC §9 thresholds, good and poor bounds inclusive like web-vitals', () => {
    expect(rateVital('LCP', 2500)).toBe('good');
    expect(rateVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateVital('LCP', 4001)).toBe('poor');
    expect(rateVital('CLS', 0.1)).toBe('good');
    expect(rateVital('CLS', 0.26)).toBe('poor');
    expect(rateVital('FID', 300)).toBe('needs-improvement');
    expect(rateVital('INP', 501)).toBe('poor');
    expect(rateVital('FCP', 1799)).toBe('good');
  });

  it('buckets hold their value within 10 %', () => {
    for (const v of [1, 37, 999, 2500, 4000, 59_000]) {
      const upper = bucketUpperBound('LCP', vitalBucket('LCP', v));
      expect(upper).toBeGreaterThanOrEqual(v);
      expect(upper).toBeLessThanOrEqual(v * 1.1 + 1);
    }
    expect(bucketUpperBound('CLS', vitalBucket('CLS', 0.12))).toBeCloseTo(0.12, 1);
  });

  it('reads p75 from the cumulative counts', () => {
    const samples = Array.from({ length: 100 }, (_, i) => (i + 1) * 40); // 40 … 4000 ms
    const hist = new Map<number, number>();
    for (const s of samples) hist.set(vitalBucket('LCP', s), (hist.get(vitalBucket('LCP', s)) ?? 0) + 1);
    const p75 = percentileFromHistogram('LCP', [...hist], 0.75)!;
    expect(p75).toBeGreaterThanOrEqual(3000);
    expect(p75).toBeLessThanOrEqual(3300);
    expect(percentileFromHistogram('LCP', [], 0.75)).toBeNull();
  });
});

/**
 * Web vitals as stored: SPEC §9 ratings and a log-scale histogram per metric, from which
 * the dashboard reads p75 without keeping every sample.
 */
export const VITAL_METRICS = ['FCP', 'LCP', 'CLS', 'FID', 'INP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/**
 * SPEC §9 "Web-vital ratings (good / poor)". TTFB has no SPEC figure; it uses the
 * web-vitals library's own thresholds (800 / 1800 ms), which the collector reports.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [good: number, poor: number]> = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  FID: [100, 300],
  INP: [200, 500],
  TTFB: [800, 1800],
};

/** Largest value accepted per metric (ms, CLS unitless); anything above is bad input. */
export const VITAL_MAX: Record<VitalMetric, number> = { FCP: 600_000, LCP: 600_000, CLS: 100, FID: 600_000, INP: 600_000, TTFB: 600_000 };

/** Rated like web-vitals: good up to and including the good threshold, poor above the poor one. */
export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

// Buckets grow by 10 %, so p75 read from a bucket bound is within 10 % of the truth.
const GROWTH = 1.1;
const SCALE: Record<VitalMetric, number> = { FCP: 1, LCP: 1, CLS: 1000, FID: 1, INP: 1, TTFB: 1 };

/** The histogram bucket of a value: 0 for 0, then ceil(log1.1(scaled + 1)). */
export function vitalBucket(metric: VitalMetric, value: number): number {
  const scaled = Math.max(0, value) * SCALE[metric];
  return scaled <= 0 ? 0 : Math.ceil(Math.log(scaled + 1) / Math.log(GROWTH));
}

/** The largest value a bucket holds, in the metric's unit. */
export function bucketUpperBound(metric: VitalMetric, bucket: number): number {
  return (GROWTH ** bucket - 1) / SCALE[metric];
}

/**
 * The p-th percentile (0-1) of a histogram given as bucket -> count, as the upper bound
 * of the bucket where the cumulative count first reaches p of the total.
 * @example percentileFromHistogram('LCP', [[80, 3], [85, 1]], 0.75) // ≈ bucketUpperBound('LCP', 80)
 */
export function percentileFromHistogram(metric: VitalMetric, buckets: ReadonlyArray<readonly [bucket: number, count: number]>, p: number): number | null {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const target = Math.ceil(p * total);
  let seen = 0;
  for (const [bucket, n] of sorted) {
    seen += n;
    if (seen >= target) return bucketUpperBound(metric, bucket);
  }
  return bucketUpperBound(metric, sorted[sorted.length - 1]![0]);
}

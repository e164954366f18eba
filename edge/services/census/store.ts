import type { EpochMs } from '../../../domain/branded-types.js';
import type { VitalMetric } from './vitals.js';

/** A recorded page view, as the census endpoint derived it (never the raw client address). */
export interface HitRecord {
  websiteId: string;
  ts: EpochMs;
  /** UTC day `YYYY-MM-DD` of `ts`. */
  day: string;
  visitorId: string;
  visitNo: number;
  newVisit: boolean;
  pagePath: string;
  pageType: number | null;
  title: string | null;
  itemId: string | null;
  referrerHost: string;
  device: string;
  browser: string;
  country: string;
  locale: string | null;
  viewport: string | null;
  screen: string | null;
  isBot: boolean;
  /** The browser's id for this page view (its retries repeat it), or null when it sent none. */
  hitId: string | null;
}

/** Any other census or analytics event (button clicks, quick views, add to cart, ...). */
export interface EventRecord {
  websiteId: string;
  ts: EpochMs;
  day: string;
  visitorId: string;
  kind: string;
  pagePath: string | null;
  itemId: string | null;
  /** Bounded JSON text of the event's data. */
  data: string;
}

export interface VitalSample {
  websiteId: string;
  day: string;
  pagePath: string;
  metric: VitalMetric;
  value: number;
}

export interface JsErrorRecord {
  websiteId: string;
  ts: EpochMs;
  day: string;
  message: string;
  /** The first stack frame (or '' when the stack has none): with the message it names the group. */
  firstFrame: string;
  stack: string;
  pagePath: string | null;
}

/**
 * Where census data goes. One interface, two implementations on paper: D1 (here,
 * d1-store.ts: raw rows plus incremental rollups, fine for the small and mid-sized sites
 * a D1 holds) and Workers Analytics Engine at scale (docs/traffic.md). Each call stores
 * all of its records or none of them.
 */
export interface CensusStore {
  /** Stores a page view; false (and nothing stored) when its hit id was stored before. */
  recordHit(hit: HitRecord): Promise<boolean>;
  recordEvents(events: readonly EventRecord[]): Promise<void>;
  /** RUM records: web-vital samples and the other collector events, together. */
  recordPerformance(records: { vitals: readonly VitalSample[]; events: readonly EventRecord[] }): Promise<void>;
  recordJsErrors(errors: readonly JsErrorRecord[]): Promise<void>;
  /** Deletes raw rows older than the cutoffs; returns how many rows went. */
  prune(cutoffs: { rawBefore: EpochMs; rollupsBefore: EpochMs }): Promise<number>;
}

/** SPEC-free product limits, documented in docs/traffic.md: raw rows 90 days, rollups 25 months. */
export const RAW_RETENTION_DAYS = 90;
export const ROLLUP_RETENTION_DAYS = 761;

/** The UTC day of an epoch ms. */
export function utcDay(ts: EpochMs): string {
  return new Date(ts).toISOString().slice(0, 10);
}

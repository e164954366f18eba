import type { Cents } from '../../../domain/branded-types.js';
import type { Db } from '../db.js';
import { readDashboardRows, type DayRange } from './dashboard-queries.js';
import { percentileFromHistogram, VITAL_METRICS, type VitalMetric } from './vitals.js';

export type { DayRange } from './dashboard-queries.js';

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range of the same length just before `range` (for comparison). */
export function previousRange(range: DayRange): DayRange {
  const length = (dayMs(range.to) - dayMs(range.from)) / DAY_MS + 1;
  return { from: dayOf(dayMs(range.from) - length * DAY_MS), to: dayOf(dayMs(range.from) - DAY_MS) };
}

/** One day of the traffic report; the owner app's charts read the same shape (client/editor/traffic). */
export interface DaySeries {
  day: string;
  visitors: number;
  visits: number;
  pageViews: number;
  bounceRate: number | null;
  avgVisitSeconds: number | null;
}

export interface Totals {
  visitors: number;
  visits: number;
  pageViews: number;
  bots: number;
  bounceRate: number | null;
  avgVisitSeconds: number | null;
}

export interface TopRow {
  key: string;
  views: number;
  visits: number;
}

export interface VitalsRow {
  pagePath: string;
  metric: VitalMetric;
  samples: number;
  p75: number | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

export interface ErrorGroupRow {
  message: string;
  firstFrame: string;
  count: number;
  lastSeen: number;
  lastPage: string | null;
}

export interface SpeedSalesRow {
  pagePath: string;
  views: number;
  lcpP75: number | null;
  inpP75: number | null;
  slowShare: number | null;
  addsToCart: number;
  addToCartRate: number | null;
  /** Adds to cart the slow loads likely cost: views × slow share × add-to-cart rate. */
  addsAtRisk: number;
  /** Orders (test mode excluded) that bought this page's product, and the rate per view. */
  orders: number;
  conversionRate: number | null;
  /** What those orders' lines for the product brought in, in the site's currency. */
  revenueCents: Cents;
  /** Revenue that came through slow loads: revenue × slow share (what a slow page puts at stake). */
  revenueAtRiskCents: Cents;
}

/** The page types of the INP table (dashboard-queries.ts reads them from the path), as the owner reads them. */
const PAGE_TYPE_LABELS: Record<string, string> = {
  home: 'Home',
  listing: 'Listing',
  product: 'Product',
  post: 'Post',
  page: 'Page',
  cart: 'Cart',
  checkout: 'Checkout',
  other: 'Other',
};

export interface InpTypeRow {
  /** home, listing, product, post, page, cart, checkout or other (search, order status, gone pages). */
  pageType: string;
  label: string;
  samples: number;
  p75: number | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

function inpByPageType(rows: readonly Record<string, unknown>[]): InpTypeRow[] {
  const types = new Map<string, { buckets: [number, number][]; good: number; poor: number; samples: number }>();
  for (const r of rows) {
    const type = String(r['page_type']);
    const t = types.get(type) ?? { buckets: [], good: 0, poor: 0, samples: 0 };
    t.buckets.push([num(r['bucket']), num(r['count'])]);
    t.good += num(r['good']);
    t.poor += num(r['poor']);
    t.samples += num(r['count']);
    types.set(type, t);
  }
  return [...types.entries()]
    .map(([pageType, t]) => ({
      pageType,
      label: PAGE_TYPE_LABELS[pageType] ?? pageType,
      samples: t.samples,
      p75: percentileFromHistogram('INP', t.buckets, 0.75),
      good: t.good,
      needsImprovement: t.samples - t.good - t.poor,
      poor: t.poor,
    }))
    .sort((a, b) => b.samples - a.samples || a.pageType.localeCompare(b.pageType));
}

export interface TrafficReport {
  range: DayRange;
  previous: DayRange;
  series: DaySeries[];
  totals: Totals;
  previousTotals: Totals;
  top: Record<'pages' | 'referrers' | 'devices' | 'browsers' | 'countries', TopRow[]>;
  /** Orders and revenue exclude test-mode orders; revenue is in `currency`, refunds left out. */
  funnel: { productViews: number; addsToCart: number; checkouts: number; orders: number; revenueCents: Cents; currency: string };
  vitals: VitalsRow[];
  /** INP p75 per page type (issue 37): how interactions feel to real visitors, phones included. */
  inpByPageType: InpTypeRow[];
  errors: ErrorGroupRow[];
  speedVsSales: SpeedSalesRow[];
}

const num = (v: unknown) => Number(v ?? 0);
const rate = (a: number, b: number) => (b > 0 ? a / b : null);

function totalsOf(rows: readonly Record<string, unknown>[]): Totals {
  const sum = (column: string) => rows.reduce((n, r) => n + num(r[column]), 0);
  const visits = sum('visits');
  return {
    visitors: sum('visitors'),
    visits,
    pageViews: sum('views'),
    bots: sum('bots'),
    bounceRate: rate(sum('bounces'), visits),
    avgVisitSeconds: visits > 0 ? sum('visit_ms') / visits / 1000 : null,
  };
}

/**
 * The owner's traffic report for a day range and the period before it, read in one D1
 * batch (dashboard-queries.ts) from the rollups (views, visits, visitors, bounce, visit
 * duration, top lists, funnel), the vitals histograms (p75 per page), the error groups and
 * the orders (funnel orders and revenue, speed vs. sales).
 */
export async function trafficReport(db: Db, site: string, range: DayRange): Promise<TrafficReport> {
  const previous = previousRange(range);
  const r = await readDashboardRows(db, site, range, previous);
  const topOf = (dimension: string): TopRow[] => r.top.filter((t) => t['dimension'] === dimension).map((t) => ({ key: String(t['key']), views: num(t['views']), visits: num(t['visits']) }));
  const pages = topOf('page');
  const vitalRows = r.vitals as { page_path: string; metric: VitalMetric; bucket: number; count: number; good: number; poor: number }[];
  const pageEvents = r.pageEvents as { key: string; views: number }[];
  const events = r.events as { key: string; views: number }[];
  const eventCount = new Map(events.map((e) => [e.key, num(e.views)]));

  // Vitals per page and metric, from the summed histograms.
  const hist = new Map<string, { pagePath: string; metric: VitalMetric; buckets: [number, number][]; good: number; poor: number; samples: number }>();
  for (const r of vitalRows) {
    const id = `${r.page_path}\n${r.metric}`;
    const h = hist.get(id) ?? { pagePath: r.page_path, metric: r.metric, buckets: [], good: 0, poor: 0, samples: 0 };
    h.buckets.push([num(r.bucket), num(r.count)]);
    h.good += num(r.good);
    h.poor += num(r.poor);
    h.samples += num(r.count);
    hist.set(id, h);
  }
  const vitals: VitalsRow[] = [...hist.values()]
    .map((h) => ({ pagePath: h.pagePath, metric: h.metric, samples: h.samples, p75: percentileFromHistogram(h.metric, h.buckets, 0.75), good: h.good, needsImprovement: h.samples - h.good - h.poor, poor: h.poor }))
    .sort((a, b) => b.samples - a.samples || a.pagePath.localeCompare(b.pagePath) || VITAL_METRICS.indexOf(a.metric) - VITAL_METRICS.indexOf(b.metric));

  const byPage = (kind: string) => new Map(pageEvents.filter((e) => e.key.startsWith(`${kind} `)).map((e) => [e.key.slice(kind.length + 1), num(e.views)]));
  const adds = byPage('add_to_cart');
  const productViews = byPage('product_page_visit');
  const pageViews = new Map(pages.map((p) => [p.key, p.views]));
  const sales = new Map(r.pageSales.map((s) => [String(s['page']), s]));
  const vital = (path: string, metric: VitalMetric) => vitals.find((v) => v.pagePath === path && v.metric === metric);
  const speedVsSales: SpeedSalesRow[] = [...productViews.keys()]
    .map((path) => {
      const views = pageViews.get(path) ?? productViews.get(path) ?? 0;
      const lcp = vital(path, 'LCP');
      const inp = vital(path, 'INP');
      const slowShare = lcp && lcp.samples ? (lcp.samples - lcp.good) / lcp.samples : null;
      const added = adds.get(path) ?? 0;
      const addRate = rate(added, views);
      const sold = sales.get(path);
      const revenueCents = num(sold?.['revenue']) as Cents;
      return {
        pagePath: path,
        views,
        lcpP75: lcp?.p75 ?? null,
        inpP75: inp?.p75 ?? null,
        slowShare,
        addsToCart: added,
        addToCartRate: addRate,
        addsAtRisk: views * (slowShare ?? 0) * (addRate ?? 0),
        orders: num(sold?.['orders']),
        conversionRate: rate(num(sold?.['orders']), views),
        // Integer minor units: an estimate, rounded to the cent.
        revenueAtRiskCents: Math.round(revenueCents * (slowShare ?? 0)) as Cents,
        revenueCents,
      };
    })
    .sort((a, b) => b.revenueAtRiskCents - a.revenueAtRiskCents || b.addsAtRisk - a.addsAtRisk || b.views - a.views)
    .slice(0, 50);

  const orders = r.orders[0] ?? {};
  return {
    range,
    previous,
    series: r.series.map((s) => ({
      day: String(s['day']),
      visitors: num(s['visitors']),
      visits: num(s['visits']),
      pageViews: num(s['views']),
      bounceRate: rate(num(s['bounces']), num(s['visits'])),
      avgVisitSeconds: num(s['visits']) > 0 ? num(s['visit_ms']) / num(s['visits']) / 1000 : null,
    })),
    totals: totalsOf(r.series),
    previousTotals: totalsOf(r.previous),
    top: { pages, referrers: topOf('referrer'), devices: topOf('device'), browsers: topOf('browser'), countries: topOf('country') },
    funnel: {
      productViews: (eventCount.get('view_product') ?? 0) + (eventCount.get('product_page_visit') ?? 0),
      addsToCart: eventCount.get('add_to_cart') ?? 0,
      checkouts: num(r.checkouts[0]?.['views']),
      orders: num(orders['orders']),
      revenueCents: num(orders['revenue']) as Cents,
      currency: String(orders['currency'] ?? 'USD'),
    },
    vitals,
    inpByPageType: inpByPageType(r.inpByType),
    errors: r.errors.map((e) => ({ message: String(e['message']), firstFrame: String(e['first_frame']), count: num(e['count']), lastSeen: num(e['last_seen']), lastPage: (e['last_page'] as string | null) ?? null })),
    speedVsSales,
  };
}

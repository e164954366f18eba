import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../db.js';
import { percentileFromHistogram, VITAL_METRICS, type VitalMetric } from './vitals.js';

/** A day range, inclusive, as UTC days `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range of the same length just before `range` (for comparison). */
export function previousRange(range: DayRange): DayRange {
  const length = (dayMs(range.to) - dayMs(range.from)) / DAY_MS + 1;
  return { from: dayOf(dayMs(range.from) - length * DAY_MS), to: dayOf(dayMs(range.from) - DAY_MS) };
}

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
}

export interface TrafficReport {
  range: DayRange;
  previous: DayRange;
  series: DaySeries[];
  totals: Totals;
  previousTotals: Totals;
  top: Record<'pages' | 'referrers' | 'devices' | 'browsers' | 'countries', TopRow[]>;
  funnel: { productViews: number; addsToCart: number; checkouts: number; orders: number | null; revenueCents: number | null };
  vitals: VitalsRow[];
  errors: ErrorGroupRow[];
  speedVsSales: SpeedSalesRow[];
}

const num = (v: unknown) => Number(v ?? 0);
const rate = (a: number, b: number) => (b > 0 ? a / b : null);

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return query(() => db.all<T>(q));
}

async function totals(db: Db, site: string, r: DayRange, visitDays?: Record<string, unknown>[]): Promise<Totals> {
  const [t] = await rows<Record<string, number>>(
    db,
    sql`select sum(views) as views, sum(visits) as visits, sum(visitors) as visitors, sum(bots) as bots from census_rollups
        where website_id = ${site} and dimension = 'total' and day between ${r.from} and ${r.to}`,
  );
  // The current period's visit sums come from its per-day rows (one scan of the visits).
  const [v] = visitDays
    ? [{ visits: visitDays.reduce((n, d) => n + num(d['visits']), 0), bounces: visitDays.reduce((n, d) => n + num(d['bounces']), 0), total: visitDays.reduce((n, d) => n + num(d['total']), 0) }]
    : await rows<Record<string, number>>(
        db,
        sql`select count(*) as visits, sum(views = 1) as bounces, sum(last_seen_at - started_at) as total from census_visits
            where website_id = ${site} and day between ${r.from} and ${r.to}`,
      );
  return {
    visitors: num(t?.['visitors']),
    visits: num(t?.['visits']),
    pageViews: num(t?.['views']),
    bots: num(t?.['bots']),
    bounceRate: rate(num(v?.['bounces']), num(v?.['visits'])),
    avgVisitSeconds: num(v?.['visits']) > 0 ? num(v!['total']) / num(v!['visits']) / 1000 : null,
  };
}

async function top(db: Db, site: string, r: DayRange, dimension: string, limit = 20): Promise<TopRow[]> {
  const result = await rows<{ key: string; views: number; visits: number }>(
    db,
    sql`select key, sum(views) as views, sum(visits) as visits from census_rollups
        where website_id = ${site} and dimension = ${dimension} and day between ${r.from} and ${r.to}
        group by key order by views desc, key limit ${limit}`,
  );
  return result.map((row) => ({ key: row.key, views: num(row.views), visits: num(row.visits) }));
}

/**
 * The owner's traffic report for a day range and the period before it, read from the
 * rollups (views, visits, visitors, top lists, funnel), the visit rows (bounce, duration),
 * the vitals histograms (p75 per page) and the error groups.
 */
export async function trafficReport(db: Db, site: string, range: DayRange): Promise<TrafficReport> {
  const previous = previousRange(range);
  const visitSeries = await rows<Record<string, unknown>>(
    db,
    sql`select day, count(*) as visits, sum(views = 1) as bounces, sum(last_seen_at - started_at) as total from census_visits where website_id = ${site} and day between ${range.from} and ${range.to} group by day`,
  );
  const [series, current, before, pages, referrers, devices, browsers, countries, events, checkouts, vitalRows, errors, pageEvents] = await Promise.all([
    rows<Record<string, unknown>>(db, sql`select day, views, visits, visitors from census_rollups where website_id = ${site} and dimension = 'total' and day between ${range.from} and ${range.to} order by day`),
    totals(db, site, range, visitSeries),
    totals(db, site, previous),
    top(db, site, range, 'page'),
    top(db, site, range, 'referrer'),
    top(db, site, range, 'device'),
    top(db, site, range, 'browser'),
    top(db, site, range, 'country'),
    rows<{ key: string; views: number }>(db, sql`select key, sum(views) as views from census_rollups where website_id = ${site} and dimension = 'event' and day between ${range.from} and ${range.to} group by key`),
    rows<{ views: number }>(db, sql`select sum(views) as views from census_rollups where website_id = ${site} and dimension = 'page' and (key = '/checkout' or key like '/checkout?%' or key like '/checkout/%') and day between ${range.from} and ${range.to}`),
    rows<{ page_path: string; metric: VitalMetric; bucket: number; count: number; good: number; poor: number }>(
      db,
      sql`select page_path, metric, bucket, sum(count) as count, sum(good) as good, sum(poor) as poor from census_vitals where website_id = ${site} and day between ${range.from} and ${range.to} group by page_path, metric, bucket`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`select e.message, e.first_frame, sum(d.count) as count, e.last_seen, e.last_page from census_js_error_days d join census_js_errors e on e.website_id = d.website_id and e.fingerprint = d.fingerprint
          where d.website_id = ${site} and d.day between ${range.from} and ${range.to} group by e.fingerprint order by count desc limit 50`,
    ),
    rows<{ key: string; views: number }>(db, sql`select key, sum(views) as views from census_rollups where website_id = ${site} and dimension = 'event-page' and day between ${range.from} and ${range.to} and (key like 'add_to_cart %' or key like 'product_page_visit %') group by key`),
  ]);

  const visitsByDay = new Map(visitSeries.map((v) => [String(v['day']), v]));
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
  const vital = (path: string, metric: VitalMetric) => vitals.find((v) => v.pagePath === path && v.metric === metric);
  const speedVsSales: SpeedSalesRow[] = [...productViews.keys()]
    .map((path) => {
      const views = pageViews.get(path) ?? productViews.get(path) ?? 0;
      const lcp = vital(path, 'LCP');
      const inp = vital(path, 'INP');
      const slowShare = lcp && lcp.samples ? (lcp.samples - lcp.good) / lcp.samples : null;
      const added = adds.get(path) ?? 0;
      const addRate = rate(added, views);
      return { pagePath: path, views, lcpP75: lcp?.p75 ?? null, inpP75: inp?.p75 ?? null, slowShare, addsToCart: added, addToCartRate: addRate, addsAtRisk: views * (slowShare ?? 0) * (addRate ?? 0) };
    })
    .sort((a, b) => b.addsAtRisk - a.addsAtRisk || b.views - a.views)
    .slice(0, 50);

  return {
    range,
    previous,
    series: series.map((s) => {
      const v = visitsByDay.get(String(s['day']));
      return {
        day: String(s['day']),
        visitors: num(s['visitors']),
        visits: num(s['visits']),
        pageViews: num(s['views']),
        bounceRate: v ? rate(num(v['bounces']), num(v['visits'])) : null,
        avgVisitSeconds: v && num(v['visits']) > 0 ? num(v['total']) / num(v['visits']) / 1000 : null,
      };
    }),
    totals: current,
    previousTotals: before,
    top: { pages, referrers, devices, browsers, countries },
    // Orders and revenue come from the checkout's orders table, which does not exist yet.
    funnel: { productViews: (eventCount.get('view_product') ?? 0) + (eventCount.get('product_page_visit') ?? 0), addsToCart: eventCount.get('add_to_cart') ?? 0, checkouts: num(checkouts[0]?.views), orders: null, revenueCents: null },
    vitals,
    errors: errors.map((e) => ({ message: String(e['message']), firstFrame: String(e['first_frame']), count: num(e['count']), lastSeen: num(e['last_seen']), lastPage: (e['last_page'] as string | null) ?? null })),
    speedVsSales,
  };
}

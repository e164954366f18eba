import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { ApiError } from '../../errors.js';
import { requirePermission } from '../../middleware/roles/index.js';
import { trafficReport, type TrafficReport } from '../../services/census/dashboard.js';
import { dayRange } from '../../services/census/day-range.js';
import { queryParams } from '../validate.js';

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day as YYYY-MM-DD.');

const rangeQuery = z.object({ from: DAY.optional(), to: DAY.optional() });

type Cell = string | number | null;
/** Every table of the report as CSV rows (header first), by export name. */
export function reportTables(r: TrafficReport): Record<string, Cell[][]> {
  const top = (rows: { key: string; views: number; visits: number }[], name: string): Cell[][] => [[name, 'views', 'visits'], ...rows.map((x) => [x.key, x.views, x.visits])];
  return {
    overview: [['day', 'visitors', 'visits', 'page_views', 'bounce_rate', 'avg_visit_seconds'], ...r.series.map((s) => [s.day, s.visitors, s.visits, s.pageViews, s.bounceRate, s.avgVisitSeconds])],
    pages: top(r.top.pages, 'page'),
    referrers: top(r.top.referrers, 'referrer'),
    devices: top(r.top.devices, 'device'),
    browsers: top(r.top.browsers, 'browser'),
    countries: top(r.top.countries, 'country'),
    funnel: [['stage', 'count'], ['product views', r.funnel.productViews], ['adds to cart', r.funnel.addsToCart], ['checkouts', r.funnel.checkouts], ['orders', r.funnel.orders], [`revenue_minor_units_${r.funnel.currency}`, r.funnel.revenueCents]],
    vitals: [['page', 'metric', 'samples', 'p75', 'good', 'needs_improvement', 'poor'], ...r.vitals.map((v) => [v.pagePath, v.metric, v.samples, v.p75, v.good, v.needsImprovement, v.poor])],
    'inp-by-page-type': [['page_type', 'label', 'samples', 'inp_p75_ms', 'good', 'needs_improvement', 'poor'], ...r.inpByPageType.map((t) => [t.pageType, t.label, t.samples, t.p75, t.good, t.needsImprovement, t.poor])],
    errors: [['message', 'first_frame', 'count', 'last_seen', 'last_page'], ...r.errors.map((e) => [e.message, e.firstFrame, e.count, new Date(e.lastSeen).toISOString(), e.lastPage])],
    'speed-vs-sales': [
      ['page', 'views', 'lcp_p75_ms', 'inp_p75_ms', 'slow_share', 'adds_to_cart', 'add_to_cart_rate', 'adds_at_risk', 'orders', 'conversion_rate', 'revenue_minor_units', 'revenue_at_risk_minor_units'],
      ...r.speedVsSales.map((s) => [s.pagePath, s.views, s.lcpP75, s.inpP75, s.slowShare, s.addsToCart, s.addToCartRate, s.addsAtRisk, s.orders, s.conversionRate, s.revenueCents, s.revenueAtRiskCents]),
    ],
  };
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with '. */
export function toCsv(rows: Cell[][]): string {
  const cell = (v: Cell) => {
    if (v === null) return '';
    let s = typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : v;
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** GET /api/census/dashboard (JSON) and /api/census/dashboard/<table>.csv, for the traffic roles only. */
export const dashboard = new Hono<AppEnv>({ strict: false });

dashboard.get('/', requirePermission('traffic'), queryParams(rangeQuery), async (c) => c.json(await trafficReport(c.var.db, c.var.site.id, dayRange(c.req.valid('query')))));

dashboard.get('/:table', requirePermission('traffic'), queryParams(rangeQuery), async (c) => {
  const file = c.req.param('table');
  const name = file.replace(/\.csv$/, '');
  const range = dayRange(c.req.valid('query'));
  const tables = reportTables(await trafficReport(c.var.db, c.var.site.id, range));
  // An own property only: 'constructor' or '__proto__' must not find Object.prototype's (issue 33, finding 9).
  const table = file.endsWith('.csv') && Object.hasOwn(tables, name) ? tables[name] : undefined;
  if (!table) throw new ApiError(404, 'not_found', 'No such table.');
  return c.body(toCsv(table), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="traffic-${name}-${range.from}-${range.to}.csv"`,
  });
});

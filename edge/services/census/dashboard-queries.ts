import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { query, type Db } from '../db.js';
import { COLLECTION_TYPE } from '../../../schema/index.js';

/** A day range, inclusive, as UTC days `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

type Row = Record<string, unknown>;

/** The five top lists of the dashboard, each cut at TOP_LIMIT keys. */
export const TOP_DIMENSIONS = ['page', 'referrer', 'device', 'browser', 'country'] as const;
const TOP_LIMIT = 20;

/** Every panel's rows, by panel. */
export interface DashboardRows {
  series: Row[];
  previous: Row[];
  top: Row[];
  events: Row[];
  checkouts: Row[];
  vitals: Row[];
  inpByType: Row[];
  errors: Row[];
  pageEvents: Row[];
  orders: Row[];
  pageSales: Row[];
}

const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Reads every panel of the traffic dashboard in one D1 batch (one round trip, one
 * consistent snapshot). Only rollups, histograms, error groups and orders are read, never
 * raw hits or visits; each rollup read is a range of the covering index
 * census_rollups_site_dim_day_idx (site, dimension, day, ...).
 * Orders: SPEC §3 orders of the range, test-mode orders excluded; revenue counts the
 * site's own currency only (integer minor units) and leaves refunded orders out.
 */
export async function readDashboardRows(db: Db, site: string, range: DayRange, previous: DayRange): Promise<DashboardRows> {
  const d1 = db.$client;
  const q = (text: string, ...binds: unknown[]): D1PreparedStatement => d1.prepare(text).bind(...binds);
  const rollups = `from census_rollups where website_id = ?1 and dimension = ?2 and day between ?3 and ?4`;
  const fromMs = dayStartMs(range.from);
  const toMs = dayStartMs(range.to) + 86_400_000;
  const statements: Record<keyof DashboardRows, D1PreparedStatement> = {
    series: q(`select day, views, visits, visitors, bots, bounces, visit_ms ${rollups} and key = '' order by day`, site, 'total', range.from, range.to),
    previous: q(
      `select sum(views) as views, sum(visits) as visits, sum(visitors) as visitors, sum(bots) as bots, sum(bounces) as bounces, sum(visit_ms) as visit_ms ${rollups} and key = ''`,
      site,
      'total',
      previous.from,
      previous.to,
    ),
    top: q(
      `select dimension, key, views, visits from (
         select dimension, key, sum(views) as views, sum(visits) as visits, row_number() over (partition by dimension order by sum(views) desc, key) as n
         from census_rollups where website_id = ?1 and dimension in (${TOP_DIMENSIONS.map((d) => `'${d}'`).join(', ')}) and day between ?2 and ?3
         group by dimension, key)
       where n <= ?4 order by dimension, n`,
      site,
      range.from,
      range.to,
      TOP_LIMIT,
    ),
    events: q(`select key, sum(views) as views ${rollups} group by key`, site, 'event', range.from, range.to),
    checkouts: q(`select sum(views) as views ${rollups} and (key = '/checkout' or key like '/checkout?%' or key like '/checkout/%')`, site, 'page', range.from, range.to),
    vitals: q(
      `select page_path, metric, bucket, sum(count) as count, sum(good) as good, sum(poor) as poor from census_vitals
       where website_id = ?1 and day between ?2 and ?3 group by page_path, metric, bucket`,
      site,
      range.from,
      range.to,
    ),
    // INP histograms per page type (issue 37), the type read from the path against the site's
    // content (products, posts, listings, pages: a few rows per page of the catalogue, never
    // raw hits); a query string is left off first.
    inpByType: q(
      `with v as (
         select case when instr(page_path, '?') > 0 then substr(page_path, 1, instr(page_path, '?') - 1) else page_path end as path, bucket, count, good, poor
         from census_vitals where website_id = ?1 and day between ?2 and ?3 and metric = 'INP')
       select case
           when v.path = '/' then 'home'
           when v.path = '/cart' then 'cart'
           when v.path = '/checkout' or v.path like '/checkout/%' then 'checkout'
           when exists (select 1 from items i join collections c on c.id = i.collection_id where i.website_id = ?1 and i.full_url = v.path and c.type = ${COLLECTION_TYPE.products}) then 'product'
           when exists (select 1 from items i where i.website_id = ?1 and i.full_url = v.path) then 'post'
           when exists (select 1 from collections c where c.website_id = ?1 and c.full_url = v.path and c.type = ${COLLECTION_TYPE.page}) then 'page'
           when exists (select 1 from collections c where c.website_id = ?1 and c.full_url = v.path) then 'listing'
           else 'other' end as page_type,
         v.bucket, sum(v.count) as count, sum(v.good) as good, sum(v.poor) as poor
       from v group by 1, v.bucket`,
      site,
      range.from,
      range.to,
    ),
    errors: q(
      `select e.message, e.first_frame, sum(d.count) as count, e.last_seen, e.last_page from census_js_error_days d
       join census_js_errors e on e.website_id = d.website_id and e.fingerprint = d.fingerprint
       where d.website_id = ?1 and d.day between ?2 and ?3 group by e.fingerprint order by count desc limit 50`,
      site,
      range.from,
      range.to,
    ),
    pageEvents: q(`select key, sum(views) as views ${rollups} and (key like 'add_to_cart %' or key like 'product_page_visit %') group by key`, site, 'event-page', range.from, range.to),
    orders: q(
      `select count(o.id) as orders,
         coalesce(sum(case when o.currency = w.currency and o.status != 'refunded' then o.grand_total_cents end), 0) as revenue, w.currency as currency
       from websites w left join orders o on o.website_id = w.id and o.test_mode = 0 and o.created_on >= ?2 and o.created_on < ?3
       where w.id = ?1`,
      site,
      fromMs,
      toMs,
    ),
    // Per product page: orders that bought the page's product, and what its lines brought in.
    pageSales: q(
      `select i.full_url as page, count(distinct o.id) as orders, sum(l.quantity * l.unit_price_cents) as revenue
       from orders o join websites w on w.id = o.website_id join order_lines l on l.order_id = o.id join items i on i.id = l.item_id
       where o.website_id = ?1 and o.test_mode = 0 and o.status != 'refunded' and o.currency = w.currency and o.created_on >= ?2 and o.created_on < ?3
       group by i.full_url`,
      site,
      fromMs,
      toMs,
    ),
  };
  const names = Object.keys(statements) as (keyof DashboardRows)[];
  const results = await query(() => d1.batch<Row>(names.map((n) => statements[n])));
  return Object.fromEntries(names.map((n, i) => [n, results[i]!.results])) as unknown as DashboardRows;
}

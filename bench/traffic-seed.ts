import type { D1Database } from '@cloudflare/workers-types';

/**
 * Seeds `hits` census page views over the 90 days before `now` straight into D1 (one
 * INSERT ... SELECT over a recursive counter), then derives exactly the rollups (with the
 * total rows' bounces and visit durations), visits,
 * daily visitors (of the seeded rows only), event rollups, vitals histograms and error groups the census endpoints
 * would have written for them. For the dashboard benchmark only.
 */
export async function seedTraffic(db: D1Database, websiteId: string, hits: number, now: number): Promise<void> {
  const start = now - 90 * 86_400_000;
  const run = (sql: string, ...binds: unknown[]) => db.prepare(sql).bind(...binds).run();
  await run(
    `insert into census_hits (website_id, ts, day, visitor_id, visit_no, new_visit, page_path, page_type, referrer_host, device, browser, country, is_bot)
     select ?1, ts, strftime('%Y-%m-%d', ts / 1000, 'unixepoch'), 'v' || (i % 60000), (i / 60000) % 5 + 1, (i % 4 = 0),
       case when i % 3 = 0 then '/shop' when i % 7 = 0 then '/' else '/shop/product-' || (i % 40) end,
       case when i % 3 = 0 then 1 when i % 7 = 0 then 2 else 50 end,
       case i % 6 when 0 then 'google.com' when 1 then 'instagram.com' when 2 then 'pinterest.com' else '' end,
       case i % 5 when 0 then 'mobile' when 1 then 'mobile' when 2 then 'tablet' else 'desktop' end,
       case i % 4 when 0 then 'Safari' when 1 then 'Firefox' else 'Chrome' end,
       case i % 8 when 0 then 'DE' when 1 then 'GB' when 2 then 'FR' else 'US' end, 0
     from (with recursive n(i) as (select 0 union all select i + 1 from n where i < ?2 - 1)
           select i, ?3 + (i * 7919 % 90) * 86400000 + (i * 104729 % 86400000) as ts from n)`,
    websiteId,
    hits,
    start,
  );
  await run(
    `insert into census_rollups (website_id, day, dimension, key, views, visits, visitors, bots)
     select website_id, day, 'total', '', count(*), sum(new_visit), count(distinct visitor_id), 0 from census_hits where website_id = ?1 and visitor_id glob 'v[0-9]*' group by day on conflict (website_id, day, dimension, key) do update set views = views + excluded.views, visits = visits + excluded.visits, visitors = visitors + excluded.visitors`,
    websiteId,
  );
  for (const [dimension, column] of [['page', 'page_path'], ['referrer', 'referrer_host'], ['device', 'device'], ['browser', 'browser'], ['country', 'country']]) {
    await run(
      `insert into census_rollups (website_id, day, dimension, key, views, visits, visitors, bots)
       select website_id, day, '${dimension}', ${column}, count(*), sum(new_visit), 0, 0 from census_hits where website_id = ?1 and visitor_id glob 'v[0-9]*' group by day, ${column} on conflict (website_id, day, dimension, key) do update set views = views + excluded.views, visits = visits + excluded.visits, visitors = visitors + excluded.visitors`,
      websiteId,
    );
  }
  await run(
    `insert into census_visits (website_id, visitor_id, visit_no, day, started_at, last_seen_at, views, entry_path)
     select website_id, visitor_id, visit_no, min(day), min(ts), max(ts), count(*), min(page_path) from census_hits where website_id = ?1 and visitor_id glob 'v[0-9]*' group by visitor_id, visit_no`,
    websiteId,
  );
  // What the census keeps hit by hit on the total rows: bounces and visit durations per visit start day.
  await run(
    `update census_rollups set
       bounces = (select count(*) from census_visits v where v.website_id = ?1 and v.day = census_rollups.day and v.views = 1),
       visit_ms = (select coalesce(sum(v.last_seen_at - v.started_at), 0) from census_visits v where v.website_id = ?1 and v.day = census_rollups.day)
     where website_id = ?1 and dimension = 'total' and key = ''`,
    websiteId,
  );
  await run(`insert or ignore into census_day_visitors (website_id, day, visitor_id) select distinct website_id, day, visitor_id from census_hits where website_id = ?1 and visitor_id glob 'v[0-9]*'`, websiteId);
  // Product page visits are every product page view; about one in twenty adds to cart.
  await run(
    `insert into census_rollups (website_id, day, dimension, key, views)
     select website_id, day, 'event-page', 'product_page_visit ' || key, views from census_rollups where website_id = ?1 and dimension = 'page' and key like '/shop/product-%'
     union all
     select website_id, day, 'event-page', 'add_to_cart ' || key, views / 20 from census_rollups where website_id = ?1 and dimension = 'page' and key like '/shop/product-%'`,
    websiteId,
  );
  await run(
    `insert into census_rollups (website_id, day, dimension, key, views)
     select website_id, day, 'event', substr(key, 1, instr(key, ' ') - 1), sum(views) from census_rollups where website_id = ?1 and dimension = 'event-page' group by day, substr(key, 1, instr(key, ' ') - 1)`,
    websiteId,
  );
  // Vitals: 8 LCP and INP buckets a day per product page, slower pages later in the list.
  await run(
    `insert into census_vitals (website_id, day, page_path, metric, bucket, count, good, poor)
     select ?1, r.day, substr(r.key, 1), m.metric, m.base + (cast(substr(r.key, 16) as integer) % 10) + b.k, 10, case when b.k < 4 then 10 else 0 end, case when b.k > 6 then 10 else 0 end
     from census_rollups r, (select 'LCP' as metric, 78 as base union all select 'INP', 50) m,
          (with recursive k(k) as (select 0 union all select k + 1 from k where k < 7) select k from k) b
     where r.website_id = ?1 and r.dimension = 'page' and r.key like '/shop/product-%'`,
    websiteId,
  );
  await run(
    `insert into census_js_errors (website_id, fingerprint, message, first_frame, sample_stack, last_page, count, first_seen, last_seen)
     values (?1, 'f1', 'x is undefined', 'at render (app.js:1:1)', '', '/shop', 500, ?2, ?3), (?1, 'f2', 'Network error', 'at load (app.js:9:9)', '', '/', 40, ?2, ?3)`,
    websiteId,
    start,
    now,
  );
  await run(
    `insert into census_js_error_days (website_id, fingerprint, day, count) select website_id, fingerprint, day, 5 from census_js_errors, (select distinct day from census_rollups where website_id = ?1 and dimension = 'total') where website_id = ?1`,
    websiteId,
  );
}

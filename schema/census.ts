import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Census (visitor traffic), raw rows. One row per recorded page view; bots are stored
 * with `isBot` so they are counted apart and never as visitors. No client address is
 * stored: country comes from the edge, device and browser from the user agent.
 * Raw rows are pruned after CENSUS_RETENTION_DAYS by the scheduled handler; the rollups
 * below keep the history.
 */
export const censusHits = sqliteTable(
  'census_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Server time of the hit (epoch ms) and its UTC day `YYYY-MM-DD`. */
    ts: integer('ts').notNull(),
    day: text('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    visitNo: integer('visit_no').notNull(),
    newVisit: integer('new_visit', { mode: 'boolean' }).notNull(),
    pagePath: text('page_path').notNull(),
    pageType: integer('page_type'),
    title: text('title'),
    itemId: text('item_id'),
    referrerHost: text('referrer_host').notNull(),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    country: text('country').notNull(),
    locale: text('locale'),
    viewport: text('viewport'),
    screen: text('screen'),
    isBot: integer('is_bot', { mode: 'boolean' }).notNull(),
    /** The id the browser gave this page view; a retried post carries the same id. */
    hitId: text('hit_id'),
  },
  (t) => [
    index('census_hits_site_day_idx').on(t.websiteId, t.day),
    index('census_hits_ts_idx').on(t.ts),
    // A retry after a timeout cannot store (and count) the same page view twice: the second
    // write of a hit id fails its whole batch (edge/services/census/d1-store.ts).
    uniqueIndex('census_hits_site_hit_uq').on(t.websiteId, t.hitId),
  ],
);

/**
 * Other raw census and analytics events (button clicks and renders, form renders,
 * overlays, quick views, and the commerce/engagement events of SPEC §7).
 */
export const censusEvents = sqliteTable(
  'census_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    ts: integer('ts').notNull(),
    day: text('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    kind: text('kind').notNull(),
    pagePath: text('page_path'),
    itemId: text('item_id'),
    /** The event's bounded JSON data as sent (at most 2 KB). */
    data: text('data').notNull(),
  },
  (t) => [index('census_events_site_day_kind_idx').on(t.websiteId, t.day, t.kind), index('census_events_ts_idx').on(t.ts)],
);

/** One row per visit (a visitor's visit number), kept up to date hit by hit: bounce and duration. */
export const censusVisits = sqliteTable(
  'census_visits',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    visitNo: integer('visit_no').notNull(),
    day: text('day').notNull(),
    startedAt: integer('started_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    views: integer('views').notNull(),
    entryPath: text('entry_path').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.visitorId, t.visitNo] }),
    // Covers the dashboard's bounce and duration sums, so they never touch the table rows.
    index('census_visits_site_day_idx').on(t.websiteId, t.day, t.views, t.startedAt, t.lastSeenAt),
  ],
);

/** Who visited on a day (unique visitors over a range = distinct visitor ids here). */
export const censusDayVisitors = sqliteTable(
  'census_day_visitors',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.visitorId] })],
);

/**
 * Daily rollups per dimension: `dimension` is total | page | referrer | device | browser |
 * country | event | event-page, `key` its value ('' for total). Counters grow by atomic upserts.
 */
export const censusRollups = sqliteTable(
  'census_rollups',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    /** Unique visitors of the day (total row only; counted when a visitor's first hit of the day lands). */
    visitors: integer('visitors').notNull().default(0),
    bots: integer('bots').notNull().default(0),
    /**
     * Total row only, per visit start day: visits of one page view so far, and the summed
     * visit durations (first to last hit, ms). Kept hit by hit, so the dashboard's bounce
     * rate and visit duration never scan the visits.
     */
    bounces: integer('bounces').notNull().default(0),
    visitMs: integer('visit_ms').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.day, t.dimension, t.key] }),
    // Covers every dashboard read (a dimension over a day range) without touching the table.
    index('census_rollups_site_dim_day_idx').on(t.websiteId, t.dimension, t.day, t.key, t.views, t.visits, t.visitors, t.bots, t.bounces, t.visitMs),
  ],
);

/**
 * Web-vital histograms per site, day, page and metric (SPEC §9 ratings): `bucket` is
 * the histogram bucket of the value (see edge/services/census/vitals.ts); rating
 * shares are counted beside it. p75 is read from the cumulative counts.
 */
export const censusVitals = sqliteTable(
  'census_vitals',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    pagePath: text('page_path').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
    good: integer('good').notNull().default(0),
    poor: integer('poor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.pagePath, t.metric, t.bucket] })],
);

/** JavaScript errors grouped by message and first stack frame, with a sample and counts. */
export const censusJsErrors = sqliteTable(
  'census_js_errors',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    message: text('message').notNull(),
    firstFrame: text('first_frame').notNull(),
    sampleStack: text('sample_stack').notNull(),
    lastPage: text('last_page'),
    count: integer('count').notNull().default(0),
    firstSeen: integer('first_seen').notNull(),
    lastSeen: integer('last_seen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.fingerprint] })],
);

/** Per-day occurrence counts of each error group, so the dashboard can filter by range. */
export const censusJsErrorDays = sqliteTable(
  'census_js_error_days',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.fingerprint] })],
);

/**
 * The census part of a site's settings (`websites.site_settings.census`): the owner can
 * turn traffic recording off, choose the restrictive cookie policy, opt into the commerce
 * visitor-metrics beta (SPEC §6) and point the browser pixel hook at a tag id.
 */
export interface CensusSettings {
  disabled?: boolean;
  restrictive?: boolean;
  commerceVisitorMetrics?: boolean;
  pixelTagId?: string;
}

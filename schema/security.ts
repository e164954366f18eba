import { sqliteTable, text, integer, primaryKey } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * Content-Security-Policy violations the browsers of a site's visitors reported
 * (POST /api/security/csp-report). One row per distinct violation per site per UTC day:
 * a repeat only raises `count`, so a noisy page cannot grow the table, and a site keeps
 * at most CSP_REPORT_ROWS_PER_DAY rows a day (edge/services/csp-reports.ts).
 *
 * The columns line up with browser error reports (`kind` 'csp', a `message`, the page,
 * the source file and position) so the traffic views can group both by `fingerprint`.
 */
export const cspReports = sqliteTable(
  'csp_reports',
  {
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // UTC day as YYYY-MM-DD.
    day: text('day').notNull(),
    // SHA-256 (hex) of directive, blocked URL, source file and position.
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull().default('csp'),
    // 'enforce' or 'report'
    disposition: text('disposition').notNull(),
    effectiveDirective: text('effective_directive').notNull(),
    // Origin and path only (or 'inline', 'eval', 'data'): never a query string.
    blockedUrl: text('blocked_url').notNull(),
    pagePath: text('page_path').notNull(),
    sourceFile: text('source_file'),
    line: integer('line'),
    column: integer('column'),
    // The first 40 characters of the blocked inline code, as the browser sent them.
    sample: text('sample'),
    message: text('message').notNull(),
    count: integer('count').notNull().default(1),
    firstSeenOn: integer('first_seen_on').notNull(),
    lastSeenOn: integer('last_seen_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day, t.fingerprint] })],
);

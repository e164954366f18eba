import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';

/**
 * An owner's export of a whole site (issue 34, docs/api/site-export.md): a zip built after the
 * request (or by the minute Cron when that died) into R2 under a private key, downloaded only
 * through the owner's authenticated route, gone after seven days.
 */
export const siteExports = sqliteTable(
  'site_exports',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** 'queued' until the zip is in R2 ('ready') or building it failed ('failed'). */
    state: text('state', { enum: ['queued', 'ready', 'failed'] }).notNull(),
    r2Key: text('r2_key').notNull(),
    byteSize: integer('byte_size'),
    requestedBy: text('requested_by').notNull(),
    /** Attempts at building it (the Cron job retries a queued export whose first run died). */
    attempts: integer('attempts').notNull().default(0),
    createdOn: integer('created_on').notNull(),
    finishedOn: integer('finished_on'),
    expiresOn: integer('expires_on').notNull(),
    error: text('error'),
  },
  (t) => [index('site_exports_site_idx').on(t.websiteId, t.createdOn), index('site_exports_state_idx').on(t.state, t.createdOn)],
);

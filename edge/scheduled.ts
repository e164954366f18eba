import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { openDb } from './services/db.js';
import { renewalDeps, renewDueSubscriptions } from './services/subscriptions/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** wrangler.toml `[triggers]`: the daily run also prunes the census; every run renews subscriptions. */
export const DAILY_CRON = '17 3 * * *';
export const RENEWAL_CRON = '7 * * * *';

/**
 * The Cron Triggers' work. Every run charges the subscription renewals that are due
 * (edge/services/subscriptions/renew.ts: each cycle at most once, even when runs overlap).
 * The daily run (or a run with no cron name, as `/__scheduled` sends) also prunes census
 * rows past their retention — raw hits, events and visits after RAW_RETENTION_DAYS,
 * rollups, vitals and error groups after ROLLUP_RETENTION_DAYS.
 */
export async function runScheduled(env: Env, now: number, cron?: string): Promise<void> {
  const db = openDb(env.DB);
  const renewals = await renewDueSubscriptions(db, renewalDeps(db), now);
  console.log(`subscription renewals: ${renewals.renewed} renewed, ${renewals.declined} declined, ${renewals.skipped} skipped, ${renewals.failed} failed`);
  if (cron !== undefined && cron !== '' && cron !== DAILY_CRON) return;
  const removed = await censusStore(db).prune({
    rawBefore: now - RAW_RETENTION_DAYS * DAY_MS,
    rollupsBefore: now - ROLLUP_RETENTION_DAYS * DAY_MS,
  });
  console.log(`census retention: removed ${removed} rows`);
}

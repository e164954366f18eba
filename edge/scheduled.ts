import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { openDb } from './services/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Cron Trigger's work (wrangler.toml `[triggers]`): prune census rows past their
 * retention — raw hits, events and visits after RAW_RETENTION_DAYS, rollups, vitals and
 * error groups after ROLLUP_RETENTION_DAYS. Returns how many rows went.
 */
export async function runScheduled(env: Env, now: number): Promise<number> {
  const removed = await censusStore(openDb(env.DB)).prune({
    rawBefore: now - RAW_RETENTION_DAYS * DAY_MS,
    rollupsBefore: now - ROLLUP_RETENTION_DAYS * DAY_MS,
  });
  console.log(`census retention: removed ${removed} rows`);
  return removed;
}

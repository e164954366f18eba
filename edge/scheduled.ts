import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { pruneExpiredCarts } from './services/cart/index.js';
import { openDb } from './services/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Cron Trigger's work (wrangler.toml `[triggers]`): prune census rows past their
 * retention — raw hits, events and visits after RAW_RETENTION_DAYS, rollups, vitals and
 * error groups after ROLLUP_RETENTION_DAYS — and expired carts and stock holds.
 */
export async function runScheduled(env: Env, now: number): Promise<void> {
  const db = openDb(env.DB);
  const jobs: [string, () => Promise<string>][] = [
    [
      'census retention',
      async () => {
        const removed = await censusStore(db).prune({
          rawBefore: now - RAW_RETENTION_DAYS * DAY_MS,
          rollupsBefore: now - ROLLUP_RETENTION_DAYS * DAY_MS,
        });
        return `removed ${removed} rows`;
      },
    ],
    [
      'cart cleanup',
      async () => {
        const removed = await pruneExpiredCarts(db, now);
        return `removed ${removed.carts} expired carts and ${removed.holds} expired stock holds`;
      },
    ],
  ];
  // One job failing leaves the others to run; the trigger still reports the failure.
  const results = await Promise.allSettled(jobs.map(async ([name, job]) => console.log(`${name}: ${await job()}`)));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${jobs[i]![0]}: ${String(r.reason)}`] : []));
  for (const line of failed) console.error(line);
  if (failed.length > 0) throw new Error(`Cron Trigger jobs failed: ${failed.join('; ')}`);
}

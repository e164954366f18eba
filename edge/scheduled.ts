import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { pruneExpiredCarts } from './services/cart/index.js';
import { openDb } from './services/db.js';
import { renewalDeps, renewDueSubscriptions } from './services/subscriptions/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** wrangler.toml `[triggers]`: the daily run also prunes the census; every run renews subscriptions. */
export const DAILY_CRON = '17 3 * * *';
export const RENEWAL_CRON = '7 * * * *';

/**
/**
 * The Cron Triggers' work. Every run charges the subscription renewals that are due
 * (edge/services/subscriptions/renew.ts: each cycle at most once, even when runs overlap).
 * The daily run (or a run with no cron name) also prunes census rows past their retention
 * — raw hits, events and visits after RAW_RETENTION_DAYS, rollups, vitals and error groups
 * after ROLLUP_RETENTION_DAYS — and deletes expired carts and stock holds.
 */
export async function runScheduled(env: Env, now: number, cron?: string): Promise<void> {
  const db = openDb(env.DB);
  const daily = cron === undefined || cron === '' || cron === DAILY_CRON;
  const jobs: [string, () => Promise<string>][] = [
    [
      'subscription renewals',
      async () => {
        const r = await renewDueSubscriptions(db, renewalDeps(db), now);
        return `${r.renewed} renewed, ${r.declined} declined, ${r.skipped} skipped, ${r.failed} failed`;
      },
    ],
  ];
  if (daily) {
    jobs.push(
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
    );
  }
  // One job failing leaves the others to run; the trigger still reports the failure.
  const results = await Promise.allSettled(jobs.map(async ([name, job]) => console.log(`${name}: ${await job()}`)));
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${jobs[i]![0]}: ${String(r.reason)}`] : []));
  for (const line of failed) console.error(line);
  if (failed.length > 0) throw new Error(`Cron Trigger jobs failed: ${failed.join('; ')}`);
}

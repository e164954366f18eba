import type { Env } from './env.js';
import { censusStore, RAW_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from './services/census/index.js';
import { openDb } from './services/db.js';
import { drainOutbox } from './services/mail/sender.js';
import { mailSenderFor } from './services/mail/providers.js';
import { stripeClient, stripeSettings } from './services/payments/index.js';
import { reconcileStripe } from './services/payments/stripe-reconcile.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** wrangler.toml `[triggers]`: the daily census retention, and the every-minute outbox drain. */
export const RETENTION_CRON = '17 3 * * *';
export const MAIL_CRON = '* * * * *';

/**
 * The Cron Triggers' work. Every run drains the mail outbox through the configured sender
 * (failed sends stay queued for the next minute's run, up to MAX_ATTEMPTS) and, with
 * Stripe set up, refunds captured money that has no order (reconcileStripe); the daily
 * trigger (or a run without a cron, e.g. a test) also prunes census rows past retention.
 */
export async function runScheduled(env: Env, now: number, cron?: string): Promise<void> {
  const db = openDb(env.DB);
  const mail = await drainOutbox(db, mailSenderFor(env), now);
  if (mail.sent || mail.failed) console.log(`mail outbox: sent ${mail.sent}, failed ${mail.failed}`);
  const stripe = stripeSettings(env);
  if (stripe) {
    const money = await reconcileStripe(db, stripeClient(stripe), now);
    if (money.refunded || money.failed) console.log(`stripe reconcile: refunded ${money.refunded}, failed ${money.failed}`);
  }
  if (cron === undefined || cron === RETENTION_CRON) await pruneCensus(env, now);
}

/**
 * Census retention: raw hits, events and visits after RAW_RETENTION_DAYS, rollups, vitals
 * and error groups after ROLLUP_RETENTION_DAYS. Returns how many rows went.
 */
async function pruneCensus(env: Env, now: number): Promise<number> {
  const removed = await censusStore(openDb(env.DB)).prune({
    rawBefore: now - RAW_RETENTION_DAYS * DAY_MS,
    rollupsBefore: now - ROLLUP_RETENTION_DAYS * DAY_MS,
  });
  console.log(`census retention: removed ${removed} rows`);
  return removed;
}

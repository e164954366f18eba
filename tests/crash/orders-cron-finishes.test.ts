/**
 * Crash test: the store is killed (SIGKILL) during an order storm after some payments were
 * taken, restarted, and nobody retries until the Cron reconciler (npm start runs the
 * wrangler.toml crons every minute; the test runs the minute's trigger in the restarted
 * process once the leases are over, instead of waiting for the clock) has run: it finishes
 * every paid attempt as an order with its confirmation mail, refunding none, and frees the
 * rest; then every shopper retries with the same key (docs/crash-safety.md, issue 35).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrashStore, TEST_LEASE_SECONDS } from './crash-store.js';
import { expectConverged } from './order-assertions.js';
import { KILL_POINTS, orderStorm, type StormOutcome } from './order-storm.js';

let store: CrashStore;
let outcome: StormOutcome;
/** The attempts paid without an order when the store died: their keys and payments. */
let paid: { key: string; ref: string }[] = [];
/** wrangler.toml's every-minute trigger, which runs the order reconciler (edge/scheduled.ts). */
const EVERY_MINUTE = '* * * * *';
let cronOutcome = '';
let afterCron: { finished: number; refunded: number; openKeys: number; mailed: number };
beforeAll(async () => {
  store = await CrashStore.fresh();
  outcome = await orderStorm(store, KILL_POINTS.afterPayment, {
    afterKill: async () => {
      paid = await store.sql<{ key: string; ref: string }>(`SELECT key, payment_ref AS ref FROM idempotency_keys WHERE paid_on IS NOT NULL AND order_id IS NULL AND key LIKE 'crash-%'`);
    },
    afterRestart: async () => {
      // Once every lease taken before the kill is over, the minute's Cron run takes every key left without an order.
      const leaseOver = store.killedOn + TEST_LEASE_SECONDS * 1000 + 500 - Date.now();
      if (leaseOver > 0) await new Promise((resolve) => setTimeout(resolve, leaseOver));
      cronOutcome = await store.runCron(EVERY_MINUTE);
      // The run's writes are in the D1 file when it answers; a short grace for the file's readers all the same.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await store.count(`SELECT count(*) AS n FROM idempotency_keys WHERE order_id IS NULL AND key LIKE 'crash-%'`)) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const keys = paid.map((p) => `'${p.key}'`).join(',') || "''";
      const refs = paid.map((p) => `'${p.ref}'`).join(',') || "''";
      afterCron = {
        finished: await store.count(`SELECT count(*) AS n FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.key IN (${keys})`),
        refunded: await store.count(`SELECT count(*) AS n FROM payments WHERE provider_ref IN (${refs}) AND status <> 'captured'`),
        openKeys: await store.count(`SELECT count(*) AS n FROM idempotency_keys WHERE order_id IS NULL AND key LIKE 'crash-%'`),
        mailed: await store.count(
          `SELECT count(*) AS n FROM idempotency_keys k JOIN orders o ON o.id = k.order_id WHERE k.key IN (${keys})
             AND EXISTS (SELECT 1 FROM mail_outbox m WHERE m.kind = 'order-confirmation' AND m.to_address = o.email AND m.subject LIKE '%order #' || o.order_number || ' confirmed')`,
        ),
      };
    },
  });
}, 400_000);
afterAll(() => store?.dispose());

describe('an order storm killed after payments, restarted and left to the Cron reconciler', () => {
  it('finishes every paid attempt as an order with its confirmation mail, refunding none, and leaves no key open', () => {
    expect(cronOutcome).toBe('ok');
    expect(paid.length).toBeGreaterThanOrEqual(KILL_POINTS.afterPayment.atLeast);
    expect(afterCron).toEqual({ finished: paid.length, refunded: 0, openKeys: 0, mailed: paid.length });
  });

  it('then converges with the retries: stock, keys, orders, mails and replays', () => {
    expectConverged(outcome, KILL_POINTS.afterPayment);
    // A paid attempt the reconciler finished is what its shopper's retry replays.
    const replayed = outcome.retries.filter((a) => a.headers.get('Idempotent-Replayed') === 'true').length;
    expect(replayed).toBeGreaterThanOrEqual(paid.length);
  });
});

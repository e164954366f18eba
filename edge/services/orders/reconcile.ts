import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';
import type { PaymentProvider } from '../payments/index.js';
import { KEY_COLUMNS, releaseKey, takeOver, type KeyRow } from './idempotency.js';
import { settleRefund, stepsOf, undoAttempt } from './undo.js';

/** At most this many leftovers per run (the next minute's run takes the rest). */
const BATCH = 100;

export interface ReconcileDeps {
  /** The provider that took a payment, by its name (undefined: not set up here, the refund is recorded as failed). */
  providerFor(name: string): PaymentProvider | undefined;
  leaseMs: number;
}

export interface ReconcileReport {
  /** Unfinished keys freed (a retry with the key starts over). */
  released: number;
  /** Of those, attempts whose reserved stock, coupons and gift-card draw were put back. */
  restocked: number;
  refunded: number;
  refundFailed: number;
}

/**
 * The Cron reconciler of orders (docs/crash-safety.md): every Idempotency-Key left without
 * an order after its lease — its request died — is taken over (the same compare-and-set a
 * retry uses, so the two never both act) and undone: stock, coupon counts and gift-card
 * draws go back, a payment taken is refunded, and the key is freed. Refunds a crash cut
 * short (payments still `refunding` a lease later) are sent again.
 */
export async function reconcileOrderKeys(db: Db, deps: ReconcileDeps, now: number): Promise<ReconcileReport> {
  const d1 = rawD1(db);
  const report: ReconcileReport = { released: 0, restocked: 0, refunded: 0, refundFailed: 0 };
  const { results: left } = await d1
    .prepare(`SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE order_id IS NULL AND (lease_until IS NULL OR lease_until < ?1) LIMIT ?2`)
    .bind(now, BATCH)
    .all<KeyRow>();
  for (const row of left) {
    const held = { websiteId: row.websiteId, key: row.key, lease: now + deps.leaseMs };
    if (!(await takeOver(db, row, held.lease))) continue;
    const steps = stepsOf(row);
    if (steps) {
      const outcome = await undoAttempt(db, held, steps, [], steps.paid ? deps.providerFor(steps.paid.provider) : undefined, now);
      report.restocked += 1;
      if (outcome === 'refunded') report.refunded += 1;
      if (outcome === 'refund_failed') report.refundFailed += 1;
    }
    await releaseKey(db, held);
    report.released += 1;
  }
  const { results: refunding } = await d1
    .prepare(`SELECT id, provider, provider_ref AS ref, amount_cents AS cents FROM payments WHERE status = 'refunding' AND created_on < ?1 LIMIT ?2`)
    .bind(now - deps.leaseMs, BATCH)
    .all<{ id: string; provider: string; ref: string; cents: number }>();
  for (const p of refunding) {
    const outcome = await settleRefund(db, p.id, p, deps.providerFor(p.provider));
    if (outcome === 'refunded') report.refunded += 1;
    else report.refundFailed += 1;
  }
  return report;
}

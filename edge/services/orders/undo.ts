import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { Cents } from '../../../domain/branded-types.js';
import type { HoldRecord } from '../cart/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import type { Db } from '../db.js';
import { undrawStatements } from '../gift-cards/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { leaseGuard, type HeldKey, type KeyRow } from './idempotency.js';
import { restoreStatements } from './stock-batch.js';
import { readOrderFacts, type OrderFacts } from './finish.js';

/** The steps an unfinished attempt completed, as its key row records them. */
export interface AttemptSteps {
  attemptId: string;
  couponIds: string[];
  /** The payment taken (provider 'gift-card': a gift card paid it all, nothing to refund); `reusableRef`: a subscription's saved method. */
  paid?: { provider: string; ref: string; cents: number; currency: string; reusableRef?: string | undefined } | undefined;
  /** What recording the order needs, as priced with the stock (absent on keys from before it was kept). */
  facts?: OrderFacts | undefined;
}

/** What the key row says was done (undefined: nothing was secured). */
export function stepsOf(row: KeyRow): AttemptSteps | undefined {
  if (!row.securedOn || !row.attemptId) return undefined;
  const paid = row.paidOn && row.paymentProvider && row.paymentRef
    ? { provider: row.paymentProvider, ref: row.paymentRef, cents: row.paidCents ?? 0, currency: row.currency ?? '', reusableRef: row.reusableRef ?? undefined }
    : undefined;
  return { attemptId: row.attemptId, couponIds: JSON.parse(row.couponIds ?? '[]') as string[], paid, facts: readOrderFacts(row.orderFacts) };
}

export type UndoOutcome = 'released' | 'refunded' | 'refund_failed';

/**
 * Undoes an attempt's steps. One batch, guarded by the lease (so only the key's holder
 * undoes, and only once): the key row forgets the steps, the reserved units, coupon
 * counts and gift-card draw go back, the cart's holds come back (`holds`), and a payment
 * taken is recorded `refunding`. Then the provider refunds it and the row says how that
 * went (a refund the provider refuses stays on record for the owner; one cut short by a
 * crash is retried by the reconciler).
 */
export async function undoAttempt(
  db: Db, held: HeldKey, steps: AttemptSteps, holds: readonly HoldRecord[], provider: PaymentProvider | undefined, now: number,
  /** More statements of the same batch (the reconciler's mail to the shopper). */
  also: readonly D1PreparedStatement[] = [],
): Promise<UndoOutcome> {
  const d1 = rawD1(db);
  const refundable = steps.paid && steps.paid.provider !== 'gift-card' ? steps.paid : undefined;
  const paymentId = newRowId();
  await d1.batch([
    d1
      .prepare(
        `UPDATE idempotency_keys SET attempt_id = NULL, coupon_ids = NULL, secured_on = NULL, paid_on = NULL, payment_provider = NULL, payment_ref = NULL, paid_cents = NULL, currency = NULL,
           reusable_ref = NULL, order_facts = NULL
         WHERE website_id = ?1 AND key = ?2 AND lease_until = ?3 AND attempt_id = ?4 AND order_id IS NULL`,
      )
      .bind(held.websiteId, held.key, held.lease, steps.attemptId),
    leaseGuard(db, held),
    ...restoreStatements(db, steps.attemptId, steps.couponIds, holds),
    ...undrawStatements(db, steps.attemptId),
    ...(refundable
      ? [
          d1
            .prepare(`INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on) VALUES (?1, ?2, NULL, ?3, ?4, ?5, ?6, 'refunding', ?7)`)
            .bind(paymentId, held.websiteId, refundable.provider, refundable.ref, refundable.cents, refundable.currency, now),
        ]
      : []),
    ...also,
  ]);
  if (!refundable) return 'released';
  return settleRefund(db, paymentId, refundable, provider);
}

/** Refunds a payment recorded `refunding` and records the outcome on its row. */
export async function settleRefund(db: Db, paymentId: string, paid: { provider: string; ref: string; cents: number }, provider: PaymentProvider | undefined): Promise<'refunded' | 'refund_failed'> {
  const outcome = provider && provider.name === paid.provider
    ? await provider.refund(paid.ref, paid.cents as Cents).then(
        () => 'refunded' as const,
        (err) => (console.error(`refund of ${paid.provider} ${paid.ref} failed: ${String(err)}`), 'refund_failed' as const),
      )
    : (console.error(`refund of ${paid.provider} ${paid.ref} failed: the provider is not set up here`), 'refund_failed' as const);
  await rawD1(db).prepare("UPDATE payments SET status = ?2 WHERE id = ?1 AND status = 'refunding'").bind(paymentId, outcome).run();
  return outcome;
}

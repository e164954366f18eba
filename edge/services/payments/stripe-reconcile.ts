import type Stripe from 'stripe';
import type { Db } from '../db.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';

/** How long a captured intent may wait for its order before it counts as orphaned. */
export const ORPHAN_AFTER_MS = 15 * 60 * 1000;
const BATCH = 20;

interface Outcome {
  refunded: number;
  failed: number;
}

/**
 * Which sites' money one run looks at: a site with its own stored Stripe key is reconciled
 * with that key (`websiteId`), the others with the deployment's key (`exceptSites`).
 */
export interface ReconcileScope {
  websiteId?: string;
  exceptSites?: readonly string[];
}

/** A refund Stripe says is already done counts as done (an earlier try went through). */
async function refund(stripe: Stripe, ref: string, amount: number, key: string): Promise<boolean> {
  try {
    await stripe.refunds.create({ payment_intent: ref, amount }, { idempotencyKey: key });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'charge_already_refunded') return true;
    console.warn(`stripe refund of ${ref} failed: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

/**
 * The scheduled clean-up of money without an order (a failure after capture is
 * refunded). (1) Refunds that Stripe refused at checkout (`refund_failed`) are tried
 * again. (2) An intent whose `payment_intent.succeeded` arrived over ORPHAN_AFTER_MS ago
 * and that no payment row knows (its order write never happened, e.g. the capture's
 * answer was lost) is refunded and recorded. An intent an order key records as its payment
 * is left to the order reconciler (edge/services/orders/reconcile.ts), which finishes that
 * order or refunds it itself. Refund keys are per run, and a refund Stripe
 * has already made counts as made, so a repeat never refunds twice.
 */
export async function reconcileStripe(db: Db, stripe: Stripe, now: number, scope: ReconcileScope = {}): Promise<Outcome> {
  const d1 = rawD1(db);
  const out: Outcome = { refunded: 0, failed: 0 };
  const only = scope.websiteId ?? null;
  const except = JSON.stringify(scope.exceptSites ?? []);
  const retries = await d1
    .prepare(
      `SELECT id, provider_ref AS ref, amount_cents AS amount FROM payments WHERE provider = 'stripe' AND status = 'refund_failed'
         AND (?1 IS NULL OR website_id = ?1) AND website_id NOT IN (SELECT value FROM json_each(?2)) LIMIT ${BATCH}`,
    )
    .bind(only, except)
    .all<{ id: string; ref: string; amount: number }>();
  for (const row of retries.results) {
    const done = await refund(stripe, row.ref, row.amount, `refund_${row.ref}_retry_${now}`);
    if (done) await d1.prepare(`UPDATE payments SET status = 'refunded' WHERE id = ?1 AND status = 'refund_failed'`).bind(row.id).run();
    out[done ? 'refunded' : 'failed'] += 1;
  }
  const orphans = await d1
    .prepare(
      `SELECT e.payment_ref AS ref, e.website_id AS site FROM payment_events e
       WHERE e.provider = 'stripe' AND e.type = 'payment_intent.succeeded' AND e.payment_ref IS NOT NULL AND e.received_on < ?1
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.provider = 'stripe' AND p.provider_ref = e.payment_ref)
         AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.payment_provider = 'stripe' AND k.payment_ref = e.payment_ref AND k.order_id IS NULL)
         AND (?2 IS NULL OR e.website_id = ?2) AND e.website_id NOT IN (SELECT value FROM json_each(?3))
       LIMIT ${BATCH}`,
    )
    .bind(now - ORPHAN_AFTER_MS, only, except)
    .all<{ ref: string; site: string }>();
  for (const orphan of orphans.results) {
    const intent = await stripe.paymentIntents.retrieve(orphan.ref).catch(() => undefined);
    if (!intent || intent.status !== 'succeeded') continue;
    const done = await refund(stripe, intent.id, intent.amount_received, `refund_${intent.id}_orphan`);
    if (done) {
      await d1
        .prepare(`INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on) VALUES (?1, ?2, NULL, 'stripe', ?3, ?4, ?5, 'refunded', ?6)`)
        .bind(newRowId(), orphan.site, intent.id, intent.amount_received, intent.currency.toUpperCase(), now)
        .run();
    }
    out[done ? 'refunded' : 'failed'] += 1;
  }
  return out;
}

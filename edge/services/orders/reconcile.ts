import { rawD1 } from '../cart/raw.js';
import type { Db } from '../db.js';
import type { PaymentProvider } from '../payments/index.js';
import { recordOrder, type OrderFacts } from './finish.js';
import { KEY_COLUMNS, LEASE_LOST, releaseKey, takeOver, type HeldKey, type KeyRow } from './idempotency.js';
import { unfinishedOrderMail } from './order-mail.js';
import { loadTranslationTable } from '../multilingual/store.js';
import { productName, withTable } from '../multilingual/mail-language.js';
import { unitsByVariant } from './stock-batch.js';
import { settleRefund, stepsOf, undoAttempt, type AttemptSteps } from './undo.js';

/** At most this many leftovers per run (the next minute's run takes the rest). */
const BATCH = 100;

export interface ReconcileDeps {
  /**
   * The provider that took a payment, by its name, with the site's own payment settings
   * (its stored Stripe key); undefined: not set up there, the refund is recorded as failed.
   */
  providerFor(name: string, websiteId: string): Promise<PaymentProvider | undefined>;
  leaseMs: number;
  /** Sign the download and review-request links of a finished order's mails (absent: none). */
  downloadSecret?: string | undefined;
  reviewSecret?: string | undefined;
}

export interface ReconcileReport {
  /** Unfinished keys freed (a retry with the key starts over). */
  released: number;
  /** Of those, attempts whose reserved stock, coupons and gift-card draw were put back. */
  restocked: number;
  refunded: number;
  refundFailed: number;
  /** Paid attempts recorded as orders (stock, order, mails), nothing refunded. */
  finished: number;
}

/**
 * The Cron reconciler of orders (docs/crash-safety.md): every Idempotency-Key left without
 * an order after its lease — its request died — is taken over (the same compare-and-set a
 * retry uses, so the two never both act). A paid attempt whose key kept what recording
 * needs (`order_facts`) and whose units are still reserved is finished: the order, its
 * lines, payment and mails are written as the request would have. Anything else is undone:
 * stock, coupon counts and gift-card draws go back, a payment taken is refunded (the
 * shopper is mailed why), and the key is freed. Refunds a crash cut short (payments still
 * `refunding` a lease later) are sent again.
 */
export async function reconcileOrderKeys(db: Db, deps: ReconcileDeps, now: number): Promise<ReconcileReport> {
  const d1 = rawD1(db);
  const report: ReconcileReport = { released: 0, restocked: 0, refunded: 0, refundFailed: 0, finished: 0 };
  const { results: left } = await d1
    .prepare(`SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE order_id IS NULL AND (lease_until IS NULL OR lease_until < ?1) LIMIT ?2`)
    .bind(now, BATCH)
    .all<KeyRow>();
  for (const row of left) {
    const held = { websiteId: row.websiteId, key: row.key, lease: now + deps.leaseMs };
    if (!(await takeOver(db, row, held.lease))) continue;
    const steps = stepsOf(row);
    if (steps) {
      const finish = steps.paid && steps.facts ? await finishPaid(db, held, steps, deps, now) : 'impossible';
      if (finish === 'finished') {
        report.finished += 1;
        continue;
      }
      if (finish === 'lost') continue;
      const facts = steps.facts;
      const tell = steps.paid && steps.paid.provider !== 'gift-card' && facts ? [await unfinishedMail(db, facts, steps.paid, now)] : [];
      const outcome = await undoAttempt(db, held, steps, [], steps.paid ? await deps.providerFor(steps.paid.provider, row.websiteId) : undefined, now, tell);
      report.restocked += 1;
      if (outcome === 'refunded') report.refunded += 1;
      if (outcome === 'refund_failed') report.refundFailed += 1;
    }
    await releaseKey(db, held);
    report.released += 1;
  }
  const { results: refunding } = await d1
    .prepare(`SELECT id, website_id AS site, provider, provider_ref AS ref, amount_cents AS cents FROM payments WHERE status = 'refunding' AND created_on < ?1 LIMIT ?2`)
    .bind(now - deps.leaseMs, BATCH)
    .all<{ id: string; site: string; provider: string; ref: string; cents: number }>();
  for (const p of refunding) {
    const outcome = await settleRefund(db, p.id, p, await deps.providerFor(p.provider, p.site));
    if (outcome === 'refunded') report.refunded += 1;
    else report.refundFailed += 1;
  }
  return report;
}

/** The refund notice of an attempt that cannot be finished, in the shopper's language (issue 29) as the order's mails would be. */
async function unfinishedMail(db: Db, facts: OrderFacts, paid: { cents: number; currency: string }, now: number) {
  const code = facts.language?.code;
  const language = code ? withTable(code, await loadTranslationTable(db, facts.site.id, code)) : undefined;
  const lines = facts.view.entries.map((e) => ({ quantity: e.quantity, title: productName(language, e.itemId, e.title) }));
  return unfinishedOrderMail(db, facts.site, { email: facts.email, lines, language }, paid, now);
}

/**
 * Records the order a paid attempt was placing, from the facts on its key: only when every
 * unit it priced is still reserved under it (else 'impossible': refund). 'lost': another
 * request took the key over meanwhile, its to finish.
 */
async function finishPaid(db: Db, held: HeldKey, steps: AttemptSteps, deps: ReconcileDeps, now: number): Promise<'finished' | 'impossible' | 'lost'> {
  const facts = steps.facts!;
  const paid = steps.paid!;
  const d1 = rawD1(db);
  const [reserved, drawn] = await d1.batch<{ variantId: string; quantity: number; giftCardId: string; amountCents: number }>([
    d1.prepare('SELECT variant_id AS variantId, quantity FROM stock_reservations WHERE attempt_id = ?1').bind(steps.attemptId),
    d1.prepare('SELECT gift_card_id AS giftCardId, amount_cents AS amountCents FROM gift_card_redemptions WHERE attempt_id = ?1 AND order_id IS NULL').bind(steps.attemptId),
  ]);
  const units = unitsByVariant(facts.view.entries);
  const rows = reserved!.results;
  if (rows.length !== units.size || !rows.every((r) => units.get(r.variantId) === r.quantity)) return 'impossible';
  if (facts.subscription && !paid.reusableRef) return 'impossible';
  const draw = drawn!.results[0];
  try {
    await recordOrder(db, {
      facts, held, attemptId: steps.attemptId,
      payment: { provider: paid.provider, providerRef: paid.ref, amountCents: paid.cents },
      cardProvider: paid.provider, reusableRef: paid.reusableRef,
      draw: draw ? { giftCardId: draw.giftCardId, amountCents: draw.amountCents } : undefined,
      downloadSecret: deps.downloadSecret, reviewSecret: deps.reviewSecret, now,
    });
    return 'finished';
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (LEASE_LOST.test(text)) return 'lost';
    console.error(`order recovery: the paid attempt ${steps.attemptId} could not be recorded, refunding it: ${text}`);
    return 'impossible';
  }
}

import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { subscriptions, variants } from '../../../schema/index.js';
import { PRODUCT_TYPE } from '../../../schema/types.js';
import type { Cents } from '../../../domain/branded-types.js';
import { rawD1 } from '../cart/raw.js';
import { newCartToken, newRowId, sha256Hex } from '../cart/tokens.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { query, type Db } from '../db.js';
import { restoreStatements, secureStatements } from '../orders/stock-batch.js';
import { orderLink } from '../orders/status-link.js';
import type { PaymentProvider } from '../payments/index.js';
import { billingDate } from './billing-dates.js';
import { queueRenewalMail, type RenewalSite } from './renewal-mail.js';
import { NOT_CHARGEABLE } from './decline-reason.js';
import { renewalStatements } from './renewal-record.js';
import { stoppedByRevoke } from '../members/paid.js';
import { planOf, type SubscriptionRow } from './subscription-json.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A declined renewal is tried again this much later, while past due. */
export const RETRY_DELAY_MS = 3 * DAY_MS;
/** After this many declines in a row the subscription is canceled (no more charges). */
export const MAX_FAILED_ATTEMPTS = 3;
/** Due subscriptions one cron run takes on; the rest wait for the next run. */
export const RENEWALS_PER_RUN = 50;

export type RenewalOutcome = 'renewed' | 'declined' | 'skipped';

export interface RenewalDeps {
  /** The provider a subscription was saved with, as its site offers it (the site's stored Stripe key over the deployment's). */
  providerFor(name: string, websiteId: string): PaymentProvider | undefined | Promise<PaymentProvider | undefined>;
  siteOf(websiteId: string): Promise<RenewalSite | undefined>;
}

/** Subscriptions whose next charge (or retry) is due by `now`, oldest first. */
export async function dueSubscriptions(db: Db, now: number, limit = RENEWALS_PER_RUN): Promise<SubscriptionRow[]> {
  return query(() =>
    db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.nextBillingAt, now)))
      .orderBy(asc(subscriptions.nextBillingAt))
      .limit(limit),
  );
}

/**
 * Renews every due subscription once; returns how many went each way. One that fails
 * (a D1 error) is put back as it was and counted under `failed`; the others still run.
 */
export async function renewDueSubscriptions(db: Db, deps: RenewalDeps, now: number): Promise<Record<RenewalOutcome | 'failed', number>> {
  const tally: Record<RenewalOutcome | 'failed', number> = { renewed: 0, declined: 0, skipped: 0, failed: 0 };
  for (const row of await dueSubscriptions(db, now)) {
    try {
      tally[await renewOne(db, deps, row, now)] += 1;
    } catch (err) {
      console.error(`subscription ${row.id}: renewal failed: ${String((err as Error)?.message ?? err)}`);
      tally.failed += 1;
    }
  }
  return tally;
}

/**
 * Charges one renewal exactly once. The claim is one conditional UPDATE that moves the
 * subscription to its next cycle only if it is still at the cycle and date this run read:
 * of two overlapping runs only one changes the row, the other skips. Then stock is taken
 * as for any order, the saved payment method is charged, and the renewal order recorded.
 * A decline (or no stock) puts the cycle back, past due, with a retry date; the third
 * decline in a row cancels. A crash between claim and charge skips that cycle's charge
 * rather than risking a second one (docs/subscriptions.md, "Exactly once"). When the owner
 * revokes the member and stops the plan after the claim, nothing is charged, or a charge
 * already taken is refunded (members/paid.ts `stoppedByRevoke`).
 */
export async function renewOne(db: Db, deps: RenewalDeps, row: SubscriptionRow, now: number): Promise<RenewalOutcome> {
  const plan = planOf(row);
  if (!plan || row.nextBillingAt === null) return 'skipped';
  const paidCycles = row.cyclesBilled;
  const ends = plan.numBillingCycles > 0 && paidCycles + 1 >= plan.numBillingCycles;
  const next = ends ? null : billingDate(row.anchorOn, plan.billingPeriod, paidCycles + 1);
  const d1 = rawD1(db);
  const claim = await d1
    .prepare(
      `UPDATE subscriptions SET cycles_billed = cycles_billed + 1, next_billing_at = ?4, status = ?5, updated_on = ?6
       WHERE id = ?1 AND cycles_billed = ?2 AND next_billing_at = ?3 AND status IN ('active', 'past_due')`,
    )
    .bind(row.id, paidCycles, row.nextBillingAt, next, ends ? 'ended' : 'active', now)
    .run();
  if (claim.meta.changes !== 1) return 'skipped';

  const cycle = paidCycles + 1;
  // One id per try of a cycle, the provider's idempotency key: a retry after a decline (or
  // after a refunded, unrecorded charge) must charge anew, not replay the last answer. The
  // row's last change time differs per try (each claim and put-back writes it); runs that
  // read the same row share it, but only one of them won the claim above.
  const attemptId = `renewal_${row.id}_${cycle}_${row.failedAttempts}_${row.updatedOn}`;
  const decline = async (message: string) => {
    const canceled = row.failedAttempts + 1 >= MAX_FAILED_ATTEMPTS;
    await d1
      .prepare(
        `UPDATE subscriptions SET cycles_billed = ?2, failed_attempts = failed_attempts + 1, last_failure = ?5, updated_on = ?6,
           next_billing_at = CASE WHEN status = 'canceled' THEN NULL ELSE ?3 END, status = CASE WHEN status IN ('canceled', 'paused') THEN status ELSE ?4 END
         WHERE id = ?1 AND cycles_billed = ?7`,
      )
      .bind(row.id, paidCycles, canceled ? null : now + RETRY_DELAY_MS, canceled ? 'canceled' : 'past_due', message, now, cycle)
      .run();
    const site = await deps.siteOf(row.websiteId);
    if (site) await queueRenewalMail(db, site, row, { kind: 'declined', message, retryAt: canceled ? null : now + RETRY_DELAY_MS }, now).catch(() => undefined);
    return 'declined' as const;
  };

  const units = await limitedUnits(db, row);
  if (units.size) {
    try {
      await d1.batch(secureStatements(db, { attemptId, cartId: row.id, units, couponIds: [], customer: { email: '', siteUserId: null }, now }));
    } catch {
      return decline(CART_MESSAGES.notEnoughStock);
    }
  }
  const restore = () => (units.size ? d1.batch(restoreStatements(db, attemptId, [], [])) : Promise.resolve([]));
  // The cycle as it was (canceled or paused stays so), for a run that charges nothing in the end.
  const putBack = () =>
    d1
      .prepare(
        `UPDATE subscriptions SET cycles_billed = ?2, updated_on = ?5, next_billing_at = CASE WHEN status = 'canceled' THEN NULL ELSE ?3 END,
           status = CASE WHEN status IN ('canceled', 'paused') THEN status ELSE ?4 END WHERE id = ?1 AND cycles_billed = ?6`,
      )
      .bind(row.id, paidCycles, row.nextBillingAt, row.status, now, cycle)
      .run();
  const stopped = async () => (await d1.prepare(`SELECT ${stoppedByRevoke('?1')} AS n`).bind(row.id).first<{ n: number }>())?.n === 1;
  const provider = await deps.providerFor(row.paymentProvider, row.websiteId);
  // The owner revoked the member and stopped the plan after the claim: no charge at all.
  if (await stopped()) {
    await restore();
    await putBack();
    return 'skipped';
  }
  const paid = provider?.chargeSaved
    ? await provider
        .chargeSaved({ reusableRef: row.paymentRef, amountCents: row.renewalTotalCents as Cents, currency: row.currency, attemptId, websiteId: row.websiteId, now })
        .catch((err: unknown) => ({ ok: false as const, code: 'provider_error', message: `The payment could not be taken: ${String((err as Error)?.message ?? err)}` }))
    : ({ ok: false as const, code: 'provider_unavailable', message: NOT_CHARGEABLE });
  if (!paid.ok) {
    await restore();
    return decline(paid.message);
  }

  const orderId = newRowId();
  const statusToken = newCartToken();
  try {
    await d1.batch(
      renewalStatements(db, row, {
        orderId, cycle, attemptId, statusTokenHash: await sha256Hex(statusToken), provider: provider!.name, providerRef: paid.providerRef, testMode: provider!.testMode, now,
      }),
    );
  } catch (err) {
    // Not recorded: give the money back and put the cycle back as it was, to run again.
    await provider!.refund(paid.providerRef, row.renewalTotalCents as Cents).catch(() => undefined);
    await d1
      .prepare(`INSERT INTO payments (id, website_id, order_id, provider, provider_ref, amount_cents, currency, status, created_on) VALUES (?1, ?2, NULL, ?3, ?4, ?5, ?6, 'refunded', ?7)`)
      .bind(newRowId(), row.websiteId, provider!.name, paid.providerRef, row.renewalTotalCents, row.currency, now)
      .run()
      .catch(() => undefined);
    await restore();
    await putBack();
    // Refused by the guard of renewalStatements: a revoke stopped the plan while it was charged.
    if (await stopped()) return 'skipped';
    throw err;
  }
  const site = await deps.siteOf(row.websiteId);
  if (site) {
    const statusUrl = `${site.origin}${orderLink('order-status', orderId, statusToken)}`;
    await queueRenewalMail(db, site, { ...row, cyclesBilled: cycle, nextBillingAt: next, status: ends ? 'ended' : 'active' }, { kind: 'renewed', statusUrl, orderId }, now).catch(() => undefined);
  }
  return 'renewed';
}

/** The units a renewal takes from stock: none for unlimited, digital or gift-card items (SPEC §5). */
async function limitedUnits(db: Db, row: SubscriptionRow): Promise<Map<string, number>> {
  if (!row.variantId || row.productType === PRODUCT_TYPE.digital || row.productType === PRODUCT_TYPE.giftCard) return new Map();
  const variantId = row.variantId;
  const [v] = await query(() => db.select({ unlimited: variants.unlimited }).from(variants).where(eq(variants.id, variantId)).limit(1));
  return v && !v.unlimited ? new Map([[variantId, row.quantity]]) : new Map();
}

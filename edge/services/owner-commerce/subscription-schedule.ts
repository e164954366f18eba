import { type EpochMs } from '../../../domain/branded-types.js';
import { rawD1 } from '../cart/raw.js';
import { query, type Db } from '../db.js';
import { billingDate } from '../subscriptions/billing-dates.js';
import type { BillingPeriod } from '../subscriptions/plan.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface ScheduleRow {
  status: string;
  anchorOn: number;
  nextBillingAt: number | null;
  cyclesBilled: number;
  billingPeriodValue: number;
  billingPeriodUnit: BillingPeriod['unit'];
  updatedOn: number;
}

async function scheduleOf(db: Db, websiteId: string, id: string): Promise<ScheduleRow | undefined> {
  return (
    (await query(() =>
      rawD1(db)
        .prepare(
          `SELECT status, anchor_on AS anchorOn, next_billing_at AS nextBillingAt, cycles_billed AS cyclesBilled,
                  billing_period_value AS billingPeriodValue, billing_period_unit AS billingPeriodUnit, updated_on AS updatedOn
           FROM subscriptions WHERE id = ?1 AND website_id = ?2`,
        )
        .bind(id, websiteId)
        .first<ScheduleRow>(),
    )) ?? undefined
  );
}

/**
 * The anchor that makes `next` the due date of the next cycle: renewals count every date from
 * the anchor (billing-dates.ts), so moving the next date moves the anchor with it and the
 * later charges follow one period apart from the new date (clamped to month ends as always).
 */
const anchorFor = (next: number, row: ScheduleRow) => billingDate(next, { value: row.billingPeriodValue, unit: row.billingPeriodUnit }, -row.cyclesBilled);

export type ScheduleOutcome = { ok: true; status: string; nextBillingAt: number | null } | { ok: false; reason: 'missing' | 'not-billable' | 'not-paused' | 'raced' };

/**
 * Pauses a subscription: the renewal job only claims active and past-due rows, so a paused
 * one is never charged. One conditional UPDATE: two pauses change it once.
 */
export async function pauseSubscription(db: Db, websiteId: string, id: string, now: EpochMs): Promise<ScheduleOutcome> {
  const r = await query(() =>
    rawD1(db)
      .prepare(`UPDATE subscriptions SET status = 'paused', updated_on = ?3 WHERE id = ?1 AND website_id = ?2 AND status IN ('active', 'past_due') RETURNING next_billing_at AS n`)
      .bind(id, websiteId, now)
      .first<{ n: number | null }>(),
  );
  if (r) return { ok: true, status: 'paused', nextBillingAt: r.n };
  const row = await scheduleOf(db, websiteId, id);
  if (!row) return { ok: false, reason: 'missing' };
  return row.status === 'paused' ? { ok: true, status: 'paused', nextBillingAt: row.nextBillingAt } : { ok: false, reason: 'not-billable' };
}

/**
 * Resumes a paused subscription. When its next date passed while it was paused, the next
 * charge is one day from now (and the schedule re-anchored on it), so a long pause never
 * charges the skipped cycles in a burst. Conditional on the row as read (status and
 * updated_on), so a concurrent change makes this one 'raced' rather than overwrite it.
 */
export async function resumeSubscription(db: Db, websiteId: string, id: string, now: EpochMs): Promise<ScheduleOutcome> {
  const row = await scheduleOf(db, websiteId, id);
  if (!row) return { ok: false, reason: 'missing' };
  if (row.status === 'active') return { ok: true, status: 'active', nextBillingAt: row.nextBillingAt };
  if (row.status !== 'paused' || row.nextBillingAt === null) return { ok: false, reason: 'not-paused' };
  const next = row.nextBillingAt > now ? row.nextBillingAt : now + DAY_MS;
  const anchor = next === row.nextBillingAt ? row.anchorOn : anchorFor(next, row);
  const r = await query(() =>
    rawD1(db)
      .prepare(
        `UPDATE subscriptions SET status = 'active', next_billing_at = ?3, anchor_on = ?4, failed_attempts = 0, updated_on = ?5
         WHERE id = ?1 AND website_id = ?2 AND status = 'paused' AND updated_on = ?6`,
      )
      .bind(id, websiteId, next, anchor, Math.max(now, row.updatedOn + 1), row.updatedOn)
      .run(),
  );
  return r.meta.changes === 1 ? { ok: true, status: 'active', nextBillingAt: next } : { ok: false, reason: 'raced' };
}

/**
 * Moves the next billing date of an active, past-due or paused subscription to `next` (a
 * future instant); the later cycles follow one period apart from it. Conditional on the
 * row as read, and on the renewal job not having claimed a cycle meanwhile (cycles_billed).
 */
export async function moveNextBilling(db: Db, websiteId: string, id: string, next: number, now: EpochMs): Promise<ScheduleOutcome> {
  const row = await scheduleOf(db, websiteId, id);
  if (!row) return { ok: false, reason: 'missing' };
  if (!['active', 'past_due', 'paused'].includes(row.status) || row.nextBillingAt === null) return { ok: false, reason: 'not-billable' };
  const r = await query(() =>
    rawD1(db)
      .prepare(
        `UPDATE subscriptions SET next_billing_at = ?3, anchor_on = ?4, updated_on = ?5
         WHERE id = ?1 AND website_id = ?2 AND status = ?6 AND cycles_billed = ?7 AND updated_on = ?8`,
      )
      .bind(id, websiteId, next, anchorFor(next, row), Math.max(now, row.updatedOn + 1), row.status, row.cyclesBilled, row.updatedOn)
      .run(),
  );
  return r.meta.changes === 1 ? { ok: true, status: row.status, nextBillingAt: next } : { ok: false, reason: 'raced' };
}

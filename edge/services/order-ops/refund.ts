import { and, eq } from 'drizzle-orm';
import type { Cents } from '../../../domain/branded-types.js';
import { orderRefunds } from '../../../schema/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { query, type Db } from '../db.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import type { PaymentProvider } from '../payments/index.js';
import { lineRefundTotals, lineUnitsRefundCents, refundedUnits } from '../../../domain/commerce/line-refunds.js';
import { refundMail, type MailOrder } from './mails.js';
import { refundableCents, type LineQuantity, type OrderState, type RefundRow } from './state.js';

export interface RefundInput {
  /** An amount in minor units, or `lines` (their units with their share of discount and tax). */
  amountCents?: number;
  lines?: LineQuantity[];
  reason?: string;
  requestKey: string;
  actor: string;
  now: number;
}

export type RefundOutcome =
  | { kind: 'done'; refund: RefundRow; replay: boolean }
  | { kind: 'too_much'; refundableCents: number }
  | { kind: 'bad_line'; lineId: string }
  /** The line has fewer units left to refund than asked (refunded, or cancelled with a refund). */
  | { kind: 'line_refunded'; lineId: string; unitsLeft: number }
  | { kind: 'key_reused' }
  | { kind: 'in_progress' }
  | { kind: 'failed'; refund: RefundRow }
  /** A cancel's refund the provider did not make yet: kept pending and tried again (finishPendingRefund). */
  | { kind: 'pending'; refund: RefundRow };

async function byKey(db: Db, websiteId: string, key: string) {
  const [row] = await query(() => db.select().from(orderRefunds).where(and(eq(orderRefunds.websiteId, websiteId), eq(orderRefunds.requestKey, key))).limit(1));
  return row;
}

/** What an earlier request with the same key did, as this request's answer (same order and amount, or same lines). */
function replayOf(row: RefundRow, orderId: string, amountCents: number, lines?: LineQuantity[]): RefundOutcome {
  const same = lines ? JSON.stringify(row.lines) === JSON.stringify(lines) : row.lines === null && row.amountCents === amountCents;
  if (row.orderId !== orderId || !same) return { kind: 'key_reused' };
  return row.status === 'pending' ? { kind: 'in_progress' } : { kind: 'done', refund: row, replay: true };
}

/** Finds the provider that took an order's card payment (the test provider, Stripe). */
export type ProviderFor = (name: string) => PaymentProvider | undefined;

/**
 * Refunds part or all of an order. The gate is one conditional INSERT: the refund row is
 * written only if the order's grand total less every refund not failed still covers the
 * amount, and only once per request key (unique) — so concurrent clicks or retries refund
 * once and refunds never add up to more than was paid. The card payment is refunded first
 * (through its provider, with the refund's id as the provider's idempotency key), the rest
 * goes back onto the gift card that paid. Then one batch settles the row, credits the
 * card, updates the order's state and queues the shopper's mail.
 */
export async function refundOrder(db: Db, site: { id: string; title: string }, s: OrderState, input: RefundInput, providerFor: ProviderFor): Promise<RefundOutcome> {
  const lineById = new Map(s.lines.map((l) => [l.id, l]));
  const lines = input.lines && mergeLines(input.lines);
  for (const l of lines ?? []) if (!lineById.has(l.lineId) || l.quantity > lineById.get(l.lineId)!.quantity) return { kind: 'bad_line', lineId: l.lineId };
  const earlier = await byKey(db, site.id, input.requestKey);
  // Units refunded by other requests (this key's own row left out, so a retry prices the same).
  const refunded = refundedUnits(s.refunds.filter((r) => r.requestKey !== input.requestKey));
  if (!earlier && lines) {
    for (const l of lines) {
      const line = lineById.get(l.lineId)!;
      const unitsLeft = line.quantity - line.cancelledQuantity - (refunded.get(l.lineId) ?? 0);
      if (l.quantity > unitsLeft) return { kind: 'line_refunded', lineId: l.lineId, unitsLeft: Math.max(0, unitsLeft) };
    }
  }
  const totals = lines && lineRefundTotals(s.order, s.lines);
  const amount = lines
    ? lines.reduce((n, l) => n + lineUnitsRefundCents(totals!.get(l.lineId)!, lineById.get(l.lineId)!.quantity, refunded.get(l.lineId) ?? 0, l.quantity), 0)
    : input.amountCents ?? 0;
  if (earlier) {
    const replay = replayOf(earlier, s.order.id, amount, lines);
    if (replay.kind !== 'in_progress' || earlier.createdOn > input.now - STALE_REFUND_MS) return replay;
    // Take the stale refund over: one conditional UPDATE, so one request does it.
    const claimed = await rawD1(db)
      .prepare(`UPDATE order_refunds SET created_on = ?3 WHERE id = ?1 AND status = 'pending' AND created_on = ?2`)
      .bind(earlier.id, earlier.createdOn, input.now)
      .run();
    if (!claimed.meta.changes) return replay;
    return settle(db, site, s, { ...earlier, createdOn: input.now }, input, providerFor);
  }
  if (amount <= 0 || amount > refundableCents(s)) return { kind: 'too_much', refundableCents: Math.max(0, refundableCents(s)) };
  const id = newRowId();
  const d1 = rawD1(db);
  const providerPaid = s.payment?.amountCents ?? 0;
  // Of what is not refunded yet, the card payment's part first; the rest is the gift card's.
  const cardLeft = `(?5 - (SELECT COALESCE(SUM(r.provider_cents), 0) FROM order_refunds r WHERE r.order_id = ?3 AND r.status <> 'failed'))`;
  // Line refunds are priced inside the INSERT from the units refunded when it runs (UNITS_AMOUNT), so
  // concurrent refunds of different units of one line add up to the line's total exactly.
  const priced = lines ? JSON.stringify(lines.map((l) => ({ lineId: l.lineId, units: l.quantity, total: totals!.get(l.lineId)!, bought: lineById.get(l.lineId)!.quantity }))) : null;
  const written = await d1
    .prepare(
      `WITH amt(a) AS (SELECT CASE WHEN ?11 IS NULL THEN ?4 ELSE (${UNITS_AMOUNT}) END)
       INSERT INTO order_refunds (id, website_id, order_id, amount_cents, provider_cents, gift_card_cents, lines, reason, status, request_key, created_by, created_on)
       SELECT ?1, ?2, ?3, amt.a, MIN(amt.a, ${cardLeft}), amt.a - MIN(amt.a, ${cardLeft}), ?6, ?7, 'pending', ?8, ?9, ?10
       FROM orders o, amt
       WHERE o.id = ?3 AND o.website_id = ?2 AND amt.a > 0
         AND o.grand_total_cents - (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = ?3 AND r.status <> 'failed') >= amt.a
         AND NOT EXISTS (${LINE_UNITS_TAKEN})
       ON CONFLICT (website_id, request_key) DO NOTHING`,
    )
    .bind(id, site.id, s.order.id, amount, providerPaid, lines ? JSON.stringify(lines) : null, input.reason ?? null, input.requestKey, input.actor, input.now, priced)
    .run();
  if (!written.meta.changes) {
    // Another request with this key got there first, or the amount no longer fits.
    const other = await byKey(db, site.id, input.requestKey);
    if (other) return replayOf(other, s.order.id, amount, lines);
    if (lines) {
      // Another refund took some of these units first.
      const taken = await lineUnitsTaken(db, s.order.id, lines);
      if (taken) return taken;
    }
    const [left] = (await d1
      .prepare(`SELECT o.grand_total_cents - (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = o.id AND r.status <> 'failed') AS n FROM orders o WHERE o.id = ?1`)
      .bind(s.order.id)
      .all<{ n: number }>()).results;
    return { kind: 'too_much', refundableCents: Math.max(0, left?.n ?? 0) };
  }
  return settle(db, site, s, (await byKey(db, site.id, input.requestKey))!, input, providerFor);
}

/** The same line asked twice in one request counts once, with the units added up. */
function mergeLines(lines: LineQuantity[]): LineQuantity[] {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.lineId, (units.get(l.lineId) ?? 0) + l.quantity);
  return [...units].map(([lineId, quantity]) => ({ lineId, quantity }));
}

/**
 * Part of the refund INSERT's WHERE: a requested line (?6, the refund's lines JSON) whose units
 * would pass what was bought, counting units cancelled and units of refunds not failed. Being
 * inside the one INSERT makes it atomic: two refunds of the last unit cannot both be written.
 */
const LINE_UNITS_TAKEN = `SELECT 1 FROM json_each(?6) j JOIN order_lines l ON l.id = json_extract(j.value, '$.lineId') AND l.order_id = ?3
  WHERE json_extract(j.value, '$.quantity') + l.cancelled_quantity
    + (SELECT COALESCE(SUM(json_extract(rj.value, '$.quantity')), 0) FROM order_refunds r, json_each(r.lines) rj
       WHERE r.order_id = ?3 AND r.status <> 'failed' AND json_extract(rj.value, '$.lineId') = l.id) > l.quantity`;

/**
 * What a line refund's units are worth when its INSERT runs (?11: `[{ lineId, units, total, bought }]`,
 * each line's refund total from its fixed split, lineRefundTotals): `n` units of a line are worth
 * floor(total × n ÷ bought) (all of them: the total), so the next `units` after the `done` units
 * already refunded (refunds not failed, read in the same statement) give
 * upTo(done + units) − upTo(done) — the same rule as lineUnitsRefundCents, but from what is
 * refunded at that moment, not when the request read the order: two refunds of different units
 * of one line racing each other never lose or add a minor unit.
 */
const UNITS_AMOUNT = `SELECT COALESCE(SUM(
    CASE WHEN q.done + q.units >= q.bought THEN q.total ELSE (q.total * (q.done + q.units)) / q.bought END
    - CASE WHEN q.done >= q.bought THEN q.total ELSE (q.total * q.done) / q.bought END), 0)
  FROM (SELECT json_extract(p.value, '$.total') AS total, json_extract(p.value, '$.bought') AS bought, json_extract(p.value, '$.units') AS units,
      (SELECT COALESCE(SUM(json_extract(rj.value, '$.quantity')), 0) FROM order_refunds r, json_each(r.lines) rj
        WHERE r.order_id = ?3 AND r.status <> 'failed' AND json_extract(rj.value, '$.lineId') = json_extract(p.value, '$.lineId')) AS done
    FROM json_each(?11) p) q`;

/** The first requested line that has fewer units left than asked, read after a refused INSERT. */
async function lineUnitsTaken(db: Db, orderId: string, lines: LineQuantity[]): Promise<RefundOutcome | undefined> {
  const { results } = await rawD1(db)
    .prepare(
      `SELECT l.id AS id, l.quantity - l.cancelled_quantity - (SELECT COALESCE(SUM(json_extract(rj.value, '$.quantity')), 0) FROM order_refunds r, json_each(r.lines) rj
         WHERE r.order_id = ?1 AND r.status <> 'failed' AND json_extract(rj.value, '$.lineId') = l.id) AS n
       FROM order_lines l WHERE l.order_id = ?1`,
    )
    .bind(orderId)
    .all<{ id: string; n: number }>();
  const left = new Map(results.map((r) => [r.id, r.n]));
  const short = lines.find((l) => l.quantity > (left.get(l.lineId) ?? 0));
  return short && { kind: 'line_refunded', lineId: short.lineId, unitsLeft: Math.max(0, left.get(short.lineId) ?? 0) };
}

/**
 * A refund left `pending` this long (its request crashed between the provider and the
 * settling batch) is taken over by the next request with its key: the provider is asked
 * again under the same idempotency key (Stripe replays the refund it made, never a second
 * one) and the row is settled.
 */
export const STALE_REFUND_MS = 120_000;

/**
 * Finishes a refund row left `pending` (a cancel's refund, written in the cancel's own batch,
 * or a refund whose request crashed): one conditional UPDATE claims it (so one caller does
 * it), then the provider is asked under the row's own idempotency key and the row settled.
 * `claimFrom` is the `created_on` the caller saw; the cancel that wrote the row claims its
 * own, later callers only rows older than STALE_REFUND_MS.
 */
export async function finishPendingRefund(db: Db, site: { id: string; title: string }, s: OrderState, row: RefundRow, input: Pick<RefundInput, 'actor' | 'now'>, providerFor: ProviderFor): Promise<RefundOutcome> {
  const claimed = await rawD1(db)
    .prepare(`UPDATE order_refunds SET created_on = ?3 WHERE id = ?1 AND status = 'pending' AND created_on = ?2`)
    .bind(row.id, row.createdOn, input.now)
    .run();
  if (!claimed.meta.changes) return { kind: 'in_progress' };
  return settle(db, site, s, { ...row, createdOn: input.now }, { ...input, requestKey: row.requestKey }, providerFor);
}

/** A refund row pending longer than this is taken over (by its key's next request, a cancel's retry or the Cron job). */
export const isStaleRefund = (row: RefundRow, now: number) => row.status === 'pending' && row.createdOn <= now - STALE_REFUND_MS;

/**
 * A cancel's refund (key `cancel:…`) is owed to the shopper whatever the owner does next, so a
 * provider refusal leaves a `pending` row (its amount reserved) for the next cancel request or
 * the Cron job to try again, at most every STALE_REFUND_MS, up to CANCEL_REFUND_ATTEMPTS times.
 */
const keepsTrying = (row: RefundRow) => row.requestKey.startsWith('cancel:');

/**
 * How many times a cancel's refund is asked of the provider before it stops (about 20 minutes
 * at one attempt per STALE_REFUND_MS): the 10th refusal leaves it failed and a
 * `refund_needs_attention` entry on the order's timeline.
 */
export const CANCEL_REFUND_ATTEMPTS = 10;

/** Refused attempts of one refund key so far (each refused row keeps the key with `:failed:<row id>` after it). */
async function failedAttempts(db: Db, orderId: string, key: string): Promise<number> {
  const row = await rawD1(db)
    .prepare(`SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ?1 AND status = 'failed' AND substr(request_key, 1, length(?2) + 8) = ?2 || ':failed:'`)
    .bind(orderId, key)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Asks the provider for the card part of `row`, then settles it (succeeded or failed). */
async function settle(db: Db, site: { id: string; title: string }, s: OrderState, row: RefundRow, input: RefundInput, providerFor: ProviderFor): Promise<RefundOutcome> {
  const d1 = rawD1(db);
  const lineById = new Map(s.lines.map((l) => [l.id, l]));
  const o: MailOrder = { id: s.order.id, websiteId: site.id, orderNumber: s.order.orderNumber, email: s.order.email, currency: s.order.currency, language: s.language };
  if (row.providerCents > 0) {
    const provider = s.payment ? providerFor(s.payment.provider) : undefined;
    const refused = provider
      ? await provider.refund(s.payment!.ref, row.providerCents as Cents, `refund_${row.id}`).then(
          () => undefined,
          (err: unknown) => String((err as Error)?.message ?? err),
        )
      : 'the payment provider is not set up here';
    if (refused !== undefined) {
      console.error(`refund ${row.id} of order ${s.order.id} failed: ${refused}`);
      if (keepsTrying(row)) {
        const failedBefore = await failedAttempts(db, s.order.id, row.requestKey);
        const amountText = `${minorToDecimal(row.amountCents, s.order.currency)} ${s.order.currency}`;
        if (failedBefore + 1 >= CANCEL_REFUND_ATTEMPTS) {
          // The last attempt: the row is failed (its amount no longer reserved), nothing is tried again, and the
          // timeline says the refund needs the owner (a refund by hand, or the payment settings put right).
          await d1.batch([
            d1.prepare(`UPDATE order_refunds SET status = 'failed', settled_on = ?2, request_key = request_key || ':failed:' || id WHERE id = ?1 AND status = 'pending'`).bind(row.id, input.now),
            d1
              .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, 'refund_needs_attention', ?4, ?5, ?6)`)
              .bind(newRowId(), site.id, s.order.id, `Needs attention: the refund of ${amountText} for the cancellation was refused ${CANCEL_REFUND_ATTEMPTS} times by the payment provider and is no longer tried. Refund the shopper by hand or check the payment settings. Last answer: ${refused.slice(0, 200)}`, input.actor, input.now),
          ]);
          return { kind: 'failed', refund: { ...row, status: 'failed', settledOn: input.now, requestKey: `${row.requestKey}:failed:${row.id}` } };
        }
        // The refused row is failed (Stripe keeps a refused request's answer for its idempotency
        // key, so a retry needs a new one) and a fresh pending row with the same key, amount and
        // split takes its place, for the next cancel request or the Cron job; one timeline note.
        const next: RefundRow = { ...row, id: newRowId(), createdOn: input.now, settledOn: null };
        await d1.batch([
          d1.prepare(`UPDATE order_refunds SET status = 'failed', settled_on = ?2, request_key = request_key || ':failed:' || id WHERE id = ?1 AND status = 'pending'`).bind(row.id, input.now),
          d1
            .prepare(
              `INSERT INTO order_refunds (id, website_id, order_id, amount_cents, provider_cents, gift_card_cents, lines, reason, status, request_key, created_by, created_on)
               SELECT ?1, website_id, order_id, amount_cents, provider_cents, gift_card_cents, lines, reason, 'pending', ?3, created_by, ?4 FROM order_refunds WHERE id = ?2 AND changes() = 1`,
            )
            .bind(next.id, row.id, row.requestKey, input.now),
          d1
            .prepare(
              `INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on)
               SELECT ?1, ?2, ?3, 'refund_failed', ?4, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = ?3 AND e.kind = 'refund_failed' AND e.body = ?4)`,
            )
            .bind(newRowId(), site.id, s.order.id, `Refund of ${amountText} for the cancellation is pending: the payment provider did not make it; it is tried again automatically (up to ${CANCEL_REFUND_ATTEMPTS} times).`, input.actor, input.now),
        ]);
        return { kind: 'pending', refund: next };
      }
      await d1.batch([
        // The key is set free (renamed on the failed row): the owner's retry with it tries again.
        d1.prepare(`UPDATE order_refunds SET status = 'failed', settled_on = ?2, request_key = request_key || ':failed:' || id WHERE id = ?1 AND status = 'pending'`).bind(row.id, input.now),
        d1
          .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, 'refund_failed', ?4, ?5, ?6)`)
          .bind(newRowId(), site.id, s.order.id, `Refund of ${row.amountCents} failed: ${refused.slice(0, 300)}`, input.actor, input.now),
      ]);
      return { kind: 'failed', refund: { ...row, status: 'failed', settledOn: input.now, requestKey: `${row.requestKey}:failed:${row.id}` } };
    }
  }
  const mailLines = (row.lines ?? []).flatMap((l) => (lineById.has(l.lineId) ? [{ ...lineById.get(l.lineId)!, quantity: l.quantity }] : []));
  await d1.batch([
    d1.prepare(`UPDATE order_refunds SET status = 'succeeded', settled_on = ?2 WHERE id = ?1 AND status = 'pending'`).bind(row.id, input.now),
    ...(row.giftCardCents > 0 && s.giftCard
      ? [d1.prepare('UPDATE gift_cards SET balance_cents = balance_cents + ?2 WHERE id = ?1 AND website_id = ?3').bind(s.giftCard.id, row.giftCardCents, site.id)]
      : []),
    d1
      .prepare(
        `UPDATE orders SET status = CASE WHEN status = 'cancelled' THEN status
           WHEN grand_total_cents <= (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = ?1 AND r.status = 'succeeded') THEN 'refunded'
           ELSE 'partially_refunded' END
         WHERE id = ?1`,
      )
      .bind(s.order.id),
    d1
      .prepare(
        `UPDATE payments SET status = 'refunded' WHERE order_id = ?1 AND provider <> 'gift-card' AND status = 'captured'
           AND amount_cents <= (SELECT COALESCE(SUM(r.provider_cents), 0) FROM order_refunds r WHERE r.order_id = ?1 AND r.status = 'succeeded')`,
      )
      .bind(s.order.id),
    d1
      .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, 'refunded', ?4, ?5, ?6)`)
      .bind(newRowId(), site.id, s.order.id, refundSummary(row, mailLines, s.order.currency), input.actor, input.now),
    refundMail(db, site, o, { amountCents: row.amountCents, providerCents: row.providerCents, giftCardCents: row.giftCardCents, lines: mailLines }, input.now),
  ]);
  return { kind: 'done', refund: { ...row, status: 'succeeded', settledOn: input.now }, replay: false };
}

function refundSummary(row: RefundRow, lines: { quantity: number; productName: string }[], currency: string): string {
  const parts = [`Refunded ${minorToDecimal(row.amountCents, currency)} ${currency}`];
  if (lines.length) parts.push(lines.map((l) => `${l.quantity} × ${l.productName}`).join(', '));
  if (row.reason) parts.push(row.reason);
  return parts.join(' · ');
}

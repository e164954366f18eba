import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { and, eq } from 'drizzle-orm';
import { orderRefunds } from '../../../schema/index.js';
import { PRODUCT_TYPE } from '../../../schema/types.js';
import { query, type Db } from '../db.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { refundedUnits } from '../../../domain/commerce/line-refunds.js';
import { cancelMail, type MailOrder } from './mails.js';
import { finishPendingRefund, isStaleRefund, refundOrder, type ProviderFor, type RefundOutcome } from './refund.js';
import { openUnits, refundableCents, type OrderState } from './state.js';

export interface CancelInput {
  reason?: string;
  actor: string;
  now: number;
  notify: boolean;
}

export type CancelOutcome =
  | { kind: 'cancelled'; refund?: RefundOutcome; giftCards?: GiftCardsCancelled }
  | { kind: 'already_cancelled'; refund?: RefundOutcome }
  | { kind: 'all_fulfilled' }
  | { kind: 'changed' };

/** The gift cards the order issued that cancelling disabled, and what of them was spent (kept from the refund). */
export interface GiftCardsCancelled {
  disabled: number;
  unusedCents: number;
  spentCents: number;
}

const RACE_GUARD = /NOT NULL constraint failed: order_events\.body/;

/**
 * What cancelling gives back: everything not refunded yet when no unit was fulfilled;
 * on a partly fulfilled order only the open (unfulfilled) lines' share of what was paid
 * for goods — their value × (subtotal − discount + tax) ÷ subtotal, rounded down — while
 * shipping and the fulfilled units stay paid (docs/api/orders.md).
 */
export function cancelRefundCents(s: Pick<OrderState, 'order' | 'lines' | 'refunds'>): number {
  const left = refundableCents(s);
  const fulfilled = s.lines.some((l) => l.fulfilledQuantity > 0);
  if (!fulfilled) return Math.max(0, left);
  const o = s.order;
  if (o.subtotalCents <= 0) return 0;
  // Units refunded line by line count as open ones first (never refunded twice).
  const refunded = refundedUnits(s.refunds);
  const open = s.lines.reduce((n, l) => n + l.unitPriceCents * Math.max(0, openUnits(l) - (refunded.get(l.id) ?? 0)), 0);
  const share = Math.floor((open * (o.subtotalCents - o.discountCents + o.taxTotalCents)) / o.subtotalCents);
  return Math.max(0, Math.min(left, share));
}

/** The gift cards the order issued, when cancelling takes them back: every gift-card unit is still open. */
async function issuedCards(db: Db, websiteId: string, s: OrderState) {
  const cardLines = s.lines.filter((l) => l.productType === PRODUCT_TYPE.giftCard);
  if (cardLines.length === 0 || cardLines.some((l) => openUnits(l) < l.quantity)) return [];
  const { results } = await rawD1(db)
    .prepare('SELECT id, code_last4 AS last4, initial_cents AS initial, balance_cents AS balance FROM gift_cards WHERE order_id = ?1 AND website_id = ?2 AND disabled_on IS NULL ORDER BY id')
    .bind(s.order.id, websiteId)
    .all<{ id: string; last4: string; initial: number; balance: number }>();
  return results;
}

/**
 * Cancels an order's open units in one batch: the order marked cancelled (only from a
 * state that is not, and only if no unit was fulfilled since `s` was read — else the
 * timeline row is NULL and the batch aborts), the open units back in stock, the lines'
 * cancelled units set, the gift cards the order issued disabled (their unused balance goes
 * with the order; what was already spent is kept from the refund — guarded: a balance that
 * moved since it was read aborts the batch), the refund written `pending` under the key
 * `cancel:<order id>` (so it happens once however often cancel is sent, and a crash before
 * the provider is asked leaves it for the next cancel request or the Cron job:
 * finishPendingRefund), the shopper's mail queued. Then the refund is made.
 * Payments are captured at checkout, so there is never an authorisation to void.
 */
export async function cancelOrder(db: Db, site: { id: string; title: string }, s: OrderState, input: CancelInput, providerFor: ProviderFor): Promise<CancelOutcome> {
  if (s.order.status === 'cancelled') return { kind: 'already_cancelled', refund: await finishCancelRefund(db, site, s, input, providerFor, false) };
  const open = s.lines.filter((l) => openUnits(l) > 0);
  if (open.length === 0) return { kind: 'all_fulfilled' };
  const cards = await issuedCards(db, site.id, s);
  const spentCents = cards.reduce((n, c) => n + c.initial - c.balance, 0);
  const unusedCents = cards.reduce((n, c) => n + c.balance, 0);
  const refundCents = Math.max(0, cancelRefundCents(s) - spentCents);
  const d1 = rawD1(db);
  const fulfilledNow = s.lines.reduce((n, l) => n + l.fulfilledQuantity, 0);
  const o: MailOrder = { id: s.order.id, websiteId: site.id, orderNumber: s.order.orderNumber, email: s.order.email, currency: s.order.currency, language: s.language };
  const money = (n: number) => `${minorToDecimal(n, s.order.currency)} ${s.order.currency}`;
  const due = refundCents > 0 ? ` · refund due ${money(refundCents)}` : '';
  const summary = `Cancelled: ${open.map((l) => `${openUnits(l)} × ${l.productName}`).join(', ')}${due}${input.reason ? ` · ${input.reason}` : ''}`;
  const cardsText =
    `Gift card${cards.length === 1 ? '' : 's'} disabled: ${cards.map((c) => `····${c.last4}`).join(', ')} (${money(unusedCents)} unused)` +
    (spentCents > 0 ? `; ${money(spentCents)} of ${cards.length === 1 ? 'it' : 'them'} was already spent and is kept from the refund` : '');
  const providerPaid = s.payment?.amountCents ?? 0;
  const cardLeft = `(?5 - (SELECT COALESCE(SUM(r.provider_cents), 0) FROM order_refunds r WHERE r.order_id = ?3 AND r.status <> 'failed'))`;
  try {
    await d1.batch([
      d1
        .prepare(
          `UPDATE orders SET status = 'cancelled' WHERE id = ?1 AND status <> 'cancelled'
             AND (SELECT COALESCE(SUM(l.fulfilled_quantity), 0) FROM order_lines l WHERE l.order_id = ?1) = ?2`,
        )
        .bind(s.order.id, fulfilledNow),
      d1
        .prepare(`INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on) VALUES (?1, ?2, ?3, 'cancelled', CASE WHEN changes() = 1 THEN ?4 END, ?5, ?6)`)
        .bind(newRowId(), site.id, s.order.id, summary, input.actor, input.now),
      // The open units go back to finite stock (before the lines say they are cancelled).
      d1
        .prepare(
          `UPDATE variants SET qty_in_stock = qty_in_stock + (SELECT COALESCE(SUM(l.quantity - l.fulfilled_quantity - l.cancelled_quantity), 0) FROM order_lines l WHERE l.order_id = ?1 AND l.variant_id = variants.id)
           WHERE unlimited = 0 AND id IN (SELECT l.variant_id FROM order_lines l WHERE l.order_id = ?1 AND l.quantity - l.fulfilled_quantity - l.cancelled_quantity > 0)`,
        )
        .bind(s.order.id),
      d1.prepare('UPDATE order_lines SET cancelled_quantity = quantity - fulfilled_quantity WHERE order_id = ?1').bind(s.order.id),
      ...(cards.length
        ? [
            // The timeline row is NULL (the batch aborts) if a card was spent since it was read.
            d1
              .prepare(
                `INSERT INTO order_events (id, website_id, order_id, kind, body, actor, created_on)
                 VALUES (?1, ?2, ?3, 'gift_cards_disabled', CASE WHEN (SELECT COALESCE(SUM(g.balance_cents), 0) FROM gift_cards g WHERE g.order_id = ?3 AND g.website_id = ?2 AND g.disabled_on IS NULL) = ?7 THEN ?4 END, ?5, ?6)`,
              )
              .bind(newRowId(), site.id, s.order.id, cardsText, input.actor, input.now, unusedCents),
            d1.prepare('UPDATE gift_cards SET disabled_on = ?3 WHERE order_id = ?1 AND website_id = ?2 AND disabled_on IS NULL').bind(s.order.id, site.id, input.now),
          ]
        : []),
      ...(refundCents > 0
        ? [
            // The refund, pending, in the cancel's own batch (the same cap as refundOrder's INSERT).
            d1
              .prepare(
                `INSERT INTO order_refunds (id, website_id, order_id, amount_cents, provider_cents, gift_card_cents, lines, reason, status, request_key, created_by, created_on)
                 SELECT ?1, ?2, ?3, ?4, MIN(?4, ${cardLeft}), ?4 - MIN(?4, ${cardLeft}), NULL, 'Order cancelled', 'pending', ?6, ?7, ?8
                 FROM orders o
                 WHERE o.id = ?3 AND o.website_id = ?2
                   AND o.grand_total_cents - (SELECT COALESCE(SUM(r.amount_cents), 0) FROM order_refunds r WHERE r.order_id = ?3 AND r.status <> 'failed') >= ?4
                 ON CONFLICT (website_id, request_key) DO NOTHING`,
              )
              .bind(newRowId(), site.id, s.order.id, refundCents, providerPaid, cancelKey(s), input.actor, input.now),
          ]
        : []),
      ...(input.notify ? [cancelMail(db, site, o, open.map((l) => ({ ...l, quantity: openUnits(l) })), input.now)] : []),
    ]);
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (RACE_GUARD.test(text)) return { kind: 'changed' };
    throw err;
  }
  const giftCards = cards.length ? { disabled: cards.length, unusedCents, spentCents } : undefined;
  if (refundCents <= 0) return { kind: 'cancelled', giftCards };
  const refund =
    (await finishCancelRefund(db, site, s, input, providerFor, true)) ??
    // Another refund took part of the amount meanwhile: what is left, through the usual gate.
    (await refundOrder(db, site, s, { amountCents: refundCents, reason: 'Order cancelled', requestKey: cancelKey(s), actor: input.actor, now: input.now }, providerFor));
  return { kind: 'cancelled', refund, giftCards };
}

const cancelKey = (s: OrderState) => `cancel:${s.order.id}`;

/**
 * Makes the cancel's pending refund: the cancel that wrote it at once (`own`), a later cancel
 * request only once it is stale (its request crashed or the provider refused). Undefined when
 * there is no such row or it is settled already.
 */
async function finishCancelRefund(db: Db, site: { id: string; title: string }, s: OrderState, input: CancelInput, providerFor: ProviderFor, own: boolean): Promise<RefundOutcome | undefined> {
  const [row] = await query(() => db.select().from(orderRefunds).where(and(eq(orderRefunds.websiteId, site.id), eq(orderRefunds.requestKey, cancelKey(s)))).limit(1));
  if (!row) return undefined;
  if (row.status !== 'pending') return undefined;
  if (!own && !isStaleRefund(row, input.now)) return { kind: 'in_progress' };
  return finishPendingRefund(db, site, s, row, input, providerFor);
}

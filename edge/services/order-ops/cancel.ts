import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import type { Db } from '../db.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import { refundedUnits } from '../../../domain/commerce/line-refunds.js';
import { cancelMail, type MailOrder } from './mails.js';
import { refundOrder, type ProviderFor, type RefundOutcome } from './refund.js';
import { openUnits, refundableCents, type OrderState } from './state.js';

export interface CancelInput {
  reason?: string;
  actor: string;
  now: number;
  notify: boolean;
}

export type CancelOutcome =
  | { kind: 'cancelled'; refund?: RefundOutcome }
  | { kind: 'already_cancelled' }
  | { kind: 'all_fulfilled' }
  | { kind: 'changed' };

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

/**
 * Cancels an order's open units in one batch: the order marked cancelled (only from a
 * state that is not, and only if no unit was fulfilled since `s` was read — else the
 * timeline row is NULL and the batch aborts), the open units back in stock, the lines'
 * cancelled units set, the shopper's mail queued. Then the refund (cancelRefundCents),
 * under the key `cancel:<order id>` so it happens once however often cancel is sent.
 * Payments are captured at checkout, so there is never an authorisation to void.
 */
export async function cancelOrder(db: Db, site: { id: string; title: string }, s: OrderState, input: CancelInput, providerFor: ProviderFor): Promise<CancelOutcome> {
  if (s.order.status === 'cancelled') return { kind: 'already_cancelled' };
  const open = s.lines.filter((l) => openUnits(l) > 0);
  if (open.length === 0) return { kind: 'all_fulfilled' };
  const refundCents = cancelRefundCents(s);
  const d1 = rawD1(db);
  const fulfilledNow = s.lines.reduce((n, l) => n + l.fulfilledQuantity, 0);
  const o: MailOrder = { id: s.order.id, websiteId: site.id, orderNumber: s.order.orderNumber, email: s.order.email, currency: s.order.currency };
  const due = refundCents > 0 ? ` · refund due ${minorToDecimal(refundCents, s.order.currency)} ${s.order.currency}` : '';
  const summary = `Cancelled: ${open.map((l) => `${openUnits(l)} × ${l.productName}`).join(', ')}${due}${input.reason ? ` · ${input.reason}` : ''}`;
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
      ...(input.notify ? [cancelMail(db, site, o, open.map((l) => ({ ...l, quantity: openUnits(l) })), input.now)] : []),
    ]);
  } catch (err) {
    const text = String((err as Error)?.message ?? err) + String((err as Error & { cause?: Error })?.cause?.message ?? '');
    if (RACE_GUARD.test(text)) return { kind: 'changed' };
    throw err;
  }
  if (refundCents <= 0) return { kind: 'cancelled' };
  const refund = await refundOrder(db, site, s, { amountCents: refundCents, reason: 'Order cancelled', requestKey: `cancel:${s.order.id}`, actor: input.actor, now: input.now }, providerFor);
  return { kind: 'cancelled', refund };
}

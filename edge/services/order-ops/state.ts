import { and, asc, eq } from 'drizzle-orm';
import { giftCardRedemptions, orderEvents, orderFulfilments, orderRefunds, orders, payments } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { loadOrder, type LoadedOrder } from '../orders/index.js';
import { loadTranslationTable } from '../multilingual/store.js';
import { withTable, type MailLanguage } from '../multilingual/mail-language.js';

export type FulfilmentRow = typeof orderFulfilments.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;

/** A line and how much of it the owner asked for (units). */
export interface LineQuantity {
  lineId: string;
  quantity: number;
}

/** An order with what the owner's actions need: payments, the gift-card draw, refunds so far. */
export interface OrderState extends LoadedOrder {
  /** The card payment (provider other than 'gift-card'), if any. */
  payment?: { provider: string; ref: string; amountCents: number };
  /** The gift card that paid part or all of it. */
  giftCard?: { id: string; amountCents: number };
  refunds: RefundRow[];
  fulfilments: FulfilmentRow[];
  /** The order's added language (issue 29): the shopper's mails in its words, product names and money format; absent for the primary. */
  language?: MailLanguage;
}

/** The site's order numbered `orderNumber` with its payments, refunds and fulfilments. */
export async function orderState(db: Db, websiteId: string, orderNumber: number): Promise<OrderState | undefined> {
  const [found] = await query(() => db.select({ id: orders.id }).from(orders).where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber))).limit(1));
  const loaded = found && (await loadOrder(db, websiteId, found.id));
  if (!loaded) return undefined;
  const id = loaded.order.id;
  const language = loaded.order.language;
  const [paid, drawn, refunds, fulfilments, table] = await Promise.all([
    query(() => db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdOn))),
    query(() => db.select().from(giftCardRedemptions).where(and(eq(giftCardRedemptions.orderId, id), eq(giftCardRedemptions.websiteId, websiteId)))),
    query(() => db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.createdOn))),
    query(() => db.select().from(orderFulfilments).where(eq(orderFulfilments.orderId, id)).orderBy(asc(orderFulfilments.createdOn))),
    language ? loadTranslationTable(db, websiteId, language) : undefined,
  ]);
  const card = paid.find((p) => p.provider !== 'gift-card');
  const draw = drawn[0];
  return {
    ...loaded,
    payment: card && { provider: card.provider, ref: card.providerRef, amountCents: card.amountCents },
    giftCard: draw && { id: draw.giftCardId, amountCents: draw.amountCents },
    refunds,
    fulfilments,
    ...(table && language ? { language: withTable(language, table) } : {}),
  };
}

/** What is left to refund: the grand total less refunds that succeeded or are under way. */
export function refundableCents(s: Pick<OrderState, 'order' | 'refunds'>): number {
  return s.order.grandTotalCents - s.refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amountCents, 0);
}

/** Units of a line neither fulfilled nor cancelled yet. */
export const openUnits = (l: { quantity: number; fulfilledQuantity: number; cancelledQuantity: number }) => l.quantity - l.fulfilledQuantity - l.cancelledQuantity;

/**
 * What the shopper's order pages (211) show of the owner's work: each shipment or pickup with
 * its items, carrier and tracking number, and the amount refunded (0 when none).
 */
export async function shopperFulfilments(db: Db, websiteId: string, o: LoadedOrder) {
  const [rows, refunds] = await Promise.all([
    query(() => db.select().from(orderFulfilments).where(and(eq(orderFulfilments.websiteId, websiteId), eq(orderFulfilments.orderId, o.order.id))).orderBy(asc(orderFulfilments.createdOn))),
    query(() => db.select().from(orderRefunds).where(and(eq(orderRefunds.websiteId, websiteId), eq(orderRefunds.orderId, o.order.id), eq(orderRefunds.status, 'succeeded')))),
  ]);
  const names = new Map(o.lines.map((l) => [l.id, l.productName]));
  return {
    fulfilments: rows.map((f) => ({
      shipped: f.kind === 'shipped',
      carrier: f.carrier,
      trackingNumber: f.trackingNumber,
      created: f.createdOn,
      items: f.lines.map((l) => ({ quantity: l.quantity, productName: names.get(l.lineId) ?? '' })),
    })),
    refundedCents: refunds.reduce((n, r) => n + r.amountCents, 0),
  };
}

import { and, asc, eq } from 'drizzle-orm';
import { orderLines, orders } from '../../../schema/index.js';
import { moneyJson } from '../../../domain/money/money.js';
import { query, type Db } from '../db.js';
import { lineFieldAnswers } from './line-fields.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export interface LoadedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

export async function loadOrder(db: Db, websiteId: string, orderId: string): Promise<LoadedOrder | undefined> {
  const [order] = await query(() => db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId))).limit(1));
  if (!order) return undefined;
  const lines = await query(() => db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)));
  return { order, lines };
}

/** SPEC §3 Order, with the amounts in minor units and as money (what pages and mail show). */
export function orderJson({ order, lines }: LoadedOrder): Record<string, unknown> {
  const c = order.currency;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    purchasedCartId: order.purchasedCartId,
    // A donation (issue 30) is an order of its own kind: no cart was bought.
    kind: order.purchasedCartId.startsWith('donation:') ? 'donation' : 'order',
    testMode: order.testMode,
    websiteId: order.websiteId,
    email: order.email,
    // The shopper's language when they checked out in an added one (issue 29).
    ...(order.language ? { language: order.language } : {}),
    currency: c,
    created: order.createdOn,
    status: order.status,
    shippingAddress: order.shippingAddress,
    shippingOption: order.shippingOption,
    coupons: order.coupons,
    items: lines.map((l) => ({
      sku: l.sku, productName: l.productName, productType: l.productType, quantity: l.quantity, itemId: l.itemId,
      unitPrice: l.unitPriceCents, unitPriceMoney: moneyJson(l.unitPriceCents, c),
      lineId: l.id,
      // The additional-fields answers as the cart took them, and as label/value pairs to show.
      additionalFields: l.additionalFields === null ? null : (JSON.parse(l.additionalFields) as unknown),
      fieldAnswers: lineFieldAnswers(l.additionalFields),
      fulfilledQuantity: l.fulfilledQuantity,
      cancelledQuantity: l.cancelledQuantity,
    })),
    subtotal: order.subtotalCents,
    subtotalMoney: moneyJson(order.subtotalCents, c),
    discountTotal: order.discountCents,
    discountTotalMoney: moneyJson(order.discountCents, c),
    shippingTotal: order.shippingTotalCents,
    shippingTotalMoney: moneyJson(order.shippingTotalCents, c),
    taxTotal: order.taxTotalCents,
    taxTotalMoney: moneyJson(order.taxTotalCents, c),
    includedTax: order.includedTaxCents,
    includedTaxMoney: moneyJson(order.includedTaxCents, c),
    grandTotal: order.grandTotalCents,
    grandTotalMoney: moneyJson(order.grandTotalCents, c),
    // What a gift card paid, and what was left for the card.
    giftCardTotal: order.giftCardCents,
    giftCardTotalMoney: moneyJson(order.giftCardCents, c),
    amountPaid: order.grandTotalCents - order.giftCardCents,
    amountPaidMoney: moneyJson(order.grandTotalCents - order.giftCardCents, c),
  };
}

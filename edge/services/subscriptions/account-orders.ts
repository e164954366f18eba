import { and, desc, eq } from 'drizzle-orm';
import { accountOrders, orders } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { loadOrder, type LoadedOrder, type OrderRow } from '../orders/order-json.js';

export type AccountOrderSummary = Pick<OrderRow, 'id' | 'orderNumber' | 'createdOn' | 'grandTotalCents' | 'currency' | 'status'>;

/**
 * The signed-in shopper's orders, newest first (docs/accounts.md): those placed while signed in
 * and the renewals of their subscriptions, found through `account_orders` only.
 */
export async function listAccountOrders(db: Db, websiteId: string, siteUserId: string, limit = 100): Promise<AccountOrderSummary[]> {
  return query(() =>
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, createdOn: orders.createdOn, grandTotalCents: orders.grandTotalCents, currency: orders.currency, status: orders.status })
      .from(accountOrders)
      .innerJoin(orders, eq(orders.id, accountOrders.orderId))
      .where(and(eq(accountOrders.websiteId, websiteId), eq(accountOrders.siteUserId, siteUserId)))
      .orderBy(desc(orders.createdOn), desc(orders.orderNumber))
      .limit(limit),
  );
}

/**
 * One of the shopper's own orders by its number. Another shopper's order, a guest order
 * or a guessed number finds nothing, exactly as a number that does not exist.
 */
export async function accountOrderByNumber(db: Db, websiteId: string, siteUserId: string, orderNumber: number): Promise<LoadedOrder | undefined> {
  const [row] = await query(() =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(accountOrders, eq(accountOrders.orderId, orders.id))
      .where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber), eq(accountOrders.siteUserId, siteUserId)))
      .limit(1),
  );
  return row ? loadOrder(db, websiteId, row.id) : undefined;
}

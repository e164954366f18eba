import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../../schema/index.js';
import { type Cents, type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';

/** The payment states an order can be in (orders.status) and the owner can filter by. */
export const ORDER_PAYMENT_STATES = ['paid', 'refunded'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** One row of the owner's order list. */
export interface OwnerOrderRow {
  orderNumber: number;
  createdOn: EpochMs;
  email: string;
  itemCount: number;
  grandTotalCents: Cents;
  currency: string;
  status: string;
  testMode: boolean;
}

export interface OwnerOrderQuery {
  /** An order number (with or without '#') or part of an email address. */
  search?: string;
  status?: OrderPaymentState;
  /** Cursor: only orders numbered below this one (the last number of the previous page). */
  before?: number;
  pageSize?: number;
}

export interface OwnerOrderPage {
  rows: OwnerOrderRow[];
  /** The cursor of the next page; undefined on the last page. */
  nextBefore?: number;
}

const ORDER_NUMBER = /^#?(\d{1,9})$/;

/**
 * A site's orders, newest first, one page at a time. Order numbers only grow per site
 * (schema/orders.ts), so "newest first" is order_number DESC and the cursor is the last
 * number shown: the page is stable while new orders arrive, and it walks the
 * (website_id, order_number) unique index. Search matches the exact order number or a
 * case-insensitive part of the email (instr, so '%' and '_' are plain characters).
 */
export async function listOwnerOrders(db: Db, websiteId: string, q: OwnerOrderQuery = {}): Promise<OwnerOrderPage> {
  const pageSize = Math.min(Math.max(q.pageSize ?? 50, 1), 200);
  const where: (SQL | undefined)[] = [eq(orders.websiteId, websiteId)];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.before !== undefined) where.push(lt(orders.orderNumber, q.before));
  const search = q.search?.trim();
  if (search) {
    const byEmail = sql`instr(lower(${orders.email}), lower(${search})) > 0`;
    const number = ORDER_NUMBER.exec(search)?.[1];
    where.push(number ? or(eq(orders.orderNumber, Number(number)), byEmail) : byEmail);
  }
  const rows = await query(() =>
    db
      .select({
        orderNumber: orders.orderNumber,
        createdOn: orders.createdOn,
        email: orders.email,
        // Spelled out: drizzle would leave a bare "id" here, which the subquery reads as l.id.
        itemCount: sql<number>`(SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l WHERE l.order_id = "orders"."id")`,
        grandTotalCents: orders.grandTotalCents,
        currency: orders.currency,
        status: orders.status,
        testMode: orders.testMode,
      })
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.orderNumber))
      .limit(pageSize + 1),
  );
  const more = rows.length > pageSize;
  const page = (more ? rows.slice(0, pageSize) : rows) as OwnerOrderRow[];
  return { rows: page, nextBefore: more ? page[page.length - 1]!.orderNumber : undefined };
}

import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../../schema/index.js';
import { type Cents, type EpochMs } from '../../../domain/branded-types.js';
import { query, type Db } from '../db.js';

/** The payment states an order can be in (orders.status) and the owner can filter by. */
export const ORDER_PAYMENT_STATES = ['paid', 'partially_refunded', 'refunded', 'cancelled'] as const;
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
  /** 'donation' for a donation (issue 30: no cart, `purchased_cart_id` 'donation:...'), else 'order'. */
  kind: 'order' | 'donation';
}

export interface OwnerOrderQuery {
  /** An order number (with or without '#') or part of an email address. */
  search?: string;
  status?: OrderPaymentState;
  /** Orders only, or donations only (issue 30: `purchased_cart_id` 'donation:...'). */
  kind?: 'order' | 'donation';
  /** Placed at or after this instant (epoch ms); see dayStartIn for a day of the site's calendar. */
  createdFrom?: number;
  /** Placed before this instant (epoch ms, exclusive). */
  createdBefore?: number;
  /** Cursor: only orders numbered below this one (the last number of the previous page). */
  before?: number;
  /** Sort order (default newest first); see ORDER_SORTS. */
  sort?: OrderSort;
  /** Cursor of any sort: what `next` of the previous page said (parseOrderCursor). */
  after?: OrderCursor;
  pageSize?: number;
}

/**
 * The orders the owner can sort by: the order number (which only grows, so it is also the
 * date order) and the grand total, each either way; '-' means descending.
 */
export const ORDER_SORTS = ['-number', 'number', '-total', 'total'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Where a page ended: the sort key of its last row and its order number (the tie-break). */
export interface OrderCursor {
  total?: number;
  number: number;
}

/** The opaque text of a cursor: `<number>` for number sorts, `<total>.<number>` for totals. */
export function orderCursorText(sort: OrderSort, row: Pick<OwnerOrderRow, 'orderNumber' | 'grandTotalCents'>): string {
  return sort.endsWith('total') ? `${row.grandTotalCents}.${row.orderNumber}` : String(row.orderNumber);
}

/** Reads a cursor of `sort`; undefined when it is not one (a hand-edited link). */
export function parseOrderCursor(sort: OrderSort, text: string): OrderCursor | undefined {
  const m = sort.endsWith('total') ? /^(\d{1,15})\.(\d{1,9})$/.exec(text) : /^()(\d{1,9})$/.exec(text);
  if (!m) return undefined;
  return sort.endsWith('total') ? { total: Number(m[1]), number: Number(m[2]) } : { number: Number(m[2]) };
}

export interface OwnerOrderPage {
  rows: OwnerOrderRow[];
  /** The cursor of the next page; undefined on the last page. */
  nextBefore?: number;
  /** The same as text for `after` of any sort; undefined on the last page. */
  next?: string;
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
  const sort = q.sort ?? '-number';
  const rows = await query(() => ownerOrdersSelect(db, websiteId, q, pageSize + 1));
  const more = rows.length > pageSize;
  const page = (more ? rows.slice(0, pageSize) : rows) as OwnerOrderRow[];
  const last = page[page.length - 1];
  return {
    rows: page,
    nextBefore: more && sort === '-number' ? last!.orderNumber : undefined,
    next: more ? orderCursorText(sort, last!) : undefined,
  };
}

/**
 * The one SELECT of a page (up to `limit` rows), not yet run: the list runs it, and
 * bench/owner-orders.ts reads its SQL (`toSQL()`) for EXPLAIN QUERY PLAN.
 */
export function ownerOrdersSelect(db: Db, websiteId: string, q: OwnerOrderQuery, limit: number) {
  const where: (SQL | undefined)[] = [eq(orders.websiteId, websiteId)];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.kind) where.push(q.kind === 'donation' ? sql`substr(${orders.purchasedCartId}, 1, 9) = 'donation:'` : sql`substr(${orders.purchasedCartId}, 1, 9) <> 'donation:'`);
  if (q.createdFrom !== undefined) where.push(gte(orders.createdOn, q.createdFrom));
  if (q.createdBefore !== undefined) where.push(lt(orders.createdOn, q.createdBefore));
  const sort = q.sort ?? '-number';
  const down = sort.startsWith('-');
  const beyond = down ? lt : gt;
  if (q.before !== undefined) where.push(lt(orders.orderNumber, q.before));
  if (q.after) {
    // Keyset paging: rows after the cursor's (sort key, order number) in the sort's direction.
    // A row-value comparison, which SQLite seeks in orders_site_total_idx (an OR of the two
    // columns would walk the index from its start and get slower page by page).
    const { total, number } = q.after;
    where.push(
      sort.endsWith('total') && total !== undefined
        ? down
          ? sql`(${orders.grandTotalCents}, ${orders.orderNumber}) < (${total}, ${number})`
          : sql`(${orders.grandTotalCents}, ${orders.orderNumber}) > (${total}, ${number})`
        : beyond(orders.orderNumber, number),
    );
  }
  const order = down ? desc : asc;
  const orderBy = sort.endsWith('total') ? [order(orders.grandTotalCents), order(orders.orderNumber)] : [order(orders.orderNumber)];
  const search = q.search?.trim();
  if (search) {
    const byEmail = sql`instr(lower(${orders.email}), lower(${search})) > 0`;
    const number = ORDER_NUMBER.exec(search)?.[1];
    where.push(number ? or(eq(orders.orderNumber, Number(number)), byEmail) : byEmail);
  }
  return (
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
        kind: sql<'order' | 'donation'>`CASE WHEN substr(${orders.purchasedCartId}, 1, 9) = 'donation:' THEN 'donation' ELSE 'order' END`,
      })
      .from(orders)
      .where(and(...where))
      .orderBy(...orderBy)
      .limit(limit)
  );
}

/**
 * The instant a calendar day (YYYY-MM-DD) starts in `timeZone`: the owner's "from" and "to"
 * dates are days of the site's calendar, not of UTC. Found by reading the zone's offset at
 * UTC midnight of that day and once more at the corrected instant (a DST change that day).
 */
export function dayStartIn(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
        .formatToParts(instant)
        .map((p) => [p.type, Number(p.value)]),
    ) as Record<string, number>;
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - instant;
  };
  const first = utcMidnight - offsetAt(utcMidnight);
  return utcMidnight - offsetAt(first);
}

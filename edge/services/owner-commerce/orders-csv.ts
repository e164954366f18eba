import { minorToDecimal } from '../../../domain/money/money.js';
import { csvLine } from '../csv.js';
import type { Db } from '../db.js';
import { listOwnerOrders, parseOrderCursor, type OwnerOrderQuery, type OwnerOrderRow } from './orders.js';

const HEADER = ['Order', 'Date (UTC)', 'Email', 'Items', 'Total', 'Currency', 'Payment', 'Test', 'Kind'];

function orderCells(o: OwnerOrderRow): (string | number | boolean)[] {
  return [o.orderNumber, new Date(o.createdOn).toISOString(), o.email, o.itemCount, minorToDecimal(o.grandTotalCents, o.currency), o.currency, o.status, o.testMode, o.kind];
}

/** Rows read per D1 query while exporting (the list's largest page). */
const EXPORT_PAGE = 200;

/**
 * The owner's orders as CSV lines, in the list's sort and filters, read page by page along
 * the same keyset cursor as the list (so memory stays one page however many orders match).
 * The header comes first; totals are decimal amounts of the order's currency.
 */
export async function* ordersCsv(db: Db, websiteId: string, q: Omit<OwnerOrderQuery, 'after' | 'before' | 'pageSize'>): AsyncGenerator<string> {
  yield csvLine(HEADER);
  const sort = q.sort ?? '-number';
  let after: string | undefined;
  do {
    const page = await listOwnerOrders(db, websiteId, { ...q, sort, after: after === undefined ? undefined : parseOrderCursor(sort, after), pageSize: EXPORT_PAGE });
    yield page.rows.map((o) => csvLine(orderCells(o))).join('');
    after = page.next;
  } while (after !== undefined);
}

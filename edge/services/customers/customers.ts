import { minorToDecimal } from '../../../domain/money/money.js';
import { csvLine } from '../csv.js';
import { type Db } from '../db.js';
import { decodeCursor, encodeCursor, type Page } from '../restock/signups.js';

/**
 * The site's customers: every buyer (orders grouped by lower-cased email, guests included) and
 * every shopper account (a site user who is no contributor), one row per email address.
 */
export interface CustomerRow {
  email: string;
  /** First and last name of the buyer's latest order ('' for an account without orders). */
  name: string;
  /** The site user's id when the email has an account; null for a guest buyer. */
  accountId: string | null;
  accountCreatedOn: number | null;
  orderCount: number;
  /** Sum of the grand totals, integer minor units of the shop's currency. */
  spentCents: number;
  firstOrderOn: number | null;
  lastOrderOn: number | null;
  /** Newsletter state over the site's mailing lists: subscribed (any confirmed), pending, unsubscribed, or null (never signed up). */
  newsletter: 'subscribed' | 'pending' | 'unsubscribed' | null;
}

/** The `newsletter` column of a customers row (`?1` = the website id). */
const NEWSLETTER_SQL = `(SELECT CASE WHEN max(s.status = 'confirmed') = 1 THEN 'subscribed' WHEN max(s.status = 'pending') = 1 THEN 'pending'
  WHEN count(*) > 0 THEN 'unsubscribed' END FROM mailing_list_subscribers s WHERE s.website_id = ?1 AND lower(s.email) = customers.email) AS newsletter`;

/** What the list sorts by: the column and its direction ('-' descending). */
export const CUSTOMER_SORTS = ['-last', 'last', '-first', 'first', '-orders', 'orders', '-spent', 'spent', 'email', '-email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const SORT_KEY: Record<string, string> = {
  last: 'coalesce(lastOrderOn, 0)',
  first: 'coalesce(firstOrderOn, 0)',
  orders: 'orderCount',
  spent: 'spentCents',
  email: 'email',
};

export interface CustomerQuery {
  /** Case-insensitive text in the email or the name. */
  search?: string | undefined;
  sort?: CustomerSort | undefined;
  cursor?: string | undefined;
  limit: number;
}

const NAME = (column: string) => `json_extract(billing_address, '$.${column}'), json_extract(shipping_address, '$.${column}')`;

/**
 * The customers as one SQL text with `?1` = the website id. Buyers come from
 * `orders_site_email_idx` (website_id, lower(email), created_on), read in index order so the
 * grouping needs no temporary b-tree; accounts from `site_users_website_email_uq`. SQLite's
 * bare-column rule gives the name of the row holding max(created_on), the latest order.
 */
export const CUSTOMERS_SQL = `WITH buyers AS (
  SELECT lower(email) AS email, count(*) AS orderCount, sum(grand_total_cents) AS spentCents,
    min(created_on) AS firstOrderOn, max(created_on) AS lastOrderOn,
    trim(coalesce(${NAME('firstName')}, '') || ' ' || coalesce(${NAME('lastName')}, '')) AS name
  FROM orders WHERE website_id = ?1 GROUP BY lower(email)
), customers AS (
  SELECT b.email, b.name, u.id AS accountId, u.created_on AS accountCreatedOn, b.orderCount, b.spentCents, b.firstOrderOn, b.lastOrderOn
  FROM buyers b LEFT JOIN site_users u ON u.website_id = ?1 AND u.email = b.email
  UNION ALL
  SELECT u.email, '', u.id, u.created_on, 0, 0, NULL, NULL FROM site_users u
  WHERE u.website_id = ?1
    AND NOT EXISTS (SELECT 1 FROM contributors c WHERE c.website_id = ?1 AND c.site_user_id = u.id)
    AND u.email NOT IN (SELECT email FROM buyers)
)`;

/**
 * One page of customers: keyset paging on (sort key, email) in the sort's direction, so the
 * cursor survives new orders; `nextPageCursor` is null on the last page.
 */
export async function listCustomers(db: Db, websiteId: string, q: CustomerQuery): Promise<Page<CustomerRow>> {
  const sort = q.sort ?? '-last';
  const down = sort.startsWith('-');
  const key = SORT_KEY[sort.replace('-', '')]!;
  const dir = down ? 'DESC' : 'ASC';
  const where: string[] = [];
  const binds: (string | number)[] = [websiteId];
  const search = q.search?.trim().toLowerCase();
  if (search) {
    binds.push(search);
    where.push(`(instr(email, ?${binds.length}) > 0 OR instr(lower(name), ?${binds.length}) > 0)`);
  }
  const after = decodeCursor(q.cursor);
  if (after && after.length === 2) {
    binds.push(after[0] as string | number, String(after[1]));
    where.push(`(${key}, email) ${down ? '<' : '>'} (?${binds.length - 1}, ?${binds.length})`);
  }
  binds.push(q.limit + 1);
  const text = `${CUSTOMERS_SQL} SELECT *, ${key} AS sortKey, ${NEWSLETTER_SQL} FROM customers${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${key} ${dir}, email ${dir} LIMIT ?${binds.length}`;
  const { results } = await db.$client.prepare(text).bind(...binds).all<CustomerRow & { sortKey: string | number }>();
  const rows = results.slice(0, q.limit);
  const last = rows.at(-1);
  const hasNextPage = results.length > q.limit;
  return {
    rows: rows.map(({ sortKey: _key, ...row }) => row),
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor([last.sortKey, last.email]) : null,
  };
}

/** One of a customer's orders, for the detail drawer. */
export interface CustomerOrder {
  orderNumber: number;
  createdOn: number;
  grandTotalCents: number;
  currency: string;
  status: string;
}

/** One customer (by email, any case) and their latest orders (up to 100); undefined when the site has no such customer. */
export const CUSTOMER_ORDERS_SQL = `SELECT order_number AS orderNumber, created_on AS createdOn, grand_total_cents AS grandTotalCents, currency, status
  FROM orders WHERE website_id = ? AND lower(email) = ? ORDER BY created_on DESC LIMIT 100`;

export async function customerDetail(db: Db, websiteId: string, email: string): Promise<{ customer: CustomerRow; orders: CustomerOrder[] } | undefined> {
  const lower = email.trim().toLowerCase();
  const customer = await db.$client.prepare(`${CUSTOMERS_SQL} SELECT *, ${NEWSLETTER_SQL} FROM customers WHERE email = ?2`).bind(websiteId, lower).first<CustomerRow>();
  if (!customer) return undefined;
  const { results } = await db.$client
    .prepare(CUSTOMER_ORDERS_SQL)
    .bind(websiteId, lower)
    .all<CustomerOrder>();
  return { customer, orders: results };
}

/**
 * The customers as CSV lines (services/csv.ts writes the cells) in the list's search and sort,
 * read page by page along the same keyset cursor; totals are decimal amounts of `currency`.
 */
export async function* customersCsv(db: Db, websiteId: string, q: Omit<CustomerQuery, 'cursor' | 'limit'>, currency: string): AsyncGenerator<string> {
  yield csvLine(['Email', 'Name', 'Account', 'Orders', 'Total spent', 'Currency', 'First order (UTC)', 'Last order (UTC)', 'Newsletter']);
  const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
  let cursor: string | undefined;
  do {
    const page = await listCustomers(db, websiteId, { ...q, cursor, limit: 200 });
    yield page.rows
      .map((r) => csvLine([r.email, r.name, r.accountId !== null, r.orderCount, minorToDecimal(r.spentCents, currency), currency, iso(r.firstOrderOn), iso(r.lastOrderOn), r.newsletter ?? '']))
      .join('');
    cursor = page.nextPageCursor ?? undefined;
  } while (cursor);
}

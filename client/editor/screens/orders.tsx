import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { OwnerOrderRow } from '../../../edge/services/owner-commerce/orders.js';
import { ownerFetch } from '../api.js';
import { useOwner } from '../context.js';
import { moneyColumn, timeColumn } from '../data-table/columns.js';
import { DataTable, type FilterDef, type PageRequest } from '../data-table/data-table.js';
import { Link } from '../router.js';

const column = createColumnHelper<OwnerOrderRow>();

/** The table's sortable columns and the server's sort names (GET /api/commerce/owner/orders?sort=). */
const SORT_NAMES: Record<string, string> = { orderNumber: 'number', createdOn: 'number', grandTotalCents: 'total' };

/** The filters the orders API takes (GET /api/commerce/owner/orders?status=&kind=&from=&to=). */
const FILTERS: FilterDef[] = [
  {
    id: 'status',
    label: 'Payment',
    type: 'select',
    options: [
      { value: '', label: 'All' },
      { value: 'paid', label: 'Paid' },
      { value: 'partially_refunded', label: 'Partly refunded' },
      { value: 'refunded', label: 'Refunded' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  },
  {
    id: 'kind',
    label: 'Kind',
    type: 'select',
    options: [
      { value: '', label: 'All' },
      { value: 'order', label: 'Orders' },
      { value: 'donation', label: 'Donations' },
    ],
  },
  { id: 'from', label: 'From', type: 'date' },
  { id: 'to', label: 'To', type: 'date' },
];

/** The request's query string: q, status, kind, from, to, sort ('-' for descending), and for a page after, limit. */
export function ordersQuery(request: Omit<PageRequest, 'cursor' | 'pageSize'> & Partial<Pick<PageRequest, 'cursor' | 'pageSize'>>): string {
  const params = new URLSearchParams();
  if (request.search) params.set('q', request.search);
  for (const f of FILTERS) if (request.filters[f.id]) params.set(f.id, request.filters[f.id]!);
  const sort = request.sort[0];
  if (sort && SORT_NAMES[sort.id]) params.set('sort', `${sort.desc ? '-' : ''}${SORT_NAMES[sort.id]}`);
  if (request.cursor) params.set('after', request.cursor);
  if (request.pageSize) params.set('limit', String(request.pageSize));
  return params.toString();
}

/** /config/orders in the app: the orders on the data table, every sort and page from the server. */
export function OrdersScreen() {
  const { timeZone } = useOwner();
  const columns = useMemo(
    () => [
      column.accessor('orderNumber', {
        header: 'Order',
        cell: (c) => (
          <>
            <Link href={`/config/orders/${c.getValue()}`}>#{c.getValue()}</Link>
            {c.row.original.kind === 'donation' ? <> <span className="ui-badge" data-order-kind="donation">Donation</span></> : null}
          </>
        ),
      }),
      timeColumn(column, 'createdOn', { header: 'Date', timeZone, sortable: true }),
      column.accessor('email', { header: 'Email', enableSorting: false }),
      column.accessor('itemCount', { header: 'Items', enableSorting: false }),
      moneyColumn(column, 'grandTotalCents', { header: 'Total', currency: (order) => order.currency, sortable: true }),
      column.accessor('status', {
        header: 'Payment',
        enableSorting: false,
        cell: (c) => (
          <>
            {c.getValue()} {c.row.original.testMode ? <span className="ui-badge">Test</span> : null}
          </>
        ),
      }),
    ],
    [timeZone],
  );
  const fetchPage = async (request: PageRequest) => {
    const answer = await ownerFetch<{ orders: OwnerOrderRow[]; next: string | null }>('GET', `/api/commerce/owner/orders?${ordersQuery(request)}`);
    return { rows: answer.orders, next: answer.next };
  };
  return (
    <>
      <h1>Orders</h1>
      <DataTable
        label="Orders"
        columns={columns}
        getRowId={(row) => String(row.orderNumber)}
        fetchPage={fetchPage}
        filters={FILTERS}
        viewsKey="orders"
        exportHref={(request) => `/api/commerce/owner/orders.csv?${ordersQuery(request)}`}
        searchLabel="Order number or email"
        emptyTitle="No orders yet."
      />
    </>
  );
}

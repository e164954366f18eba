import { useMemo, useState } from 'react';
import { createColumnHelper, type SortingState } from '@tanstack/table-core';
import type { CustomerOrder, CustomerRow } from '../../../../edge/services/customers/customers.js';
import { ownerFetch } from '../../api.js';
import { useOwner } from '../../context.js';
import { moneyColumn } from '../../data-table/columns.js';
import { DataTable, type PageRequest } from '../../data-table/data-table.js';
import { formatDate, formatMoney } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useLoad } from '../../use-load.js';

const column = createColumnHelper<CustomerRow>();

/** A customer's newsletter state over the site's mailing lists, as the list and drawer say it. */
const NEWSLETTER_TEXT: Record<string, string> = { subscribed: 'Subscribed', pending: 'Awaiting confirmation', unsubscribed: 'Unsubscribed', none: 'Not signed up' };

/** The table's sortable columns and the API's sort names. */
const SORT_NAME: Record<string, string> = { email: 'email', orderCount: 'orders', spentCents: 'spent', firstOrderOn: 'first', lastOrderOn: 'last' };

/** `sort` of GET /api/owner/customers for the table's sort (none: latest order first). */
export function customerSort(sort: SortingState): string {
  const first = sort[0];
  const name = first ? SORT_NAME[first.id] : undefined;
  if (!first || !name) return '-last';
  return first.desc ? `-${name}` : name;
}

/** /config/customers in the app: accounts and guest buyers, their totals, and one customer's orders in a drawer. */
export function CustomersScreen() {
  const { timeZone } = useOwner();
  const [currency, setCurrency] = useState('USD');
  const [open, setOpen] = useState<string | null>(null);
  const day = (ms: number | null) => (ms === null ? '—' : formatDate(ms, timeZone));
  const columns = useMemo(
    () => [
      column.accessor('email', {
        header: 'Email',
        cell: (c) => (
          <button type="button" className="owner-link-button" onClick={() => setOpen(c.getValue())}>
            {c.getValue()}
          </button>
        ),
      }),
      column.accessor('name', { header: 'Name', enableSorting: false }),
      column.accessor('accountId', { header: 'Account', enableSorting: false, cell: (c) => (c.getValue() ? 'Account' : 'Guest') }),
      column.accessor('orderCount', { header: 'Orders' }),
      moneyColumn(column, 'spentCents', { header: 'Total spent', currency, sortable: true }),
      column.accessor('firstOrderOn', { header: 'First order', cell: (c) => day(c.getValue()) }),
      column.accessor('lastOrderOn', { header: 'Last order', cell: (c) => day(c.getValue()) }),
      column.accessor('newsletter', { header: 'Newsletter', enableSorting: false, cell: (c) => NEWSLETTER_TEXT[c.getValue() ?? 'none'] }),
    ],
    [timeZone, currency],
  );
  const fetchPage = async (request: PageRequest) => {
    const params = new URLSearchParams({ limit: String(request.pageSize), sort: customerSort(request.sort) });
    if (request.search) params.set('q', request.search);
    if (request.cursor) params.set('cursor', request.cursor);
    const answer = await ownerFetch<{ customers: CustomerRow[]; currency: string; nextPageCursor: string | null }>('GET', `/api/owner/customers?${params}`);
    setCurrency(answer.currency);
    return { rows: answer.customers, next: answer.nextPageCursor };
  };
  return (
    <>
      <h1>Customers</h1>
      <DataTable
        label="Customers"
        columns={columns}
        getRowId={(c) => c.email}
        fetchPage={fetchPage}
        searchLabel="Email or name"
        viewsKey="customers"
        exportHref={(request) => `/api/owner/customers.csv?${new URLSearchParams({ sort: customerSort(request.sort), ...(request.search ? { q: request.search } : {}) })}`}
        rowData={(c) => ({ 'data-customer': c.email })}
        emptyTitle="No customers yet."
      />
      <Dialog open={open !== null} title={open ?? ''} onClose={() => setOpen(null)} drawer actions={<Button variant="secondary" onClick={() => setOpen(null)}>Close</Button>}>
        {open ? <CustomerDetail email={open} /> : null}
      </Dialog>
    </>
  );
}

function CustomerDetail({ email }: { email: string }) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad(email, () =>
    ownerFetch<{ customer: CustomerRow; orders: CustomerOrder[]; currency: string }>('GET', `/api/owner/customers/detail?${new URLSearchParams({ email })}`),
  );
  if (result.state === 'loading') return <Skeleton label="Loading the customer" />;
  if (result.state === 'error') return <ErrorPanel message={result.message} onRetry={retry} />;
  const { customer, orders, currency } = result.data;
  return (
    <div data-customer-detail={customer.email}>
      <dl>
        <dt>Name</dt>
        <dd>{customer.name || '—'}</dd>
        <dt>Account</dt>
        <dd>{customer.accountId ? `Since ${formatDate(customer.accountCreatedOn!, timeZone)}` : 'Guest (no account)'}</dd>
        <dt>Orders</dt>
        <dd>{customer.orderCount}</dd>
        <dt>Total spent</dt>
        <dd>{formatMoney(customer.spentCents, currency)}</dd>
        <dt>Newsletter</dt>
        <dd>{NEWSLETTER_TEXT[customer.newsletter ?? 'none']}</dd>
      </dl>
      <h3>Orders</h3>
      {orders.length === 0 ? (
        <EmptyState title="No orders yet." />
      ) : (
        <ul className="owner-customer-orders">
          {orders.map((o) => (
            <li key={o.orderNumber}>
              <Link href={`/config/orders/${o.orderNumber}`}>Order #{o.orderNumber}</Link> · {formatDate(o.createdOn, timeZone)} · {formatMoney(o.grandTotalCents, o.currency)} · {o.status}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

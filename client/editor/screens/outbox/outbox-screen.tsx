import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { ownerFetch } from '../../api.js';
import { useOwner } from '../../context.js';
import { timeColumn } from '../../data-table/columns.js';
import { DataTable, type FilterDef, type PageRequest } from '../../data-table/data-table.js';
import { formatTime } from '../../format.js';
import { Link } from '../../router.js';

/** What the screen reads of GET /api/mail/outbox. */
interface OutboxMail {
  id: string;
  kind: string;
  to: string;
  /** Copies of a form notification (null: none), sent in the same message. */
  cc: string | null;
  bcc: string | null;
  subject: string;
  text: string;
  status: string;
  createdOn: number;
  sentOn: number | null;
}

const column = createColumnHelper<OutboxMail>();

/** The kinds of mail the worker queues (edge/services: accounts, orders, forms, restock, gift cards, subscriptions). */
const KINDS = [
  'verify-email', 'sign-up-existing', 'password-reset', 'invitation', 'order-confirmation', 'order-unfinished', 'gift-card', 'restock-notice',
  'form-notification', 'newsletter-confirmation', 'subscription-renewed', 'subscription-declined',
];

const FILTERS: FilterDef[] = [
  { id: 'kind', label: 'Kind', type: 'select', options: [{ value: '', label: 'All' }, ...KINDS.map((k) => ({ value: k, label: k }))] },
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: '', label: 'All' },
      { value: 'queued', label: 'Queued' },
      { value: 'sending', label: 'Sending' },
      { value: 'sent', label: 'Sent' },
      { value: 'failed', label: 'Failed' },
    ],
  },
];

/** /config/outbox in the app: the site's outgoing mail on the data table, newest first, times in the site's zone. */
export function OutboxScreen() {
  const { timeZone } = useOwner();
  const [searched, setSearched] = useState('');
  const [sender, setSender] = useState<{ name: string; replyTo: string | null } | undefined>();
  const columns = useMemo(
    () => [
      column.accessor('createdOn', {
        header: 'Queued',
        enableSorting: false,
        cell: (c) => <time dateTime={new Date(c.getValue()).toISOString()}>{formatTime(c.getValue(), timeZone)}</time>,
      }),
      column.accessor('to', {
        header: 'To',
        enableSorting: false,
        cell: (c) => (
          <>
            {c.getValue()}
            {c.row.original.cc ? <span className="owner-mail-copy"> Cc: {c.row.original.cc}</span> : null}
            {c.row.original.bcc ? <span className="owner-mail-copy"> Bcc: {c.row.original.bcc}</span> : null}
          </>
        ),
      }),
      column.accessor('subject', {
        header: 'Subject',
        enableSorting: false,
        cell: (c) => (
          <details>
            <summary>{c.getValue()}</summary>
            <pre className="owner-mail-text">{c.row.original.text}</pre>
          </details>
        ),
      }),
      column.accessor('kind', { header: 'Kind', enableSorting: false }),
      column.accessor('status', { header: 'Status', enableSorting: false }),
      timeColumn(column, 'sentOn', { header: 'Sent', timeZone, empty: '' }),
    ],
    [timeZone],
  );
  const fetchPage = async (request: PageRequest) => {
    const params = new URLSearchParams({ limit: String(request.pageSize) });
    if (request.search) params.set('q', request.search);
    if (request.filters.kind) params.set('kind', request.filters.kind);
    if (request.filters.status) params.set('status', request.filters.status);
    if (request.cursor) params.set('cursor', request.cursor);
    setSearched(request.search);
    const answer = await ownerFetch<{ mails: OutboxMail[]; nextPageCursor: string | null; senderName: string; replyTo: string | null }>('GET', `/api/mail/outbox?${params}`);
    setSender({ name: answer.senderName, replyTo: answer.replyTo });
    return { rows: answer.mails, next: answer.nextPageCursor };
  };
  return (
    <>
      <h1>Outbox</h1>
      {sender ? (
        <p data-mail-sender>
          Sent as <strong>{sender.name}</strong>
          {sender.replyTo ? <> (replies to {sender.replyTo})</> : null}. <Link href="/config/commerce-settings">Change</Link>
        </p>
      ) : null}
      <DataTable
        label="Outbox"
        columns={columns}
        getRowId={(m) => m.id}
        fetchPage={fetchPage}
        searchLabel="Recipient or subject"
        filters={FILTERS}
        viewsKey="outbox"
        pageSizes={[25, 50, 100]}
        rowData={(m) => ({ 'data-mail-kind': m.kind, 'data-mail-to': m.to })}
        emptyTitle={searched ? `No mail matching ${searched}.` : 'No mail yet.'}
      />
    </>
  );
}

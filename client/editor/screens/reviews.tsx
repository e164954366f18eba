import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { ModerationReview } from '../../../edge/services/reviews/store.js';
import { ownerFetch, TEXT } from '../api.js';
import { useOwner } from '../context.js';
import { actionsColumn, timeColumn } from '../data-table/columns.js';
import { DataTable, type PageRequest } from '../data-table/data-table.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { useToast } from '../ui/toast.js';

type Status = 'pending' | 'published' | 'rejected';
const TABS: { status: Status; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'published', label: 'Published' },
  { status: 'rejected', label: 'Rejected' },
];

const column = createColumnHelper<ModerationReview>();

/** Moves reviews to `status` in one call (POST /api/reviews/moderation/status). */
async function moderate(ids: string[], status: Status): Promise<number> {
  const answer = await ownerFetch<{ changed: string[] }>('POST', '/api/reviews/moderation/status', { ids, status });
  return answer.changed.length;
}

const count = (n: number) => (n === 1 ? '1 review' : `${n} reviews`);

/** /config/reviews: pending, published and rejected reviews; approve or reject one or many. */
export function ReviewsScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [status, setStatus] = useState<Status>('pending');
  const [version, setVersion] = useState(0);
  const [rejecting, setRejecting] = useState<ModerationReview | undefined>();
  const [busy, setBusy] = useState(false);

  const act = async (ids: string[], to: Status) => {
    const n = await moderate(ids, to);
    toast(`${count(n)} ${to === 'published' ? 'approved' : to === 'rejected' ? 'rejected' : 'moved back to pending'}.`);
    setVersion((v) => v + 1);
  };
  const columns = useMemo(
    () => [
      column.accessor('productName', {
        header: 'Product',
        enableSorting: false,
        cell: (c) => (c.row.original.productUrl ? <a href={c.row.original.productUrl}>{c.getValue()}</a> : c.getValue()),
      }),
      column.accessor('rating', { header: 'Rating', enableSorting: false, cell: (c) => <span aria-label={`${c.getValue()} of 5 stars`}>{'★'.repeat(c.getValue())}{'☆'.repeat(5 - c.getValue())}</span> }),
      column.accessor('body', {
        header: 'Review',
        enableSorting: false,
        cell: (c) => (
          <>
            {c.row.original.title ? <strong>{c.row.original.title}</strong> : null}
            <p className="owner-review-body">{c.getValue()}</p>
          </>
        ),
      }),
      column.accessor('authorName', { header: 'Author', enableSorting: false, cell: (c) => <>{c.getValue()}<br /><small>{c.row.original.email}</small>{c.row.original.verifiedBuyer ? <><br /><span className="ui-badge">Verified buyer</span></> : null}</> }),
      timeColumn(column, 'createdOn', { header: 'Received', timeZone }),
      actionsColumn(column, (c) => (
        <span className="owner-row-actions">
          {c.row.original.status !== 'published' ? (
            <Button variant="secondary" aria-label={`Approve the review by ${c.row.original.authorName}`} onClick={() => act([c.row.original.id], 'published').catch((e: unknown) => toast(e instanceof Error ? e.message : TEXT.failed))}>
              Approve
            </Button>
          ) : null}
          {c.row.original.status !== 'rejected' ? (
            <Button variant="secondary" aria-label={`Reject the review by ${c.row.original.authorName}`} onClick={() => setRejecting(c.row.original)}>
              Reject
            </Button>
          ) : null}
        </span>
      )),
    ],
    [timeZone],
  );
  const fetchPage = async (_request: PageRequest) => {
    const answer = await ownerFetch<{ reviews: ModerationReview[] }>('GET', `/api/reviews/moderation?status=${status}`);
    return { rows: answer.reviews, next: null };
  };
  const bulk = [
    ...(status !== 'published' ? [{ label: 'Approve selected', run: (rows: ModerationReview[]) => act(rows.map((r) => r.id), 'published') }] : []),
    ...(status !== 'rejected' ? [{ label: 'Reject selected', run: (rows: ModerationReview[]) => act(rows.map((r) => r.id), 'rejected') }] : []),
  ];
  return (
    <>
      <h1>Reviews</h1>
      <div role="group" aria-label="Review status" className="owner-tabs">
        {TABS.map((t) => (
          <Button key={t.status} variant={t.status === status ? 'primary' : 'secondary'} aria-pressed={t.status === status} onClick={() => setStatus(t.status)}>
            {t.label}
          </Button>
        ))}
      </div>
      <DataTable
        label={`${TABS.find((t) => t.status === status)!.label} reviews`}
        columns={columns}
        getRowId={(r) => r.id}
        fetchPage={fetchPage}
        filterKey={`${status}:${version}`}
        searchable={false}
        emptyTitle={status === 'pending' ? 'No reviews are waiting.' : `No ${status} reviews.`}
        bulkActions={bulk}
        pageSizes={[50]}
        viewsKey="reviews"
      />
      <Dialog
        open={rejecting !== undefined}
        title="Reject this review?"
        onClose={() => setRejecting(undefined)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRejecting(undefined)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={busy}
              onClick={() => {
                setBusy(true);
                act([rejecting!.id], 'rejected')
                  .catch((e: unknown) => toast(e instanceof Error ? e.message : TEXT.failed))
                  .finally(() => {
                    setBusy(false);
                    setRejecting(undefined);
                  });
              }}
            >
              Reject
            </Button>
          </>
        }
      >
        <p>It will not show on the product page. You can approve it later from Rejected.</p>
      </Dialog>
    </>
  );
}

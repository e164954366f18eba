import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { OwnerApiError, ownerFetch, TEXT } from '../api.js';
import { useOwner } from '../context.js';
import { DataTable, type PageRequest } from '../data-table/data-table.js';
import { formatTime } from '../format.js';
import { Link } from '../router.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { SelectField } from '../ui/fields.js';
import { useToast } from '../ui/toast.js';

/** What the screen reads of GET /api/commerce/owner/subscriptions. */
interface OwnerSubscription {
  id: string;
  email: string;
  productName: string;
  quantity: number;
  status: 'active' | 'past_due' | 'canceled' | 'ended';
  nextBillingDate: number | null;
  numBillingCycles: number;
  cyclesBilled: number;
  priceWording: string;
  firstOrderNumber: number;
}

const API = '/api/commerce/owner/subscriptions';
const STATES = [
  { value: '', label: 'All states' },
  { value: 'active', label: 'Active' },
  { value: 'past_due', label: 'Past due' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'ended', label: 'Ended' },
] as const;
const stateText = (s: string) => STATES.find((x) => x.value === s)?.label ?? s;
const billable = (s: OwnerSubscription) => s.status === 'active' || s.status === 'past_due';
const column = createColumnHelper<OwnerSubscription>();

/**
 * /config/subscriptions: shoppers' subscriptions with SPEC §9 billing wording, next billing
 * date and cycles, filtered by state; the owner cancels one after a confirmation (the
 * server-rendered screen offered cancel only: no pause or resume exists).
 */
export function SubscriptionsScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const [canceling, setCanceling] = useState<OwnerSubscription | undefined>();
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState('');

  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email', enableSorting: false }),
      column.accessor('productName', { header: 'Product', enableSorting: false, cell: (c) => `${c.getValue()}${c.row.original.quantity > 1 ? ` × ${c.row.original.quantity}` : ''}` }),
      column.accessor('priceWording', { header: 'Price', enableSorting: false }),
      column.accessor('nextBillingDate', { header: 'Next billing', enableSorting: false, cell: (c) => (c.getValue() && billable(c.row.original) ? formatTime(c.getValue()!, timeZone) : '—') }),
      column.accessor('cyclesBilled', { header: 'Cycles', enableSorting: false, cell: (c) => `${c.getValue()} / ${c.row.original.numBillingCycles === 0 ? '∞' : c.row.original.numBillingCycles}` }),
      column.accessor('firstOrderNumber', { header: 'First order', enableSorting: false, cell: (c) => <Link href={`/config/orders/${c.getValue()}`}>#{c.getValue()}</Link> }),
      column.accessor('status', { header: 'State', enableSorting: false, cell: (c) => <span data-state={c.getValue()}>{stateText(c.getValue())}</span> }),
      column.display({
        id: 'actions',
        header: 'Actions',
        enableHiding: false,
        cell: (c) =>
          billable(c.row.original) ? (
            <span className="owner-row-actions">
              <Button
                variant="secondary"
                aria-label={`Cancel the subscription of ${c.row.original.email} to ${c.row.original.productName}`}
                onClick={() => {
                  setDialogError('');
                  setCanceling(c.row.original);
                }}
              >
                Cancel
              </Button>
            </span>
          ) : null,
      }),
    ],
    [timeZone],
  );
  const fetchPage = async (request: PageRequest) => {
    const params = new URLSearchParams({ ...(status ? { status } : {}), ...(request.cursor ? { after: request.cursor } : {}) });
    const answer = await ownerFetch<{ subscriptions: OwnerSubscription[]; next: string | null }>('GET', `${API}?${params}`);
    return { rows: answer.subscriptions, next: answer.next };
  };
  const cancel = async () => {
    setBusy(true);
    setDialogError('');
    try {
      await ownerFetch('POST', `${API}/${encodeURIComponent(canceling!.id)}/cancel`);
      toast('Subscription canceled. The shopper will not be charged again.');
      setCanceling(undefined);
      setVersion((v) => v + 1);
    } catch (error) {
      setDialogError(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Subscriptions</h1>
      <DataTable
        label="Subscriptions"
        columns={columns}
        getRowId={(r) => r.id}
        fetchPage={fetchPage}
        filterKey={`${status}:${version}`}
        searchable={false}
        pageSizes={[50]}
        emptyTitle={status ? 'No subscriptions match.' : 'No subscriptions yet. They appear here when a shopper subscribes to a product.'}
        toolbar={<SelectField label="State" value={status} onChange={(e) => setStatus(e.target.value)} options={STATES} />}
      />
      <Dialog
        open={canceling !== undefined}
        title="Cancel this subscription?"
        onClose={() => setCanceling(undefined)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setCanceling(undefined)}>
              Keep it
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void cancel()}>
              Cancel subscription
            </Button>
          </>
        }
      >
        <p>
          {canceling?.email} will not be charged again for {canceling?.productName}.
        </p>
        {dialogError ? <p role="alert">{dialogError}</p> : null}
      </Dialog>
    </>
  );
}

import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { actionsColumn } from '../../data-table/columns.js';
import { DataTable, type PageRequest } from '../../data-table/data-table.js';
import { formatTime } from '../../format.js';
import { Link } from '../../router.js';
import { Button } from '../../ui/button.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { useToast } from '../../ui/toast.js';
import { useRowAction } from '../../use-row-action.js';

/** What the screen reads of GET /api/commerce/owner/subscriptions. */
interface OwnerSubscription {
  id: string;
  email: string;
  productName: string;
  /** 'donation': a monthly donation (issue 30). */
  kind?: 'subscription' | 'donation';
  quantity: number;
  status: 'active' | 'past_due' | 'paused' | 'canceled' | 'ended';
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
  { value: 'paused', label: 'Paused' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'ended', label: 'Ended' },
] as const;
const stateText = (s: string) => STATES.find((x) => x.value === s)?.label ?? s;
const billable = (s: OwnerSubscription) => s.status === 'active' || s.status === 'past_due' || s.status === 'paused';
const column = createColumnHelper<OwnerSubscription>();

/** YYYY-MM-DD of an instant in the site's time zone (the date input's value). */
function dayIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/**
 * /config/subscriptions: shoppers' subscriptions with SPEC §9 billing wording, next billing
 * date and cycles, filtered by state. The owner pauses (the renewal job skips it) and
 * resumes one, moves its next billing date to a future day, or cancels it after a confirmation.
 */
export function SubscriptionsScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const reread = () => setVersion((v) => v + 1);
  const canceling = useRowAction<OwnerSubscription>(reread);
  const moving = useRowAction<OwnerSubscription>(reread);
  const [nextDay, setNextDay] = useState('');
  const [rowBusy, setRowBusy] = useState('');

  /** Pause or resume: one call, a toast, and the list read again. */
  const toggle = async (sub: OwnerSubscription, action: 'pause' | 'resume') => {
    setRowBusy(sub.id);
    try {
      await ownerFetch('POST', `${API}/${encodeURIComponent(sub.id)}/${action}`);
      toast(action === 'pause' ? `Paused: ${sub.email} will not be charged until it is resumed.` : `Resumed: ${sub.email} will be charged on the next billing date.`);
      setVersion((v) => v + 1);
    } catch (error) {
      toast(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setRowBusy('');
    }
  };
  const move = () =>
    moving.run(
      async (sub) => {
        await ownerFetch('PUT', `${API}/${encodeURIComponent(sub.id)}/next-billing`, { date: nextDay });
        return `The next billing date of ${sub.email} is now ${nextDay}.`;
      },
      (error) => error.fields.date,
    );

  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email', enableSorting: false }),
      column.accessor('productName', { header: 'Product', enableSorting: false, cell: (c) => (
          <>
            {`${c.getValue()}${c.row.original.quantity > 1 ? ` × ${c.row.original.quantity}` : ''}`}
            {c.row.original.kind === 'donation' ? <> <span className="ui-badge" data-subscription-kind="donation">Donation</span></> : null}
          </>
        ) }),
      column.accessor('priceWording', { header: 'Price', enableSorting: false }),
      column.accessor('nextBillingDate', { header: 'Next billing', enableSorting: false, cell: (c) => (c.getValue() && billable(c.row.original) ? formatTime(c.getValue()!, timeZone) : '—') }),
      column.accessor('cyclesBilled', { header: 'Cycles', enableSorting: false, cell: (c) => `${c.getValue()} / ${c.row.original.numBillingCycles === 0 ? '∞' : c.row.original.numBillingCycles}` }),
      column.accessor('firstOrderNumber', { header: 'First order', enableSorting: false, cell: (c) => <Link href={`/config/orders/${c.getValue()}`}>#{c.getValue()}</Link> }),
      column.accessor('status', { header: 'State', enableSorting: false, cell: (c) => <span data-state={c.getValue()}>{stateText(c.getValue())}</span> }),
      actionsColumn(column, (c) =>
        billable(c.row.original) ? (
          <span className="owner-row-actions">
            {c.row.original.status === 'paused' ? (
              <Button variant="secondary" busy={rowBusy === c.row.original.id} aria-label={`Resume the subscription of ${c.row.original.email} to ${c.row.original.productName}`} onClick={() => void toggle(c.row.original, 'resume')}>
                Resume
              </Button>
            ) : (
              <Button variant="secondary" busy={rowBusy === c.row.original.id} aria-label={`Pause the subscription of ${c.row.original.email} to ${c.row.original.productName}`} onClick={() => void toggle(c.row.original, 'pause')}>
                Pause
              </Button>
            )}
            <Button
              variant="secondary"
              aria-label={`Change date of the next billing of ${c.row.original.email} for ${c.row.original.productName}`}
              onClick={() => {
                setNextDay(c.row.original.nextBillingDate ? dayIn(c.row.original.nextBillingDate, timeZone) : '');
                moving.open(c.row.original);
              }}
            >
              Change date
            </Button>
            <Button
              variant="secondary"
              aria-label={`Cancel the subscription of ${c.row.original.email} to ${c.row.original.productName}`}
              onClick={() => canceling.open(c.row.original)}
            >
              Cancel
            </Button>
          </span>
        ) : null
      ),
    ],
    [timeZone, rowBusy],
  );
  const fetchPage = async (request: PageRequest) => {
    const params = new URLSearchParams({ ...(status ? { status } : {}), ...(request.cursor ? { after: request.cursor } : {}) });
    const answer = await ownerFetch<{ subscriptions: OwnerSubscription[]; next: string | null }>('GET', `${API}?${params}`);
    return { rows: answer.subscriptions, next: answer.next };
  };
  const cancel = () =>
    canceling.run(async (sub) => {
      await ownerFetch('POST', `${API}/${encodeURIComponent(sub.id)}/cancel`);
      return 'Subscription canceled. The shopper will not be charged again.';
    });

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
      <ConfirmDialog
        open={canceling.row !== undefined}
        title="Cancel this subscription?"
        keep="Keep it"
        confirm="Cancel subscription"
        busy={canceling.busy}
        error={canceling.error}
        onConfirm={() => void cancel()}
        onClose={canceling.close}
      >
        <p>
          {canceling.row?.email} will not be charged again for {canceling.row?.productName}.
        </p>
      </ConfirmDialog>
      <Dialog
        open={moving.row !== undefined}
        title="Change the next billing date"
        onClose={moving.close}
        actions={
          <>
            <Button variant="secondary" onClick={moving.close}>
              Cancel
            </Button>
            <Button busy={moving.busy} onClick={() => void move()}>
              Save date
            </Button>
          </>
        }
      >
        <p>
          {moving.row?.email} is charged for {moving.row?.productName} on this day, then every billing period from it.
        </p>
        <TextField label="Next billing date" type="date" value={nextDay} min={dayIn(Date.now() + 86_400_000, timeZone)} error={moving.error || undefined} onChange={(e) => setNextDay(e.target.value)} />
      </Dialog>
    </>
  );
}

import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { RestockGroup, RestockSignupRow } from '../../../edge/services/restock/signups.js';
import { OwnerApiError, ownerFetch, TEXT } from '../api.js';
import { useOwner } from '../context.js';
import { actionsColumn, timeColumn } from '../data-table/columns.js';
import { DataTable, type PageRequest } from '../data-table/data-table.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { useToast } from '../ui/toast.js';

/** SPEC §7 names the owner's restock calls under the shopper's notifications path. */
const BASE = '/api/site-users/account/notifications/restock';

interface GroupsAnswer {
  signUpGroups: RestockGroup[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
  readyToSend: number;
}

const groupColumn = createColumnHelper<RestockGroup>();
const signupColumn = createColumnHelper<RestockSignupRow>();
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);
const key = (g: { productId: string; variantId: string }) => `${g.productId}/${g.variantId}`;

/** Every group on every page: 'Send all' sends each group that has stock again. */
async function allGroups(): Promise<RestockGroup[]> {
  const out: RestockGroup[] = [];
  let cursor: string | null = null;
  do {
    const page: GroupsAnswer = await ownerFetch<GroupsAnswer>('GET', `${BASE}/groups${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...page.signUpGroups);
    cursor = page.hasNextPage ? page.nextPageCursor : null;
  } while (cursor);
  return out;
}

/** POST .../send/all takes at most 100 groups a call. */
async function sendGroups(groups: readonly RestockGroup[]): Promise<number> {
  let sent = 0;
  for (let i = 0; i < groups.length; i += 100) {
    const sendRequests = groups.slice(i, i + 100).map(({ productId, variantId }) => ({ productId, variantId }));
    sent += (await ownerFetch<{ sent: number }>('POST', `${BASE}/send/all`, { sendRequests })).sent;
  }
  return sent;
}

type Confirm = { kind: 'one'; group: RestockGroup } | { kind: 'all'; count: number };

/**
 * /config/restock: back-in-stock sign-ups grouped by product variant (waiting people, stock
 * again or not), each group's sign-ups, and sending the notice for one group or for every
 * group with stock, each after a confirmation.
 */
export function RestockScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const [ready, setReady] = useState<number | undefined>();
  const [open, setOpen] = useState<RestockGroup | undefined>();
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const columns = useMemo(
    () => [
      groupColumn.accessor('productTitle', { header: 'Product', enableSorting: false }),
      groupColumn.accessor('sku', { header: 'SKU', enableSorting: false, cell: (c) => c.getValue() || '—' }),
      groupColumn.accessor('pendingCount', { header: 'Waiting', enableSorting: false }),
      groupColumn.accessor('inStock', {
        header: 'Stock',
        enableSorting: false,
        cell: (c) => (c.getValue() ? <span className="ui-badge" data-in-stock>In stock again</span> : 'Out of stock'),
      }),
      actionsColumn(groupColumn, (c) => {
        const g = c.row.original;
        return (
          <span className="owner-row-actions">
            <Button variant="secondary" aria-label={`Sign-ups for ${g.productTitle} ${g.sku}`.trim()} aria-pressed={open !== undefined && key(open) === key(g)} onClick={() => setOpen(g)}>
              Sign-ups
            </Button>
            <Button variant="secondary" aria-label={`Send the notice for ${g.productTitle} ${g.sku}`.trim()} onClick={() => setConfirm({ kind: 'one', group: g })}>
              Send
            </Button>
          </span>
        );
      }),
    ],
    [open],
  );
  const signupColumns = useMemo(
    () => [
      signupColumn.accessor('email', { header: 'Email', enableSorting: false }),
      timeColumn(signupColumn, 'createdOn', { header: 'Signed up', timeZone }),
      timeColumn(signupColumn, 'sentOn', { header: 'Notice sent', timeZone, empty: 'Not yet' }),
    ],
    [timeZone],
  );

  const fetchGroups = async (request: PageRequest) => {
    const answer = await ownerFetch<GroupsAnswer>('GET', `${BASE}/groups${request.cursor ? `?cursor=${encodeURIComponent(request.cursor)}` : ''}`);
    setReady(answer.readyToSend);
    return { rows: answer.signUpGroups, next: answer.hasNextPage ? answer.nextPageCursor : null };
  };
  const fetchSignups = async (request: PageRequest) => {
    const g = open!;
    const params = new URLSearchParams({ productId: g.productId, variantId: g.variantId, ...(request.cursor ? { cursor: request.cursor } : {}) });
    const answer = await ownerFetch<{ signUps: RestockSignupRow[]; hasNextPage: boolean; nextPageCursor: string | null }>('GET', `${BASE}?${params}`);
    return { rows: answer.signUps, next: answer.hasNextPage ? answer.nextPageCursor : null };
  };

  const send = async () => {
    if (!confirm) return;
    setBusy(true);
    setFailure('');
    try {
      let sent: number;
      if (confirm.kind === 'one') {
        sent = (await ownerFetch<{ sent: number }>('POST', `${BASE}/send`, { productId: confirm.group.productId, variantId: confirm.group.variantId })).sent;
      } else {
        sent = await sendGroups((await allGroups()).filter((g) => g.inStock));
      }
      toast(`Restock notice sent to ${people(sent)}.`);
      setConfirm(undefined);
      setVersion((v) => v + 1);
    } catch (error) {
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>Restock</h1>
      <p>Shoppers who asked to hear when a sold-out variant is back. Each gets one mail.</p>
      <DataTable
        label="Restock sign-ups by variant"
        columns={columns}
        getRowId={key}
        fetchPage={fetchGroups}
        filterKey={String(version)}
        searchable={false}
        pageSizes={[50]}
        emptyTitle="Nobody is waiting for a restock."
        toolbar={
          <Button disabled={!ready} onClick={() => setConfirm({ kind: 'all', count: ready ?? 0 })}>
            {ready ? `Send all (${people(ready)} waiting on stock)` : 'Send all'}
          </Button>
        }
      />
      {open ? (
        <section className="owner-panel" aria-labelledby="restock-signups">
          <h2 id="restock-signups">
            Sign-ups for {open.productTitle}
            {open.sku ? ` (${open.sku})` : ''}
          </h2>
          <DataTable
            key={`${key(open)}:${version}`}
            label={`Sign-ups for ${open.productTitle}`}
            columns={signupColumns}
            getRowId={(r) => r.id}
            fetchPage={fetchSignups}
            searchable={false}
            pageSizes={[50]}
            emptyTitle="No sign-ups for this variant."
          />
          <Button variant="secondary" onClick={() => setOpen(undefined)}>
            Close sign-ups
          </Button>
        </section>
      ) : null}
      <Dialog
        open={confirm !== undefined}
        title={confirm?.kind === 'all' ? 'Send all restock notices?' : 'Send the restock notice?'}
        onClose={() => {
          setConfirm(undefined);
          setFailure('');
        }}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(undefined)}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void send()}>
              Send
            </Button>
          </>
        }
      >
        {confirm?.kind === 'one' ? (
          <p>
            {people(confirm.group.pendingCount)} waiting for {confirm.group.productTitle}
            {confirm.group.sku ? ` (${confirm.group.sku})` : ''} will get the back-in-stock mail
            {confirm.group.inStock ? '.' : ', although the variant is still out of stock.'}
          </p>
        ) : confirm ? (
          <p>{people(confirm.count)} waiting on variants that have stock again will get the back-in-stock mail. Variants still out of stock are left.</p>
        ) : null}
        {failure ? <p role="alert">{failure}</p> : null}
      </Dialog>
    </>
  );
}

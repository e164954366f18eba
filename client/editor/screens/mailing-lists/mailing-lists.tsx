import { useMemo, useRef, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import type { ConnectableForm, OwnerList, OwnerSubscriber } from '../../../../edge/services/newsletter/owner-lists.js';
import { currentCrumb, OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { timeColumn } from '../../data-table/columns.js';
import { DataTable, type PageRequest } from '../../data-table/data-table.js';
import './mailing-lists.css';

const BASE = '/api/owner/mailing-lists';
const STATUS_LABEL = { pending: 'Awaiting confirmation', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed', bounced: 'Bounced' } as const;
const subscriberColumn = createColumnHelper<OwnerSubscriber>();
type Problem = { line: number; column?: string; message: string };

/**
 * /config/mailing-lists (SPEC §4): the site's lists with their counts, create and rename,
 * the forms connected to each (the newsletter form is the newsletter block's), connect and
 * disconnect (with confirmation), and one list's subscribers with import and export.
 */
export function MailingListsScreen() {
  const [reload, setReload] = useState(0);
  const { result, retry } = useLoad(`lists-${reload}`, () => ownerFetch<{ lists: OwnerList[]; forms: ConnectableForm[] }>('GET', BASE));
  // While a change reloads the lists, the last ones stay on screen (an open list keeps its state).
  const last = useRef<{ lists: OwnerList[]; forms: ConnectableForm[] }>(undefined);
  if (result.state === 'ready') last.current = result.data;
  const data = result.state === 'ready' ? result.data : last.current;
  const [open, setOpen] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const toast = useToast();
  const refresh = () => setReload((n) => n + 1);

  const create = async () => {
    setError('');
    try {
      const { list } = await ownerFetch<{ list: OwnerList }>('POST', BASE, { name });
      setName('');
      setOpen(list.id);
      toast('List created.');
      refresh();
    } catch (e) {
      setError(e instanceof OwnerApiError ? e.message : TEXT.failed);
    }
  };

  return (
    <div className="ml-screen">
      <div className="owner-panel-head">
        <h1>Mailing lists</h1>
      </div>
      <form className="owner-row-actions" noValidate onSubmit={(e) => { e.preventDefault(); void create(); }}>
        <TextField label="New list name" value={name} maxLength={100} error={error || undefined} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" variant="secondary">Create list</Button>
      </form>
      {result.state === 'loading' && !data ? <Skeleton label="Loading lists" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {data && data.lists.length === 0 ? <EmptyState title="No mailing lists yet" /> : null}
      {data
        ? data.lists.map((list) => (
            <ListCard key={list.id} list={list} forms={data.forms} open={open === list.id} onToggle={() => setOpen(open === list.id ? undefined : list.id)} onChanged={refresh} />
          ))
        : null}
    </div>
  );
}

function ListCard({ list, forms, open, onToggle, onChanged }: { list: OwnerList; forms: ConnectableForm[]; open: boolean; onToggle: () => void; onChanged: () => void }) {
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(list.name);
  const [error, setError] = useState('');
  const [connecting, setConnecting] = useState('');
  const [disconnect, setDisconnect] = useState<{ id: string; name: string } | undefined>();

  const rename = async () => {
    setError('');
    try {
      await ownerFetch('PATCH', `${BASE}/${list.id}`, { name });
      setRenaming(false);
      toast('List renamed.');
      onChanged();
    } catch (e) {
      setError(e instanceof OwnerApiError ? e.message : TEXT.failed);
    }
  };
  const connect = async (formId: string, listId: string | null) => {
    setError('');
    try {
      await ownerFetch('PUT', `/api/form/forms/${formId}/mailing-list`, { listId });
      toast(listId ? 'Form connected.' : 'Form disconnected.');
      setConnecting('');
      onChanged();
    } catch (e) {
      setError(e instanceof OwnerApiError ? e.message : TEXT.failed);
    }
  };
  const connectable = forms.filter((f) => f.mailingListId !== list.id);

  return (
    <section className="ml-list" data-list={list.name} aria-labelledby={`ml-${list.id}`}>
      <div className="ml-list-head">
        <h2 id={`ml-${list.id}`}>{list.name}</h2>
        <span className="ml-counts" data-counts>
          {list.counts.confirmed} confirmed, {list.counts.pending} awaiting confirmation, {list.counts.unsubscribed} unsubscribed{list.counts.bounced ? `, ${list.counts.bounced} bounced` : ''}
        </span>
        <Button variant="secondary" onClick={() => setRenaming(true)}>Rename</Button>
        <Button variant="secondary" aria-expanded={open} onClick={onToggle}>{open ? 'Hide subscribers' : 'Subscribers'}</Button>
      </div>
      {error ? <p className="ui-field-error" role="alert">{error}</p> : null}
      {renaming ? (
        <form className="owner-row-actions" noValidate onSubmit={(e) => { e.preventDefault(); void rename(); }}>
          <TextField label="List name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <Button type="submit">Save name</Button>
          <Button variant="secondary" onClick={() => setRenaming(false)}>Cancel</Button>
        </form>
      ) : null}
      <div className="ml-connections">
        <h3>Connected forms</h3>
        {list.connectedForms.length === 0 ? <p className="ml-muted">No form adds people to this list.</p> : null}
        <ul>
          {list.connectedForms.map((f) => (
            <li key={f.id} data-connected={f.name}>
              <span>{f.name}{f.kind === 'newsletter' ? ' (newsletter block)' : ''}</span>
              <Button variant="secondary" onClick={() => setDisconnect({ id: f.id, name: f.name })}>Disconnect</Button>
            </li>
          ))}
        </ul>
        {connectable.length ? (
          <div className="owner-row-actions">
            <SelectField label="Connect a form" value={connecting} onChange={(e) => setConnecting(e.target.value)} options={[{ value: '', label: 'Choose a form' }, ...connectable.map((f) => ({ value: f.id, label: f.kind === 'newsletter' ? `${f.name} (newsletter block)` : f.name }))]} />
            <Button variant="secondary" disabled={!connecting} onClick={() => void connect(connecting, list.id)}>Connect</Button>
          </div>
        ) : null}
      </div>
      {open ? <Subscribers list={list} onChanged={onChanged} /> : null}
      <Dialog open={disconnect !== undefined} title="Disconnect this form?" onClose={() => setDisconnect(undefined)} actions={
        <>
          <Button variant="secondary" onClick={() => setDisconnect(undefined)}>Cancel</Button>
          <Button variant="danger" onClick={() => { const f = disconnect!; setDisconnect(undefined); void connect(f.id, null); }}>Disconnect</Button>
        </>
      }>
        <p>After disconnecting, submissions of {disconnect?.name} no longer add people to {list.name}. People already on the list stay.</p>
      </Dialog>
    </section>
  );
}

function Subscribers({ list, onChanged }: { list: OwnerList; onChanged: () => void }) {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [importMessage, setImportMessage] = useState('');
  const columns = useMemo(
    () => [
      subscriberColumn.accessor('email', { header: 'Email' }),
      subscriberColumn.accessor('status', { header: 'Status', enableSorting: false, cell: (c) => <span data-status={c.getValue()}>{STATUS_LABEL[c.getValue()]}</span> }),
      timeColumn(subscriberColumn, 'createdOn', { header: 'Signed up', timeZone }),
      timeColumn(subscriberColumn, 'confirmedOn', { header: 'Confirmed', timeZone }),
    ],
    [timeZone],
  );
  // The shared data table: search, the status filter, sorting by address, cursor pages, saved views.
  const fetchPage = async (request: PageRequest) => {
    const status = request.filters['status'];
    const query = new URLSearchParams({
      pageSize: String(request.pageSize),
      ...(status ? { status } : {}),
      ...(request.search ? { q: request.search } : {}),
      ...(request.sort[0]?.desc ? { order: 'desc' } : {}),
      ...(request.cursor ? { after: request.cursor } : {}),
    });
    const answer = await ownerFetch<{ subscribers: OwnerSubscriber[]; hasNextPage: boolean; nextPageCursor: string | null }>('GET', `${BASE}/${list.id}/subscribers?${query}`);
    return { rows: answer.subscribers, next: answer.hasNextPage ? answer.nextPageCursor : null };
  };

  const importFile = async (file: File) => {
    setProblems([]);
    setImportMessage('');
    try {
      const csv = await file.text();
      const res = await fetch(`${BASE}/${list.id}/import`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': currentCrumb() },
        body: JSON.stringify({ csv }),
      });
      const json = (await res.json().catch(() => ({}))) as { added?: number; kept?: number; message?: string; problems?: Problem[] };
      if (!res.ok) {
        setImportMessage(json.message ?? TEXT.failed);
        setProblems(json.problems ?? []);
        return;
      }
      toast(`Imported ${json.added} new subscribers (${json.kept} already on the list).`);
      setImportMessage(`Imported ${json.added} new subscribers; ${json.kept} were already on the list.`);
      onChanged();
    } catch {
      setImportMessage(TEXT.network);
    }
  };

  return (
    <div className="ml-subscribers">
      <div className="owner-row-actions">
        <a className="ui-button" data-variant="secondary" href={`${BASE}/${list.id}/export`} download>Export CSV</a>
        <label className="ui-button" data-variant="secondary">
          Import CSV
          <input type="file" accept=".csv,text/csv" className="ml-file" onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) void importFile(f); }} />
        </label>
      </div>
      <p className="ml-muted">An import needs an email column and a consent column saying yes for each person who agreed to be mailed. Imported people count as confirmed.</p>
      {importMessage ? <p role="status" data-import-message>{importMessage}</p> : null}
      {problems.length ? (
        <ul className="ml-problems" data-import-problems>
          {problems.map((p, i) => <li key={i}>Line {p.line}{p.column ? ` (${p.column})` : ''}: {p.message}</li>)}
        </ul>
      ) : null}
      <DataTable
        label={`Subscribers of ${list.name}`}
        columns={columns}
        getRowId={(s) => s.id}
        fetchPage={fetchPage}
        // The counts in the key: an import or a sign-up elsewhere reloads the page of subscribers.
        filterKey={`${list.id}-${JSON.stringify(list.counts)}`}
        searchLabel="Search addresses"
        emptyTitle="No subscribers here"
        filters={[{ id: 'status', label: 'Status', type: 'select', options: [{ value: '', label: 'All' }, ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }))] }]}
        viewsKey="mailing-list-subscribers"
        rowData={(s) => ({ 'data-subscriber': s.email })}
      />
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { DataTable } from '../../data-table/data-table.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { useToast } from '../../ui/toast.js';
import { useRowAction } from '../../use-row-action.js';
import { TeaserSettings } from './teaser-settings.js';
import { AreaCollections } from './area-collections.js';
import { nextChargeText, planStateText } from './plan-text.js';
import { RevokeDialog, type RevokeChoice } from './revoke-dialog.js';
import type { Area, CollectionChoice, Member } from './types.js';
import './members.css';

interface PageRow {
  id: string;
  title: string;
}

const API = '/api/owner/members';
const ACCESS = [
  { value: 'free', label: 'Free sign-up' },
  { value: 'one-time', label: 'One-time price' },
  { value: 'recurring', label: 'Monthly plan' },
] as const;
const accessText = (a: Area) => (a.access === 'free' ? 'Free' : `${(a.priceCents / 100).toFixed(2)} ${a.currency}${a.access === 'recurring' ? ' a month' : ' once'}`);
const errorText = (e: unknown) => (e instanceof OwnerApiError ? e.message : TEXT.failed);
const column = createColumnHelper<Member>();

/**
 * /config/members: member areas with the pages they protect and each page's teaser, the
 * members of the chosen area on the shared data table (plan, its state and next charge), grant,
 * revoke (a paying member's plan stopped too, unless the owner keeps it) and delete (each after a
 * confirmation) by hand, and a CSV export.
 */
export function MembersScreen() {
  const { timeZone } = useOwner();
  const toast = useToast();
  const [areas, setAreas] = useState<Area[]>([]);
  const [pages, setPages] = useState<PageRow[]>([]);
  const [choices, setChoices] = useState<CollectionChoice[]>([]);
  const [chosen, setChosen] = useState('');
  const [version, setVersion] = useState(0);
  const reread = () => {
    setVersion((v) => v + 1);
    void loadAreas().catch((e) => toast(errorText(e)));
  };
  const deleting = useRowAction<Member>(reread);
  const revoking = useRowAction<Member>(reread);
  const [name, setName] = useState('');
  const [access, setAccess] = useState<Area['access']>('free');
  const [price, setPrice] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [pickedCollections, setPickedCollections] = useState<string[]>([]);
  const [formError, setFormError] = useState('');
  const [email, setEmail] = useState('');
  const [grantError, setGrantError] = useState('');
  const [busy, setBusy] = useState('');

  const loadAreas = async () => {
    const answer = await ownerFetch<{ areas: Area[]; collections: CollectionChoice[] }>('GET', `${API}/areas`);
    setAreas(answer.areas);
    setChoices(answer.collections);
    setChosen((current) => current || answer.areas[0]?.id || '');
  };
  useEffect(() => {
    void loadAreas().catch((e) => toast(errorText(e)));
    void ownerFetch<{ pages: PageRow[] }>('GET', '/api/pages?limit=100')
      .then((a) => setPages(a.pages))
      .catch(() => undefined);
  }, []);
  const fetchPage = async () => {
    if (!chosen) return { rows: [], next: null };
    const answer = await ownerFetch<{ members: Member[] }>('GET', `${API}/areas/${encodeURIComponent(chosen)}/members`);
    return { rows: answer.members, next: null };
  };

  const create = async () => {
    setBusy('create');
    setFormError('');
    try {
      const priceCents = access === 'free' ? 0 : Math.round(Number(price) * 100);
      const made = await ownerFetch<{ area: Area }>('POST', `${API}/areas`, { name, access, priceCents, pages: picked.map((pageId) => ({ pageId, teaserSections: null })), collections: pickedCollections });
      toast(`Member area ${made.area.name} created.`);
      setName('');
      setPrice('');
      setPicked([]);
      setPickedCollections([]);
      setChosen(made.area.id);
      await loadAreas();
    } catch (e) {
      setFormError(e instanceof OwnerApiError ? (Object.values(e.fields)[0] ?? e.message) : TEXT.failed);
    } finally {
      setBusy('');
    }
  };
  const grant = async () => {
    setBusy('grant');
    setGrantError('');
    try {
      await ownerFetch('POST', `${API}/areas/${encodeURIComponent(chosen)}/members`, { email });
      toast(`${email} is now a member.`);
      setEmail('');
      reread();
    } catch (e) {
      setGrantError(e instanceof OwnerApiError ? (e.fields.email ?? e.message) : TEXT.failed);
    } finally {
      setBusy('');
    }
  };
  const revoke = (plan: RevokeChoice) =>
    revoking.run(async (m) => {
      const answer = await ownerFetch<{ planStopped: boolean }>('POST', `${API}/areas/${encodeURIComponent(chosen)}/members/${encodeURIComponent(m.id)}/revoke`, { plan });
      return answer.planStopped ? `Access of ${m.email} revoked and their plan stopped.` : `Access of ${m.email} revoked.`;
    });
  const remove = () =>
    deleting.run(async (m) => {
      await ownerFetch('DELETE', `${API}/areas/${encodeURIComponent(chosen)}/members/${encodeURIComponent(m.id)}`);
      return `${m.email} is no longer in the list.`;
    });
  const area = areas.find((a) => a.id === chosen);
  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email', enableSorting: false }),
      column.accessor('source', {
        header: 'Plan',
        enableSorting: false,
        cell: (c) => `${area ? accessText(area) : ''} (${c.getValue()}${c.row.original.grantedBy ? ` by ${c.row.original.grantedBy}` : ''})`,
      }),
      column.accessor('state', { header: 'State', enableSorting: false, cell: (c) => <span data-state={c.getValue()}>{c.getValue()}</span> }),
      column.accessor('plan', {
        id: 'planState',
        header: 'Plan state',
        enableSorting: false,
        cell: (c) => <span data-plan-state={c.getValue()?.status ?? 'none'}>{planStateText(c.getValue())}</span>,
      }),
      column.accessor('plan', { id: 'nextCharge', header: 'Next charge', enableSorting: false, cell: (c) => nextChargeText(c.getValue(), timeZone) }),
      column.accessor('startsOn', { header: 'Since', enableSorting: false, cell: (c) => formatTime(c.getValue(), timeZone) }),
      column.accessor('endsOn', { header: 'Ends', enableSorting: false, cell: (c) => (c.getValue() === null ? '—' : formatTime(c.getValue()!, timeZone)) }),
      column.display({
        id: 'actions',
        header: 'Actions',
        enableHiding: false,
        cell: (c) => (
          <span className="owner-row-actions">
            {c.row.original.state === 'active' ? (
              <Button variant="secondary" aria-label={`Revoke access of ${c.row.original.email}`} onClick={() => revoking.open(c.row.original)}>
                Revoke
              </Button>
            ) : null}
            <Button variant="secondary" aria-label={`Delete member ${c.row.original.email}`} onClick={() => deleting.open(c.row.original)}>
              Delete
            </Button>
          </span>
        ),
      }),
    ],
    [area, busy, timeZone, chosen],
  );

  return (
    <>
      <h1>Members</h1>
      <section aria-labelledby="member-areas-title">
        <h2 id="member-areas-title">Member areas</h2>
        {areas.length === 0 ? <p>No member areas yet. Create one to keep pages for members.</p> : null}
        <ul className="member-areas">
          {areas.map((a) => (
            <li key={a.id}>
              <button type="button" className="linklike" aria-pressed={a.id === chosen} onClick={() => setChosen(a.id)}>
                {a.name}
              </button>{' '}
              — {accessText(a)}, {a.activeMembers} active {a.activeMembers === 1 ? 'member' : 'members'}; pages: {a.pages.map((p) => p.title).join(', ') || 'none'}; collections:{' '}
              {a.collections.map((c) => c.title).join(', ') || 'none'}
            </li>
          ))}
        </ul>
        <details>
          <summary>New member area</summary>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          <SelectField label="Access" value={access} onChange={(e) => setAccess(e.target.value as Area['access'])} options={ACCESS} />
          {access === 'free' ? null : <TextField label="Price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />}
          <fieldset>
            <legend>Pages for members only</legend>
            {pages.map((p) => (
              <Checkbox
                key={p.id}
                label={p.title}
                checked={picked.includes(p.id)}
                onChange={(e) => setPicked((now) => (e.target.checked ? [...now, p.id] : now.filter((id) => id !== p.id)))}
              />
            ))}
          </fieldset>
          {choices.length ? (
            <fieldset>
              <legend>Collections for members only</legend>
              {choices.map((c) => (
                <Checkbox
                  key={c.id}
                  label={`${c.title} (${c.fullUrl})`}
                  checked={pickedCollections.includes(c.id)}
                  onChange={(e) => setPickedCollections((now) => (e.target.checked ? [...now, c.id] : now.filter((id) => id !== c.id)))}
                />
              ))}
            </fieldset>
          ) : null}
          {formError ? <p role="alert">{formError}</p> : null}
          <Button busy={busy === 'create'} onClick={() => void create()}>
            Create member area
          </Button>
        </details>
      </section>
      {area ? (
        <section aria-labelledby="members-title">
          <h2 id="members-title">Members of {area.name}</h2>
          <p>
            <a href={`${API}/areas/${encodeURIComponent(area.id)}/members.csv`} download>
              Export CSV
            </a>
          </p>
          <div className="member-grant">
            <TextField label="Grant access to (email)" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={grantError || undefined} />
            <Button busy={busy === 'grant'} onClick={() => void grant()}>
              Grant access
            </Button>
          </div>
          <DataTable
            label={`Members of ${area.name}`}
            columns={columns}
            getRowId={(m) => m.id}
            fetchPage={fetchPage}
            filterKey={`${chosen}:${version}`}
            searchable={false}
            pageSizes={[5000]}
            emptyTitle="No members yet."
            rowData={(m) => ({ 'data-member': m.email })}
          />
          <AreaCollections area={area} choices={choices} onSaved={reread} />
          <TeaserSettings area={area} onSaved={reread} />
        </section>
      ) : null}
      <RevokeDialog
        member={revoking.row}
        areaName={area?.name ?? ''}
        timeZone={timeZone}
        busy={revoking.busy}
        error={revoking.error}
        onConfirm={(plan) => void revoke(plan)}
        onClose={revoking.close}
      />
      <ConfirmDialog
        open={deleting.row !== undefined}
        title="Delete this member?"
        keep="Keep"
        confirm="Delete member"
        busy={deleting.busy}
        error={deleting.error}
        onConfirm={() => void remove()}
        onClose={deleting.close}
      >
        <p>
          {deleting.row?.email} leaves the list and loses access to {area?.name}. A subscription they pay goes on: cancel it on the Subscriptions screen.
        </p>
      </ConfirmDialog>
    </>
  );
}

import { useMemo, useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/table-core';
import { ROLE, ROLE_IDS, ROLE_NAMES } from '../../../domain/roles/roles.js';
import type { ContributorView, InvitationView } from '../../../edge/services/accounts/contributors.js';
import { OwnerApiError, ownerFetch, TEXT } from '../api.js';
import { useOwner } from '../context.js';
import { actionsColumn, timeColumn } from '../data-table/columns.js';
import { DataTable } from '../data-table/data-table.js';
import { formatTime } from '../format.js';
import { useUnsavedChanges } from '../use-unsaved-changes.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { Checkbox, TextField } from '../ui/fields.js';
import { EmptyState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';

const API = '/api/site-users/contributors';
/** The roles an owner hands out ('none' holds no access, SPEC §3). */
const CHOOSABLE = ROLE_IDS.filter((r) => r !== ROLE.none);
const roleText = (ids: readonly number[]) => ids.map((id) => ROLE_NAMES[id] ?? String(id)).join(', ');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const column = createColumnHelper<ContributorView>();

/** Role checkboxes in a fieldset (invite form and role editing). */
function RolePicker({ legend, chosen, onChange, error }: { legend: string; chosen: readonly number[]; onChange: (roles: number[]) => void; error?: string }) {
  return (
    <fieldset className="owner-roles" aria-describedby={error ? 'owner-roles-error' : undefined}>
      <legend>{legend}</legend>
      {CHOOSABLE.map((r) => (
        <Checkbox
          key={r}
          label={capital(ROLE_NAMES[r]!)}
          checked={chosen.includes(r)}
          onChange={(e) => onChange(e.target.checked ? [...chosen, r] : chosen.filter((x) => x !== r))}
        />
      ))}
      {error ? (
        <small id="owner-roles-error" className="ui-field-error" data-field-error>
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}

/**
 * /config/contributors (admins): who works on the site and with which roles, pending
 * invitations, inviting by email, changing someone's roles and removing them. The server
 * refuses one's own removal or role change; the screen offers neither.
 */
export function ContributorsScreen() {
  const { email: me, timeZone } = useOwner();
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const [invitations, setInvitations] = useState<InvitationView[]>([]);
  const [editing, setEditing] = useState<ContributorView | undefined>();
  const [editRoles, setEditRoles] = useState<number[]>([]);
  const [removing, setRemoving] = useState<ContributorView | undefined>();
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState('');
  // The invitation form: what the owner typed stays through failures.
  const [inviteEmail, setInviteEmail] = useState('');
  const [inviteRoles, setInviteRoles] = useState<number[]>([]);
  const [inviteErrors, setInviteErrors] = useState<Record<string, string>>({});
  const [inviteFailure, setInviteFailure] = useState('');
  const [inviting, setInviting] = useState(false);

  const invite = async (): Promise<boolean> => {
    const errors: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(inviteEmail.trim())) errors.email = 'Enter a valid email address.';
    if (inviteRoles.length === 0) errors.roles = 'Choose at least one role.';
    setInviteErrors(errors);
    setInviteFailure('');
    if (Object.keys(errors).length > 0) return false;
    setInviting(true);
    try {
      const answer = await ownerFetch<{ invited: string }>('POST', `${API}/invitations`, { email: inviteEmail.trim(), roles: inviteRoles });
      toast(`Invitation sent to ${answer.invited}.`);
      setInviteEmail('');
      setInviteRoles([]);
      setVersion((v) => v + 1);
      return true;
    } catch (error) {
      if (error instanceof OwnerApiError && Object.keys(error.fields).length > 0) setInviteErrors(error.fields);
      setInviteFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
      return false;
    } finally {
      setInviting(false);
    }
  };
  const unsaved = useUnsavedChanges(inviteEmail.trim() !== '' || inviteRoles.length > 0, invite);

  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email', enableSorting: false }),
      column.accessor('roles', { header: 'Roles', enableSorting: false, cell: (c) => capital(roleText(c.getValue())) }),
      timeColumn(column, 'createdOn', { header: 'Since', timeZone }),
      actionsColumn(column, (c) =>
        c.row.original.email === me ? (
          <span>You</span>
        ) : (
          <span className="owner-row-actions">
            <Button
              variant="secondary"
              aria-label={`Change roles of ${c.row.original.email}`}
              onClick={() => {
                setEditRoles(c.row.original.roles);
                setDialogError('');
                setEditing(c.row.original);
              }}
            >
              Change roles
            </Button>
            <Button
              variant="secondary"
              aria-label={`Remove ${c.row.original.email}`}
              onClick={() => {
                setDialogError('');
                setRemoving(c.row.original);
              }}
            >
              Remove
            </Button>
          </span>
        )
      ),
    ],
    [me, timeZone],
  );
  const fetchPage = async () => {
    const answer = await ownerFetch<{ contributors: ContributorView[]; invitations: InvitationView[] }>('GET', API);
    setInvitations(answer.invitations);
    return { rows: answer.contributors, next: null };
  };
  const dialogCall = async (run: () => Promise<string>) => {
    setBusy(true);
    setDialogError('');
    try {
      toast(await run());
      setEditing(undefined);
      setRemoving(undefined);
      setVersion((v) => v + 1);
    } catch (error) {
      setDialogError(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void invite();
  };

  return (
    <>
      <h1>Contributors</h1>
      <DataTable
        label="Contributors"
        columns={columns}
        getRowId={(r) => r.siteUserId}
        fetchPage={fetchPage}
        filterKey={String(version)}
        searchable={false}
        pageSizes={[100]}
        emptyTitle="Nobody else works on this site yet."
      />
      <section className="owner-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <form className="owner-form" onSubmit={submit} noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={inviteEmail}
            maxLength={256}
            error={inviteErrors.email}
            onChange={(e) => {
              setInviteEmail(e.target.value);
              setInviteErrors(({ email: _fixed, ...rest }) => rest);
            }}
          />
          <RolePicker
            legend="Roles"
            chosen={inviteRoles}
            error={inviteErrors.roles}
            onChange={(roles) => {
              setInviteRoles(roles);
              setInviteErrors(({ roles: _fixed, ...rest }) => rest);
            }}
          />
          <div>
            <Button type="submit" busy={inviting}>
              Send invitation
            </Button>
          </div>
          {inviteFailure ? <p role="alert">{inviteFailure}</p> : null}
        </form>
      </section>
      <section className="owner-panel" aria-labelledby="pending-heading">
        <h2 id="pending-heading">Pending invitations</h2>
        {invitations.length === 0 ? (
          <EmptyState title="No pending invitations." />
        ) : (
          <ul className="owner-invitations">
            {invitations.map((i) => (
              <li key={`${i.email}-${i.createdOn}`} data-invitation={i.email}>
                {i.email} ({roleText(i.roles)}), until {formatTime(i.expiresOn, timeZone)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog
        open={editing !== undefined}
        title={`Roles of ${editing?.email ?? ''}`}
        onClose={() => setEditing(undefined)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(undefined)}>
              Cancel
            </Button>
            <Button
              busy={busy}
              onClick={() => {
                if (editRoles.length === 0) return setDialogError('Choose at least one role.');
                void dialogCall(async () => {
                  await ownerFetch('PUT', `${API}/${encodeURIComponent(editing!.siteUserId)}/roles`, { roles: editRoles });
                  return `Roles of ${editing!.email} saved.`;
                });
              }}
            >
              Save roles
            </Button>
          </>
        }
      >
        <RolePicker legend="Roles" chosen={editRoles} onChange={setEditRoles} />
        {dialogError ? <p role="alert">{dialogError}</p> : null}
      </Dialog>
      <Dialog
        open={removing !== undefined}
        title={`Remove ${removing?.email ?? ''}?`}
        onClose={() => setRemoving(undefined)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoving(undefined)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={busy}
              onClick={() =>
                void dialogCall(async () => {
                  await ownerFetch('DELETE', `${API}/${encodeURIComponent(removing!.siteUserId)}`);
                  return `${removing!.email} removed; their sessions on this site have ended.`;
                })
              }
            >
              Remove
            </Button>
          </>
        }
      >
        <p>They lose access to the owner area at once.</p>
        {dialogError ? <p role="alert">{dialogError}</p> : null}
      </Dialog>
      {unsaved}
    </>
  );
}

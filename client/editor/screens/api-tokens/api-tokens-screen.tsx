import { useState } from 'react';
import type { ApiTokenView, TokenScope } from '../../../../edge/services/themes/api-tokens.js';
import { ownerFetch } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Dialog } from '../../ui/dialog.js';
import { FormDialog, fieldError } from '../../ui/form-dialog.js';
import { Checkbox, SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useRowAction } from '../../use-row-action.js';
import './api-tokens.css';

const BASE = '/api/owner/api-tokens';

const SCOPE_TEXT: Record<TokenScope, string> = { 'theme:read': 'Read the theme (pull, preview)', 'theme:write': 'Change the theme (push, publish, roll back)' };
const STATE_TEXT: Record<ApiTokenView['state'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
] as const;

/**
 * /config/api-tokens: tokens for tools such as the `atelier` CLI (docs/api/themes.md): create
 * one with a name, scopes and an expiry, copy its secret from the dialog that shows it once,
 * see when each was last used, revoke one after confirming.
 */
export function ApiTokensScreen() {
  const { result, retry } = useLoad('api-tokens', () => ownerFetch<{ tokens: ApiTokenView[] }>('GET', BASE));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  return (
    <div className="api-tokens-screen">
      <h1>API tokens</h1>
      <p className="api-tokens-intro">
        Tools such as the <code>atelier</code> command-line tool sign in to this site with a token, never with your password.
      </p>
      <Button onClick={() => setCreating(true)}>Create token</Button>
      {result.state === 'loading' ? <Skeleton label="Loading tokens" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        result.data.tokens.length === 0 ? (
          <EmptyState title="No tokens yet">Create a token for each tool or person that works on the theme.</EmptyState>
        ) : (
          <ul className="api-tokens-list">
            {result.data.tokens.map((t) => (
              <TokenRow key={t.id} token={t} onChanged={retry} />
            ))}
          </ul>
        )
      ) : null}
      <CreateToken
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setCreated(made);
          retry();
        }}
      />
      <ShownOnce created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function ShownOnce({ created, onClose }: { created: { name: string; secret: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog
      open={created !== null}
      title="Token created"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy token'}
          </Button>
          <Button onClick={close}>Done</Button>
        </>
      }
    >
      <p>Copy the token for {created?.name} now: it is shown only once. Anyone who has it can do what its scopes allow until it expires or you revoke it.</p>
      <p>
        <code className="api-tokens-secret" data-secret>
          {created?.secret}
        </code>
      </p>
      <p className="api-tokens-meta" role="status">
        {copied ? 'Copied to the clipboard.' : ''}
      </p>
    </Dialog>
  );
}

function CreateToken({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (made: { name: string; secret: string }) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['theme:read']);
  const [days, setDays] = useState('30');
  const create = async () => {
    const made = await ownerFetch<{ token: ApiTokenView; secret: string }>('POST', BASE, { name, scopes, expiresInDays: Number(days) });
    setName('');
    setScopes(['theme:read']);
    onCreated({ name: made.token.name, secret: made.secret });
  };
  return (
    <FormDialog open={open} title="Create token" submitLabel="Create token" fields={['name', 'scopes']} onClose={onClose} onSubmit={create}>
      {(errors) => (
        <>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} hint="Who or what uses it, e.g. 'Theme CI'." error={errors.name} maxLength={100} />
          <fieldset className="api-tokens-scopes">
            <legend>Scopes</legend>
            {(Object.keys(SCOPE_TEXT) as TokenScope[]).map((scope) => (
              <Checkbox
                key={scope}
                label={SCOPE_TEXT[scope]}
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />
            ))}
          </fieldset>
          {fieldError(errors, 'scopes') ? <p className="ui-field-error">{fieldError(errors, 'scopes')}</p> : null}
          <SelectField label="Expires after" value={days} onChange={(e) => setDays(e.target.value)} options={EXPIRY_OPTIONS} />
        </>
      )}
    </FormDialog>
  );
}

function TokenRow({ token: t, onChanged }: { token: ApiTokenView; onChanged: () => void }) {
  const { timeZone } = useOwner();
  const revoking = useRowAction<ApiTokenView>(onChanged);
  return (
    <li className="api-tokens-card" data-token={t.id} data-state={t.state}>
      <div className="api-tokens-head">
        <span className="api-tokens-name">{t.name}</span>
        <span className="api-tokens-state" data-state={t.state}>
          {STATE_TEXT[t.state]}
        </span>
      </div>
      <p className="api-tokens-meta">{t.scopes.map((s) => SCOPE_TEXT[s]).join(' · ')}</p>
      <p className="api-tokens-meta">
        Last used: {t.lastUsedOn ? formatTime(t.lastUsedOn, timeZone) : 'never'} · {t.state === 'revoked' ? `Revoked ${formatTime(t.revokedOn!, timeZone)}` : `Expires ${formatTime(t.expiresOn, timeZone)}`}
      </p>
      {t.state === 'revoked' ? null : (
        <div className="owner-row-actions">
          <Button variant="danger" onClick={() => revoking.open(t)}>
            Revoke
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={revoking.row !== undefined}
        title="Revoke this token?"
        confirm="Revoke token"
        busy={revoking.busy}
        error={revoking.error}
        onConfirm={() =>
          void revoking.run(async (token) => {
            await ownerFetch('DELETE', `${BASE}/${token.id}`);
            return 'Token revoked';
          })
        }
        onClose={revoking.close}
      >
        <p>Tools using {t.name} are refused from their next call. This cannot be undone: create a new token instead.</p>
      </ConfirmDialog>
    </li>
  );
}

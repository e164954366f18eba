import { useState, type FormEvent } from 'react';
import type { OwnerDomain } from '../../../../edge/services/domains/index.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { useRowAction } from '../../use-row-action.js';
import './domains.css';

const BASE = '/api/owner/domains';

interface DomainList {
  domains: OwnerDomain[];
  primaryHost: string;
  hosts: string[];
}

/**
 * /config/domains: the site's custom domains (docs/api/domains.md): attach one, see the TXT
 * record to add at the DNS provider, verify, make a verified domain primary (the site's
 * other hosts then redirect to it), remove one after confirming.
 */
export function DomainsScreen() {
  const { result, retry } = useLoad('domains', () => ownerFetch<DomainList>('GET', BASE));
  return (
    <div className="domains-screen">
      <h1>Domains</h1>
      <p className="domains-intro">Connect a domain you own. Visitors of the site&apos;s other addresses are sent to the primary domain.</p>
      <AddDomain onAdded={retry} />
      {result.state === 'loading' ? <Skeleton label="Loading domains" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <>
          <p className="domains-meta" data-primary-host>
            Primary address: <strong>{result.data.primaryHost}</strong>
          </p>
          {result.data.domains.length === 0 ? (
            <EmptyState title="No domains yet">Add a domain such as shop.example.com, then add its TXT record at your DNS provider.</EmptyState>
          ) : (
            <ul className="domains-list">
              {result.data.domains.map((d) => (
                <DomainRow key={d.host} domain={d} onChanged={retry} />
              ))}
            </ul>
          )}
          {result.data.domains.some((d) => d.primary) ? <BackToPlatform hosts={result.data.hosts} onChanged={retry} /> : null}
        </>
      ) : null}
    </div>
  );
}

function AddDomain({ onAdded }: { onAdded: () => void }) {
  const [host, setHost] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const made = await ownerFetch<{ domain: OwnerDomain }>('POST', BASE, { host });
      setHost('');
      toast(`${made.domain.host} added`);
      onAdded();
    } catch (err) {
      setError(err instanceof OwnerApiError ? (err.fields?.host ?? err.message) : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="domains-add" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Domain" value={host} onChange={(e) => setHost(e.target.value)} placeholder="shop.example.com" error={error} maxLength={253} />
      <Button type="submit" busy={busy}>
        Add domain
      </Button>
    </form>
  );
}

type DomainAction = 'verify' | 'primary' | 'remove';

function DomainRow({ domain: d, onChanged }: { domain: OwnerDomain; onChanged: () => void }) {
  // Verify and make primary run at once; remove asks first (the dialog is open while `row` is 'remove').
  const action = useRowAction<DomainAction>(onChanged);
  const call = (method: 'POST' | 'DELETE', path: string, done: string) => async () => {
    await ownerFetch(method, `${BASE}/${encodeURIComponent(d.host)}${path}`);
    return done;
  };
  const busy = (name: DomainAction) => action.busy && action.row === name;
  return (
    <li className="domains-card" data-domain={d.host} data-state={d.state}>
      <div className="domains-head">
        <span className="domains-host">{d.host}</span>
        <span className="domains-state" data-state={d.state}>
          {d.primary ? 'Primary' : d.state === 'verified' ? 'Verified' : 'Waiting for verification'}
        </span>
      </div>
      {d.state === 'pending' ? (
        <>
          <p className="domains-meta">Add this TXT record at your DNS provider, then verify:</p>
          <dl className="domains-record">
            <dt>Name</dt>
            <dd>{d.txt.name}</dd>
            <dt>Value</dt>
            <dd>{d.txt.value}</dd>
          </dl>
        </>
      ) : (
        <p className="domains-meta">Certificate: {d.certificate === 'active' ? 'active' : d.certificate.replaceAll('_', ' ')}</p>
      )}
      {action.error && action.row !== undefined && action.row !== 'remove' ? (
        <p className="ui-field-error" role="alert">
          {action.error}
        </p>
      ) : null}
      <div className="owner-row-actions">
        {d.state === 'pending' ? (
          <Button busy={busy('verify')} onClick={() => void action.runFor('verify', call('POST', '/verify', `${d.host} verified`))}>
            Verify
          </Button>
        ) : null}
        {d.state === 'verified' && !d.primary ? (
          <Button variant="secondary" busy={busy('primary')} onClick={() => void action.runFor('primary', call('POST', '/primary', `${d.host} is now the primary domain`))}>
            Make primary
          </Button>
        ) : null}
        {d.primary ? null : (
          <Button variant="danger" onClick={() => action.open('remove')}>
            Remove
          </Button>
        )}
      </div>
      <Dialog
        open={action.row === 'remove'}
        title={`Remove ${d.host}?`}
        onClose={action.close}
        actions={
          <>
            <Button variant="secondary" onClick={action.close}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy('remove')} onClick={() => void action.run(call('DELETE', '', `${d.host} removed`))}>
              Remove domain
            </Button>
          </>
        }
      >
        <p>Visitors of {d.host} no longer reach this site from now on.</p>
        {action.error ? <p role="alert">{action.error}</p> : null}
      </Dialog>
    </li>
  );
}

/** Once a custom domain is primary: make one of the site's other hosts (the platform address) primary again. */
function BackToPlatform({ hosts, onChanged }: { hosts: string[]; onChanged: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const platform = hosts.find((h) => !h.includes('www.')) ?? hosts[0];
  if (!platform) return null;
  const go = async () => {
    setBusy(true);
    try {
      await ownerFetch('POST', `${BASE}/${encodeURIComponent(platform)}/primary`);
      toast(`${platform} is now the primary address`);
      onChanged();
    } catch (err) {
      toast(err instanceof OwnerApiError ? err.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="domains-meta">
      <Button variant="secondary" busy={busy} onClick={() => void go()}>
        Make {platform} primary
      </Button>
    </p>
  );
}

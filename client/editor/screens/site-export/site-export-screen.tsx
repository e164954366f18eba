import { useEffect, useState, type FormEvent } from 'react';
import type { SiteExport } from '../../../../edge/services/site-lifecycle/site-export.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';
import { useLoad } from '../../use-load.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/fields.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import './site-export.css';

const BASE = '/api/owner/site';

interface SiteStatus {
  title: string;
  deletedOn: number | null;
  purgeOn: number | null;
}

const day = (at: number) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * /config/site-export (docs/api/site-export.md): export the whole site as a zip, and the danger
 * zone: delete the site after typing its name, or restore a deleted one before it is purged.
 */
export function SiteExportScreen() {
  const { result, retry } = useLoad('site-status', () => ownerFetch<SiteStatus>('GET', BASE));
  return (
    <div className="site-export-screen">
      <h1>Export and delete</h1>
      {result.state === 'loading' ? <Skeleton rows={3} label="Loading the site" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' && result.data.deletedOn === null ? (
        <>
          <ExportPanel />
          <DangerZone title={result.data.title} onDeleted={retry} />
        </>
      ) : null}
      {result.state === 'ready' && result.data.deletedOn !== null ? <DeletedPanel status={result.data} onRestored={retry} /> : null}
    </div>
  );
}

function ExportPanel() {
  const [key, setKey] = useState(0);
  const { result } = useLoad(`site-exports-${key}`, () => ownerFetch<{ exports: SiteExport[] }>('GET', `${BASE}/exports`));
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const building = result.state === 'ready' && result.data.exports.some((e) => e.state === 'queued');
  // While a zip is being built, look again every few seconds.
  useEffect(() => {
    if (!building) return;
    const timer = setTimeout(() => setKey((k) => k + 1), 2000);
    return () => clearTimeout(timer);
  }, [building, result]);
  const start = async () => {
    setBusy(true);
    try {
      await ownerFetch('POST', `${BASE}/exports`, {});
      toast('Export started');
      setKey((k) => k + 1);
    } catch (err) {
      toast(err instanceof OwnerApiError ? err.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  const exports = result.state === 'ready' ? result.data.exports : [];
  return (
    <section className="site-export-panel" aria-labelledby="site-export-heading">
      <h2 id="site-export-heading">Export</h2>
      <p className="site-export-meta">
        One zip of the site: pages, blog posts, navigation, settings, forms and theme files as JSON; products, orders, customers and form submissions as
        CSV; and every file. Exports can be downloaded for 7 days.
      </p>
      <Button busy={busy} onClick={() => void start()}>
        Export site
      </Button>
      {result.state === 'error' ? <p role="alert">{result.message}</p> : null}
      {exports.length ? (
        <ul className="site-export-list">
          {exports.map((e) => (
            <li key={e.id} data-export={e.id} data-state={e.state}>
              <span>{new Date(e.createdOn).toLocaleString()}</span>{' '}
              {e.state === 'ready' ? (
                <a href={`${BASE}/exports/${e.id}/download`} download>
                  Download zip ({Math.max(1, Math.round((e.byteSize ?? 0) / 1024))} KB)
                </a>
              ) : e.state === 'queued' ? (
                <span role="status">Preparing…</span>
              ) : (
                <span>Failed. Start a new export.</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DangerZone({ title, onDeleted }: { title: string; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === title.trim().toLowerCase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await ownerFetch('POST', `${BASE}/delete`, { confirm: typed });
      onDeleted();
    } catch (err) {
      setError(err instanceof OwnerApiError ? (err.fields?.confirm ?? err.message) : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="site-export-danger" aria-labelledby="site-danger-heading">
      <h2 id="site-danger-heading">Danger zone</h2>
      <p>
        Deleting the site takes it offline at once: visitors see &ldquo;This site is not available&rdquo;. You can restore it for 30 days; then it is
        removed for good with its orders, customers and files.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={`Type ${title} to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} error={error} maxLength={200} autoComplete="off" />
        <Button type="submit" variant="danger" busy={busy} disabled={!matches}>
          Delete site
        </Button>
      </form>
    </section>
  );
}

function DeletedPanel({ status, onRestored }: { status: SiteStatus; onRestored: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const restore = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await ownerFetch('POST', `${BASE}/restore`, {});
      onRestored();
    } catch (err) {
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="site-export-danger" data-site-deleted>
      <h2>This site is deleted</h2>
      <p>
        Visitors see &ldquo;This site is not available&rdquo;. It will be removed for good after {day(status.purgeOn!)} unless you restore it; restoring brings
        it back exactly as it was.
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <Button busy={busy} onClick={() => void restore()}>
        Restore site
      </Button>
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import type { SavedView, SavedViewState } from '../../../edge/services/owner-views/index.js';
import { OwnerApiError, ownerFetch, TEXT } from '../api.js';
import { Button } from '../ui/button.js';
import { Dialog } from '../ui/dialog.js';
import { SelectField, TextField } from '../ui/fields.js';

export type { SavedViewState };

const VIEW_PARAM = 'view';

/** The view named in the address (`?view=<id>`), so a reload or a shared link opens it again. */
export function viewInAddress(): string {
  return new URLSearchParams(window.location.search).get(VIEW_PARAM) ?? '';
}

function putViewInAddress(id: string): void {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set(VIEW_PARAM, id);
  else url.searchParams.delete(VIEW_PARAM);
  // Only the query changes: replaceState without telling the router, so the screen stays.
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

type Editing = { mode: 'save' | 'rename'; name: string; error: string; busy: boolean } | undefined;

/**
 * The table's saved views (GET/POST/PUT/DELETE /api/owner/views?screen=): pick one to apply
 * its sort, search, filters, page size and hidden columns; save the current settings as a
 * new view, update, rename or delete the chosen one. Views are the contributor's own.
 */
export function SavedViews({ screen, current, apply, onReady }: { screen: string; current: SavedViewState; apply: (state: SavedViewState) => void; onReady: () => void }) {
  const [views, setViews] = useState<SavedView[]>([]);
  const [chosen, setChosen] = useState(viewInAddress);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    ownerFetch<{ views: SavedView[] }>('GET', `/api/owner/views?screen=${encodeURIComponent(screen)}`).then(
      ({ views: list }) => {
        if (!live) return;
        setViews(list);
        const wanted = list.find((v) => v.id === viewInAddress());
        if (wanted) apply(wanted.state);
        else setChosen('');
        onReady();
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof OwnerApiError && e.status === 0 ? TEXT.network : TEXT.loadRetry);
        onReady();
      },
    );
    return () => {
      live = false;
    };
  }, [screen]);

  const choose = (id: string) => {
    setChosen(id);
    putViewInAddress(id);
    const view = views.find((v) => v.id === id);
    apply(view ? view.state : { sort: [], search: '', filters: {}, hidden: [], pageSize: current.pageSize });
  };
  const view = views.find((v) => v.id === chosen);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) return setEditing({ ...editing, error: 'Please enter a name for the view.' });
    setEditing({ ...editing, busy: true, error: '' });
    try {
      const answer =
        editing.mode === 'save'
          ? await ownerFetch<{ view: SavedView }>('POST', '/api/owner/views', { screen, name, state: current })
          : await ownerFetch<{ view: SavedView }>('PUT', `/api/owner/views/${view!.id}`, { name });
      setViews((list) => [...list.filter((v) => v.id !== answer.view.id), answer.view].sort((a, b) => a.name.localeCompare(b.name)));
      setChosen(answer.view.id);
      putViewInAddress(answer.view.id);
      setStatus(editing.mode === 'save' ? `View "${name}" saved.` : `View renamed to "${name}".`);
      setEditing(undefined);
    } catch (err) {
      setEditing({ ...editing, busy: false, error: err instanceof OwnerApiError ? err.message : TEXT.failed });
    }
  };
  const run = async (what: () => Promise<void>) => {
    setError('');
    try {
      await what();
    } catch (err) {
      setError(err instanceof OwnerApiError ? err.message : TEXT.failed);
    }
  };
  const update = () =>
    run(async () => {
      const answer = await ownerFetch<{ view: SavedView }>('PUT', `/api/owner/views/${view!.id}`, { state: current });
      setViews((list) => list.map((v) => (v.id === answer.view.id ? answer.view : v)));
      setStatus(`View "${answer.view.name}" updated.`);
    });
  const remove = () =>
    run(async () => {
      await ownerFetch('DELETE', `/api/owner/views/${view!.id}`);
      setViews((list) => list.filter((v) => v.id !== view!.id));
      setStatus(`View "${view!.name}" deleted.`);
      setChosen('');
      putViewInAddress('');
    });

  return (
    <div className="dt-views" role="group" aria-label="Saved views">
      <SelectField label="View" value={chosen} onChange={(e) => choose(e.target.value)} options={[{ value: '', label: 'Default view' }, ...views.map((v) => ({ value: v.id, label: v.name }))]} />
      <Button variant="secondary" onClick={() => setEditing({ mode: 'save', name: '', error: '', busy: false })}>
        Save view
      </Button>
      {view ? (
        <>
          <Button variant="secondary" onClick={() => void update()}>
            Update view
          </Button>
          <Button variant="secondary" onClick={() => setEditing({ mode: 'rename', name: view.name, error: '', busy: false })}>
            Rename view
          </Button>
          <Button variant="danger" onClick={() => void remove()}>
            Delete view
          </Button>
        </>
      ) : null}
      <span className="owner-skip" role="status">
        {status}
      </span>
      {error ? <span role="alert">{error}</span> : null}
      <Dialog open={editing !== undefined} title={editing?.mode === 'rename' ? 'Rename view' : 'Save view'} onClose={() => setEditing(undefined)}>
        <form onSubmit={(e) => void submit(e)} className="dt-view-form" noValidate>
          <TextField
            label="View name"
            value={editing?.name ?? ''}
            maxLength={60}
            required
            aria-invalid={editing?.error ? true : undefined}
            onChange={(e) => editing && setEditing({ ...editing, name: e.target.value })}
            autoFocus
          />
          {editing?.error ? <p role="alert">{editing.error}</p> : null}
          <div className="ui-dialog-actions">
            <Button type="button" variant="secondary" onClick={() => setEditing(undefined)}>
              Cancel
            </Button>
            <Button type="submit" busy={editing?.busy}>
              {editing?.mode === 'rename' ? 'Rename' : 'Save'}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

import { useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { useOwner } from '../../context.js';
import { formatTime } from '../../format.js';
import { Button } from '../../ui/button.js';
import { ErrorPanel, Skeleton } from '../../ui/states.js';
import { useLoad } from '../../use-load.js';
import { type EditorPage, listRevisions, restoreRevision } from './page-api.js';

/**
 * The page's revisions (or, with `page.language`, its language copy's), newest first (who, when, published): Preview shows one in the frame
 * (`?preview&revision=N`, the worker's render of it), Restore makes its layout a new draft
 * revision (nothing is overwritten).
 */
export function HistoryDrawer({ page, previewing, onClose, onPreview, onRestored, saveFirst, draftVersion }: {
  page: EditorPage;
  previewing: number | undefined;
  onClose: () => void;
  onPreview: (version: number | undefined) => void;
  onRestored: (page: EditorPage) => void;
  /** Saves pending edits first (so a restore never drops them); false when that failed. */
  saveFirst: () => Promise<boolean>;
  /** The draft version once `saveFirst` is done (a language copy's restore names it in If-Match). */
  draftVersion: () => number;
}) {
  const { timeZone } = useOwner();
  const { result, retry } = useLoad(`${page.id}:${page.language ?? ''}:${page.draftVersion}`, () => listRevisions(page));
  const [busy, setBusy] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const restore = (version: number) => {
    setBusy(version);
    setError(undefined);
    saveFirst()
      .then((kept) => {
        if (!kept) throw new OwnerApiError('Save your changes before restoring a version.', 0);
        return restoreRevision(page, version, draftVersion());
      })
      .then(onRestored, (e: unknown) => setError(e instanceof OwnerApiError ? e.message : TEXT.failed))
      .finally(() => setBusy(undefined));
  };
  return (
    <aside className="pe-history" aria-labelledby="pe-history-title">
      <div className="pe-history-head">
        <h2 id="pe-history-title">History</h2>
        <Button variant="secondary" onClick={() => {
          onPreview(undefined);
          onClose();
        }}>Close history</Button>
      </div>
      {error ? <p role="alert" className="ui-field-error">{error}</p> : null}
      {result.state === 'loading' ? <Skeleton rows={4} label="Loading revisions" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <ol className="pe-revisions">
          {result.data.revisions.map((r) => (
            <li key={r.version} data-revision={r.version}>
              <p>
                <strong>Version {r.version}</strong>
                {r.version === result.data.draftVersion ? ' (current draft)' : ''}
                {r.version === result.data.publishedVersion ? ' · live' : r.publishedOn ? ' · was published' : ''}
              </p>
              <p className="pe-muted">
                {r.author ?? 'Someone'} · {formatTime(r.savedAt, timeZone)}
                {r.restoredFrom ? ` · restored from version ${r.restoredFrom}` : ''}
              </p>
              <div className="pe-revision-actions">
                <Button variant="secondary" aria-pressed={previewing === r.version} onClick={() => onPreview(previewing === r.version ? undefined : r.version)} aria-label={`Preview version ${r.version}`}>Preview</Button>
                {r.version !== result.data.draftVersion ? (
                  <Button variant="secondary" busy={busy === r.version} onClick={() => restore(r.version)} aria-label={`Restore version ${r.version}`}>Restore</Button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </aside>
  );
}

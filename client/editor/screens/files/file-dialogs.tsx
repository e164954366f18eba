import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { cleanFileName, FILE_MESSAGES } from '../../../../domain/files/file-rules.js';
import { OwnerApiError } from '../../api.js';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import { deleteFile, FileInUseError, renameFile, saveImageDetails, type FileRecord, type FileUse } from './files-api.js';

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
const percent = (n: number) => `${Math.round(n * 100)}%`;

/**
 * Where the image's focal point sits: click (or tap) the picture to move it, or use the arrow
 * keys (5% a press) while the picture has focus.
 */
export function FocalPointPicker({ src, point, onChange }: { src: string; point: { x: number; y: number }; onChange: (p: { x: number; y: number }) => void }) {
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const key = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = 0.05;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange({ x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) });
  };
  return (
    <div className="files-focal-field">
      <span>Focal point</span>
      <button
        type="button"
        className="files-focal"
        onClick={click}
        onKeyDown={key}
        data-focal-picker
        aria-label={`Focal point at ${percent(point.x)} across and ${percent(point.y)} down. Click the picture or use the arrow keys to move it.`}
      >
        <img src={src} alt="" draggable={false} />
        <span className="files-focal-mark" style={{ left: percent(point.x), top: percent(point.y) }} aria-hidden="true" />
      </button>
      <small aria-live="polite">
        {percent(point.x)} across, {percent(point.y)} down
      </small>
    </div>
  );
}

/**
 * Rename a file and, for images, set its alt text and focal point. The name is checked here
 * ('Please enter a file name') and again by the server; a failed rename says 'Unable to Rename
 * File' with the server's reason or 'There was a problem while renaming your file.'
 */
export function FileDetailsDialog({ file, onClose, onSaved }: { file: FileRecord | undefined; onClose: () => void; onSaved: (file: FileRecord, what: string) => void }) {
  // Escape asks the form first: with unsaved edits it offers to keep editing (SPEC §4).
  const requestClose = useRef<() => void>(undefined);
  return (
    <Dialog open={file !== undefined} title="File details" onClose={() => (requestClose.current ?? onClose)()}>
      {file ? <DetailsForm key={file.id} file={file} onClose={onClose} onSaved={onSaved} requestClose={requestClose} /> : null}
    </Dialog>
  );
}

function DetailsForm({ file, onClose, onSaved, requestClose }: { file: FileRecord; onClose: () => void; onSaved: (file: FileRecord, what: string) => void; requestClose: { current?: () => void } }) {
  const [name, setName] = useState(file.fileName);
  const [alt, setAlt] = useState(file.altText);
  const [point, setPoint] = useState(file.focalPoint);
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ title: string; message: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const image = file.kind === 'image';
  const dirty = name !== file.fileName || alt !== file.altText || point.x !== file.focalPoint.x || point.y !== file.focalPoint.y;
  requestClose.current = () => (dirty ? setConfirming(true) : onClose());
  useEffect(() => () => void (requestClose.current = undefined), []);
  // Leaving the page (reload, another address) with unsaved edits asks the browser's question.
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const save = async () => {
    setFailure(undefined);
    const cleaned = cleanFileName(name);
    if (!cleaned) return setNameError(FILE_MESSAGES.nameRequired);
    setNameError(undefined);
    setBusy(true);
    let current = file;
    try {
      if (cleaned !== file.fileName) {
        try {
          current = await renameFile(file.id, cleaned);
        } catch (error) {
          const message = error instanceof OwnerApiError && error.status === 400 ? error.message : FILE_MESSAGES.renameFailed;
          if (message === FILE_MESSAGES.nameRequired) setNameError(message);
          else setFailure({ title: FILE_MESSAGES.renameTitle, message });
          return;
        }
      }
      const detailsChanged = image && (alt.trim() !== file.altText || point.x !== file.focalPoint.x || point.y !== file.focalPoint.y);
      if (detailsChanged) {
        try {
          current = await saveImageDetails(file.id, { altText: alt.trim(), focalPoint: point });
        } catch (error) {
          setFailure({ title: 'Unable to save the details', message: error instanceof OwnerApiError ? error.message : FILE_MESSAGES.processingFailed });
          if (current !== file) onSaved(current, 'File renamed');
          return;
        }
      }
      onSaved(current, current === file ? 'Nothing changed' : 'File saved');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="files-details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField label="File name" value={name} onChange={(e) => {
          setName(e.currentTarget.value);
          setNameError(undefined);
        }} aria-invalid={nameError ? true : undefined} maxLength={200} required data-field="fileName" />
      {nameError ? (
        <p className="files-error" role="alert" data-field-error="fileName">
          {nameError}
        </p>
      ) : null}
      {image ? (
        <>
          <TextField label="Alt text" hint="Describes the image for people who cannot see it (250 characters at most)." value={alt} maxLength={250} onChange={(e) => setAlt(e.currentTarget.value)} data-field="altText" />
          <FocalPointPicker src={file.previewUrl ?? file.url ?? ''} point={point} onChange={setPoint} />
        </>
      ) : null}
      {failure ? (
        <div className="files-failure" role="alert">
          <strong>{failure.title}</strong>
          <p>{failure.message}</p>
        </div>
      ) : null}
      {confirming ? (
        <div className="files-failure" role="alert" data-unsaved>
          <p>You have unsaved changes. Save them or discard them?</p>
          <div className="ui-dialog-actions">
            <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
              Keep editing
            </Button>
            <Button variant="danger" onClick={onClose}>
              Discard changes
            </Button>
          </div>
        </div>
      ) : (
        <div className="ui-dialog-actions">
          <Button variant="secondary" onClick={() => requestClose.current?.()}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

/** Confirm a delete; when the server refuses because the file is in use, show where. */
export function DeleteFileDialog({ file, onClose, onDeleted }: { file: FileRecord | undefined; onClose: () => void; onDeleted: (file: FileRecord) => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; usedBy: FileUse[] } | undefined>();
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  const remove = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await deleteFile(file.id);
      onDeleted(file);
      close();
    } catch (error) {
      setRefusal(error instanceof FileInUseError ? { message: error.message, usedBy: error.usedBy } : { message: error instanceof Error ? error.message : FILE_MESSAGES.processingFailed, usedBy: [] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={file !== undefined}
      title={file ? `Delete ${file.fileName}?` : 'Delete file'}
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {refusal ? 'Close' : 'Cancel'}
          </Button>
          {refusal ? null : (
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              Delete
            </Button>
          )}
        </>
      }
    >
      {refusal ? (
        <div className="files-failure" role="alert" data-delete-refused>
          <p>{refusal.message}</p>
          {refusal.usedBy.length > 0 ? (
            <>
              <p>Used by:</p>
              <ul>
                {refusal.usedBy.map((use) => (
                  <li key={`${use.type}-${use.id}`}>
                    {USE_LABEL[use.type]}: {use.url ? <a href={use.url}>{use.title}</a> : use.title}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <p>The file is removed from the site and cannot be recovered.</p>
      )}
    </Dialog>
  );
}

const USE_LABEL: Record<FileUse['type'], string> = { page: 'Published page', product: 'Product', item: 'Content item', order: 'Download in an order' };

import { useState } from 'react';
import { Button } from '../../ui/button.js';
import { Dialog } from '../../ui/dialog.js';
import { TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import type { FileRecord } from './files-api.js';
import { fileFacts, FilePreview, UploadButton, UploadQueue } from './upload-parts.js';
import { useFileList } from './use-file-list.js';
import { useUploads } from './use-uploads.js';
import './files.css';

export interface FilePickerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen file; the dialog closes after. */
  onPick: (file: FileRecord) => void;
  /** 'image' (the default) lists images only; 'file' PDFs; undefined everything. */
  kind?: 'image' | 'file';
  title?: string;
}

/**
 * The file manager as a dialog, for any screen that needs an image or a file: search the
 * site's files, upload new ones (the same checks and progress as /config/files), pick one.
 * @example <FilePickerDialog open={open} onClose={() => setOpen(false)} onPick={(f) => setSrc(f.url ?? '')} />
 */
export function FilePickerDialog({ open, onClose, onPick, kind = 'image', title = kind === 'image' ? 'Choose an image' : 'Choose a file' }: FilePickerProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} actions={<Button variant="secondary" onClick={onClose}>Cancel</Button>}>
      {open ? (
        <PickerBody
          kind={kind}
          onPick={(file) => {
            onPick(file);
            onClose();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function PickerBody({ kind, onPick }: { kind: 'image' | 'file' | undefined; onPick: (file: FileRecord) => void }) {
  const [search, setSearch] = useState('');
  const list = useFileList({ search, sort: 'created-desc', kind });
  const uploads = useUploads((file) => {
    if (!kind || file.kind === kind) list.prepend(file);
  });
  return (
    <div className="files-picker">
      <div className="files-toolbar">
        <TextField label="Search files" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <UploadButton onFiles={uploads.add} label="Upload" />
      </div>
      <UploadQueue items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      {list.status.state === 'loading' ? <Skeleton rows={3} label="Loading files" /> : null}
      {list.status.state === 'error' ? <ErrorPanel message={list.status.message} onRetry={list.retry} /> : null}
      {list.status.state === 'ready' && list.files.length === 0 ? <EmptyState title={search.trim() ? 'No files match your search' : 'No files yet'} /> : null}
      {list.status.state === 'ready' && list.files.length > 0 ? (
        <ul className="files-grid files-grid-compact" aria-label="Files to choose from" aria-busy={list.status.refreshing === true}>
          {list.files.map((file) => (
            <li key={file.id} className="files-card">
              <button type="button" className="files-pick" aria-label={`Choose ${file.fileName}`} onClick={() => onPick(file)}>
                <span className="files-card-preview">
                  <FilePreview file={file} />
                </span>
                <span className="files-name">{file.fileName}</span>
                <small>{fileFacts(file)}</small>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {list.status.state === 'ready' && list.hasMore ? (
        <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
          Load More
        </Button>
      ) : null}
    </div>
  );
}

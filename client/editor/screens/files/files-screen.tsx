import { useEffect, useState, type DragEvent } from 'react';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { DeleteFileDialog, FileDetailsDialog } from './file-dialogs.js';
import { SORTS, type FileRecord, type SortValue } from './files-api.js';
import { fileFacts, FilePreview, UploadButton, UploadQueue } from './upload-parts.js';
import { useFileList } from './use-file-list.js';
import { useUploads } from './use-uploads.js';
import './files.css';

/** True when a drag carries files (not text or a link from the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * /config/files: the site's files as a grid with previews. Upload by the button, by dropping
 * files anywhere on the screen or by pasting them; each upload shows its progress and can be
 * cancelled. Search, sort, 'Load More'; rename, alt text and focal point, delete (refused
 * with where the file is used).
 */
export function FilesScreen() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortValue>('created-desc');
  const list = useFileList({ search, sort });
  const uploads = useUploads((file) => {
    list.prepend(file);
    toast(`Uploaded ${file.fileName}`);
  });
  const [editing, setEditing] = useState<FileRecord | undefined>();
  const [deleting, setDeleting] = useState<FileRecord | undefined>();
  const [dragging, setDragging] = useState(false);

  // Pasting files (a screenshot, files copied in the file browser) uploads them; pasting text into a field does not.
  useEffect(() => {
    const paste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (files.length === 0) return;
      e.preventDefault();
      uploads.add(files);
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, [uploads.add]);

  const drop = (e: DragEvent<HTMLElement>) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    setDragging(false);
    uploads.add(Array.from(e.dataTransfer.files));
  };

  return (
    <section
      className="files-screen"
      data-dragging={dragging || undefined}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={drop}
      data-files-drop
    >
      <div className="files-header">
        <h1>Files</h1>
        <UploadButton onFiles={uploads.add} />
      </div>
      <p className="files-hint">Drop files anywhere here or paste them to upload. Images (JPEG, PNG, GIF, WebP, AVIF) and PDFs up to 20 MB, SVG up to 512 KB.</p>
      <UploadQueue items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      <div className="files-toolbar" role="search">
        <TextField label="Search files" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Name or alt text" />
        <SelectField label="Sort" value={sort} options={SORTS} onChange={(e) => setSort(e.currentTarget.value as SortValue)} />
      </div>
      {list.status.state === 'loading' ? <Skeleton rows={4} label="Loading files" /> : null}
      {list.status.state === 'error' ? <ErrorPanel message={list.status.message} onRetry={list.retry} /> : null}
      {list.status.state === 'ready' && list.files.length === 0 ? (
        search.trim() ? (
          <EmptyState title="No files match your search" />
        ) : (
          <EmptyState title="No files yet">
            <p>Upload with the button, drop files here or paste them.</p>
          </EmptyState>
        )
      ) : null}
      {list.status.state === 'ready' && list.files.length > 0 ? (
        <ul className="files-grid" aria-label="Files" aria-busy={list.status.refreshing === true}>
          {list.files.map((file) => (
            <li key={file.id} className="files-card" data-file={file.id} data-file-name={file.fileName}>
              <div className="files-card-preview">
                <FilePreview file={file} />
              </div>
              <div className="files-card-body">
                <strong className="files-name" title={file.fileName}>
                  {file.fileName}
                </strong>
                <small>{fileFacts(file)}</small>
                {file.kind === 'image' && !file.altText ? <small className="files-missing">No alt text</small> : null}
              </div>
              <div className="files-card-actions">
                <Button variant="secondary" aria-label={`Edit ${file.fileName}`} onClick={() => setEditing(file)}>
                  Edit
                </Button>
                <Button variant="secondary" aria-label={`Delete ${file.fileName}`} onClick={() => setDeleting(file)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {list.status.state === 'ready' && list.hasMore ? (
        <div className="files-more">
          <Button variant="secondary" busy={list.loadingMore} onClick={list.loadMore}>
            Load More
          </Button>
          {list.moreError ? <p role="alert" className="files-error">{list.moreError}</p> : null}
        </div>
      ) : null}
      {dragging ? (
        <div className="files-drop-overlay" aria-hidden="true">
          Drop files to upload
        </div>
      ) : null}
      <FileDetailsDialog
        file={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(file, what) => {
          list.replace(file);
          toast(what);
        }}
      />
      <DeleteFileDialog
        file={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={(file) => {
          list.remove(file.id);
          toast(`Deleted ${file.fileName}`);
        }}
      />
    </section>
  );
}

import { useRef, useState } from 'react';
import { FILE_MESSAGES, formatFileSize, UPLOAD_ACCEPT } from '../../../../domain/files/file-rules.js';
import { Button } from '../../ui/button.js';
import type { FileRecord } from './files-api.js';
import type { UploadItem } from './use-uploads.js';

/** The "Upload files" button: a hidden multiple file input behind a real button. */
export function UploadButton({ onFiles, label = 'Upload files' }: { onFiles: (files: File[]) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={() => input.current?.click()}>{label}</Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        data-file-input
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

const STATE_TEXT: Record<UploadItem['state'], string> = {
  checking: 'Checking…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: FILE_MESSAGES.uploadTitle,
  cancelled: FILE_MESSAGES.processingCancelled,
};

/** Files on their way: name, progress, what happened (SPEC texts), cancel or dismiss. */
export function UploadQueue({ items, onCancel, onDismiss }: { items: readonly UploadItem[]; onCancel: (key: number) => void; onDismiss: (key: number) => void }) {
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.state === 'done' || item.state === 'cancelled');
  return (
    <>
    {finished.length > 1 ? (
      <Button variant="secondary" className="ui-button files-clear" onClick={() => finished.forEach((item) => onDismiss(item.key))}>
        Clear finished uploads
      </Button>
    ) : null}
    <ul className="files-queue" aria-label="Uploads">
      {items.map((item) => (
        <li key={item.key} className="files-queue-item" data-upload-state={item.state}>
          <div className="files-queue-head">
            <strong className="files-name">{item.name}</strong>
            <span>{STATE_TEXT[item.state]}</span>
          </div>
          {item.state === 'uploading' || item.state === 'checking' ? (
            <progress max={1} value={item.state === 'checking' ? undefined : item.progress} aria-label={`Upload of ${item.name}`} />
          ) : null}
          {item.state === 'failed' ? (
            <p role="alert" className="files-error">
              {item.message ?? FILE_MESSAGES.uploadFailed}
            </p>
          ) : null}
          {item.state === 'checking' || item.state === 'uploading' ? (
            <Button variant="secondary" aria-label={`Cancel the upload of ${item.name}`} onClick={() => onCancel(item.key)}>
              Cancel
            </Button>
          ) : (
            <Button variant="secondary" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.key)}>
              Dismiss
            </Button>
          )}
        </li>
      ))}
    </ul>
    </>
  );
}

/** A file's picture: its 300 px preview for images, else (or when the preview cannot be made) a label of its type. */
export function FilePreview({ file }: { file: FileRecord }) {
  const [broken, setBroken] = useState(false);
  if (file.previewUrl && !broken) return <img onError={() => setBroken(true)} className="files-preview" src={file.previewUrl} alt={file.altText} loading="lazy" width={300} height={file.width && file.height ? Math.round((300 * file.height) / file.width) : 300} />;
  const label = file.contentType === 'application/pdf' ? 'PDF' : (file.fileName.split('.').pop() ?? 'File').toUpperCase();
  return (
    <span className="files-preview files-preview-type" aria-hidden="true">
      {label}
    </span>
  );
}

/** "640 × 400 · 12 KB" */
export function fileFacts(file: FileRecord): string {
  const size = formatFileSize(file.size);
  return file.width && file.height ? `${file.width} × ${file.height} · ${size}` : size;
}

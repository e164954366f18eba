import { useState } from 'react';
import { EXTRA_LIMITS } from '../../../../../domain/catalog/product-extras.js';
import { formatFileSize } from '../../../../../domain/files/file-rules.js';
import { TextField } from '../../../ui/fields.js';
import { uploadDigitalFile } from './extras-api.js';
import { objectOf, textOf, wholeOrNull, type PanelProps } from './panel-values.js';

interface DigitalFile {
  assetId: string;
  maxDownloads: number | null;
  linkLifetimeHours: number | null;
}

/**
 * What a buyer downloads: the file (uploaded privately, never public), how often each purchase
 * may fetch it and how long its links work (blank: the store's download settings). Uploading
 * again replaces the file for later buyers; earlier buyers keep theirs.
 */
export function DigitalFilePanel({ product, change, errors, disabled }: PanelProps) {
  const stored = objectOf(product.digitalFile);
  const [shown, setShown] = useState<{ name: string; size: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState('');
  const file: DigitalFile | null = stored.assetId
    ? { assetId: String(stored.assetId), maxDownloads: (stored.maxDownloads as number | null) ?? null, linkLifetimeHours: (stored.linkLifetimeHours as number | null) ?? null }
    : null;
  const name = shown?.name ?? textOf(stored.fileName);
  const size = shown?.size ?? (typeof stored.size === 'number' ? stored.size : 0);
  const set = (patch: Partial<DigitalFile>) => file && change({ digitalFile: { ...file, ...patch } });
  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    setFailed('');
    try {
      const uploaded = await uploadDigitalFile(picked);
      setShown({ name: uploaded.fileName, size: uploaded.size });
      change({ digitalFile: { assetId: uploaded.id, maxDownloads: file?.maxDownloads ?? null, linkLifetimeHours: file?.linkLifetimeHours ?? null } });
    } catch (err) {
      setFailed((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="product-extra-panel" data-panel="digital-file">
      <p data-digital-file>{file ? `${name || 'File'} (${formatFileSize(size)})` : 'No file yet: buyers get nothing to download.'}</p>
      <label className="ui-field">
        <span>{file ? 'Replace the file' : 'Upload the file'}</span>
        <input type="file" accept="application/pdf,image/*" disabled={disabled || busy} onChange={(e) => void pick(e.currentTarget.files?.[0])} />
      </label>
      {busy ? <p aria-live="polite">Uploading…</p> : null}
      {failed || errors['digitalFile.assetId'] || errors.digitalFile ? (
        <p className="ui-field-error" role="alert">{failed || errors['digitalFile.assetId'] || errors.digitalFile}</p>
      ) : null}
      {file ? (
        <>
          <TextField
            label="Downloads per purchase"
            hint="Blank: the store's setting."
            type="number"
            min={1}
            max={EXTRA_LIMITS.maxDownloads}
            disabled={disabled}
            value={file.maxDownloads === null ? '' : String(file.maxDownloads)}
            onChange={(e) => set({ maxDownloads: wholeOrNull(e.currentTarget.value) })}
            error={errors['digitalFile.maxDownloads']}
          />
          <TextField
            label="Links work for (hours)"
            hint="Blank: the store's setting."
            type="number"
            min={1}
            max={EXTRA_LIMITS.linkLifetimeHours}
            disabled={disabled}
            value={file.linkLifetimeHours === null ? '' : String(file.linkLifetimeHours)}
            onChange={(e) => set({ linkLifetimeHours: wholeOrNull(e.currentTarget.value) })}
            error={errors['digitalFile.linkLifetimeHours']}
          />
        </>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { OwnerApiError, TEXT } from './api.js';
import { settingsWrite } from './checkout-settings-client.js';
import { Button } from './ui/button.js';
import { useToast } from './ui/toast.js';

/**
 * What the shipping, taxes and coupons screens share around their versioned rows
 * (/api/owner/checkout-settings, checkout-settings-client.ts): one busy flag and failure
 * message for the edit drawer and the delete dialog, the row being deleted, `write` (busy
 * while it runs; on success a toast, then `after`, then the screen's `refresh`; on failure the
 * message, and the field errors to `onFields`) and `remove` (DELETE under If-Match).
 */
export function useVersionedRows<Row extends { id: string; version: number }>(api: string, refresh: () => unknown) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [deleting, setDeleting] = useState<Row | undefined>();

  const write = async (run: () => Promise<unknown>, done: string, after: () => void, onFields?: (fields: Record<string, string>) => void) => {
    setBusy(true);
    try {
      await run();
      toast(done);
      after();
      await refresh();
    } catch (error) {
      if (error instanceof OwnerApiError) onFields?.(error.fields);
      setFailure(error instanceof OwnerApiError ? error.message : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  /** Deletes the row asked about (`deleting`); `done` is the toast. */
  const remove = async (done: (row: Row) => string) => {
    const row = deleting;
    if (!row) return;
    await write(() => settingsWrite('DELETE', `${api}/${encodeURIComponent(row.id)}`, row.version), done(row), () => setDeleting(undefined));
  };
  return { busy, failure, setFailure, deleting, setDeleting, write, remove };
}

/** The edit drawer's footer: Cancel, and Save (busy while saving). */
export function EditActions({ onCancel, onSave, busy, saveLabel }: { onCancel: () => void; onSave: () => void; busy: boolean; saveLabel: string }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      <Button busy={busy} onClick={onSave}>{saveLabel}</Button>
    </>
  );
}

/** The delete confirmation's footer: Cancel, and Delete (busy while deleting). */
export function DeleteActions({ onCancel, onDelete, busy }: { onCancel: () => void; onDelete: () => void; busy: boolean }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      <Button variant="danger" busy={busy} onClick={onDelete}>Delete</Button>
    </>
  );
}

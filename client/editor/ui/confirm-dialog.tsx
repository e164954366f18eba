import type { ReactNode } from 'react';
import { Button } from './button.js';
import { Dialog } from './dialog.js';

/**
 * Asks before a step that cannot be taken back in one click: what will happen, a way out
 * (`keep`, first so Enter never confirms by accident) and the danger button that takes the
 * step. The caller runs the step and passes its progress and refusal back in.
 */
export function ConfirmDialog({
  open,
  title,
  confirm,
  keep = 'Cancel',
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirm: string;
  keep?: string;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {keep}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
      {error ? (
        <p role="alert" className="ui-field-error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

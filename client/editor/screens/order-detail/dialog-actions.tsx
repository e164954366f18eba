import { Button } from '../../ui/button.js';

/**
 * The footer the order's action dialogs share (fulfil, refund, cancel): a secondary button
 * that closes (disabled while busy) and the confirming one, which shows `busyLabel` while the
 * request runs. `action` names the confirm button for tests (`data-action`).
 */
export function DialogActions(props: { closeLabel: string; onClose: () => void; label: string; busyLabel: string; onConfirm: () => void; busy: boolean; action: string; danger?: boolean }) {
  return (
    <>
      <Button variant="secondary" onClick={props.onClose} disabled={props.busy}>{props.closeLabel}</Button>
      <Button {...(props.danger ? { variant: 'danger' as const } : {})} onClick={props.onConfirm} busy={props.busy} data-action={props.action}>
        {props.busy ? props.busyLabel : props.label}
      </Button>
    </>
  );
}

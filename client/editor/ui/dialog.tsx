import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog on the browser's own <dialog> and showModal(): the page behind is inert,
 * focus moves in and returns to the opener on close, Escape closes. Named by its title.
 * `drawer`: the same dialog docked to the right edge at full height (details beside a list).
 */
export function Dialog({ open, title, onClose, children, actions, drawer = false }: { open: boolean; title: string; onClose: () => void; children?: ReactNode; actions?: ReactNode; drawer?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={drawer ? 'ui-dialog ui-drawer' : 'ui-dialog'} aria-labelledby={titleId} onClose={onClose} onCancel={(e) => {
      e.preventDefault();
      onClose();
    }}>
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="ui-dialog-actions">{actions}</div>
        </>
      ) : null}
    </dialog>
  );
}

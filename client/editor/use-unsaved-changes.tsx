import { useEffect, useRef, useState, type ReactNode } from 'react';
import { addNavigationGuard } from './router.js';
import { Button } from './ui/button.js';
import { Dialog } from './ui/dialog.js';

/**
 * SPEC §4 'Editor changes prompt to save or discard': while `dirty`, an in-app navigation
 * asks in a dialog (Save, Discard, Cancel) and closing or reloading the tab gets the
 * browser's own beforeunload question. `save` answers true when the changes were kept
 * (the navigation then goes on) and false when it failed (the form shows why and stays).
 * Render the returned element once in the screen.
 */
export function useUnsavedChanges(dirty: boolean, save: () => Promise<boolean>): ReactNode {
  const [pending, setPending] = useState<(() => void) | undefined>();
  const [saving, setSaving] = useState(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(
    () =>
      addNavigationGuard((proceed) => {
        if (!dirtyRef.current) return false;
        setPending(() => proceed);
        return true;
      }),
    [],
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const close = () => setPending(undefined);
  const go = () => {
    const proceed = pending;
    setPending(undefined);
    dirtyRef.current = false;
    proceed?.();
  };
  const onSave = () => {
    setSaving(true);
    save()
      .then((kept) => (kept ? go() : close()), close)
      .finally(() => setSaving(false));
  };
  return (
    <Dialog
      open={pending !== undefined}
      title="Save your changes?"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={go}>
            Discard
          </Button>
          <Button busy={saving} onClick={onSave}>
            Save
          </Button>
        </>
      }
    >
      <p>You have changes on this screen that are not saved yet.</p>
    </Dialog>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { OwnerApiError, TEXT } from '../api.js';
import { Button } from './button.js';
import { Dialog } from './dialog.js';

/** A refusal by field (`name`, `scopes.0`, ...) plus `_`, the API's message. */
export type FormErrors = Record<string, string>;

/** Whether `errors` has a message for `field` or one of its items (`scopes` covers `scopes.0`). */
export function fieldError(errors: FormErrors, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/**
 * A dialog around a form that creates something (an API token, a webhook): Cancel and the
 * submit button under it, Enter submits too. `onSubmit` makes the call; while it runs the
 * button is busy, and a refusal comes back to the form: `children` gets the field errors to
 * show beside their fields, and the API's message shows below the form unless one of
 * `fields` already shows an error.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  fields,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The fields the form shows errors beside. */
  fields: string[];
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: (errors: FormErrors) => ReactNode;
}) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await onSubmit();
    } catch (err) {
      setErrors(err instanceof OwnerApiError ? { ...err.fields, _: err.message } : { _: TEXT.failed });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {children(errors)}
        {errors._ && !fields.some((f) => fieldError(errors, f)) ? (
          <p className="ui-field-error" role="alert">
            {errors._}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { OwnerApiError, TEXT } from './api.js';
import { useToast } from './ui/toast.js';

/** A dialog's action on one table row: which row it is open for, whether it runs, its refusal. */
export interface RowAction<T> {
  row: T | undefined;
  busy: boolean;
  error: string;
  open(row: T): void;
  close(): void;
  /**
   * Runs the call for the open row. On success the toast says what it answers, the dialog
   * closes and `onDone` runs (the screen reads its table again); a refusal stays in the
   * dialog, `pickError` choosing the field message to show when the API names one.
   */
  run(call: (row: T) => Promise<string>, pickError?: (error: OwnerApiError) => string | undefined): Promise<void>;
  /** `run` for `row` without a dialog first (a card's one-click action: verify a domain); `row` is the open row meanwhile. */
  runFor(row: T, call: (row: T) => Promise<string>, pickError?: (error: OwnerApiError) => string | undefined): Promise<void>;
}

/** The confirm-then-call flow the owner tables share (disable a gift card, cancel a subscription, ...). */
export function useRowAction<T>(onDone: () => void): RowAction<T> {
  const toast = useToast();
  const [row, setRow] = useState<T | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const runFor: RowAction<T>['runFor'] = async (target, call, pickError) => {
    setRow(target);
    setBusy(true);
    setError('');
    try {
      toast(await call(target));
      setRow(undefined);
      onDone();
    } catch (failure) {
      setError(failure instanceof OwnerApiError ? (pickError?.(failure) ?? failure.message) : TEXT.failed);
    } finally {
      setBusy(false);
    }
  };
  return {
    row,
    busy,
    error,
    open(next) {
      setError('');
      setRow(next);
    },
    close() {
      setRow(undefined);
    },
    run: (call, pickError) => (row === undefined ? Promise.resolve() : runFor(row, call, pickError)),
    runFor,
  };
}

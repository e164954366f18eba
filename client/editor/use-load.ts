import { useCallback, useEffect, useState } from 'react';
import { OwnerApiError, TEXT } from './api.js';

/** `refreshing`: a `keep` load showing the last answer while the next one is on its way. */
export type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T; refreshing?: boolean };

/**
 * Loads what a screen shows, again whenever `key` changes or `retry()` is called; a late
 * answer to an older key is dropped. Failures carry SPEC §8's texts (or the server's message).
 * With `keep` (a list searched as the owner types), the last answer stays on screen, marked
 * `refreshing`, until the next arrives: the list does not blink away under the pointer or focus.
 */
export function useLoad<T>(key: string, load: () => Promise<T>, { keep = false }: { keep?: boolean } = {}): { result: Load<T>; retry: () => void } {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setResult((last) => (keep && last.state === 'ready' ? { state: 'ready', data: last.data, refreshing: true } : { state: 'loading' }));
    load().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) => live && setResult({ state: 'error', message: error instanceof OwnerApiError ? error.message : TEXT.loadRetry }),
    );
    return () => {
      live = false;
    };
    // `load` is a new function each render; `key` names what it loads.
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result, retry };
}

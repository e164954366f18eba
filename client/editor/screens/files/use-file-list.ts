import { useCallback, useEffect, useRef, useState } from 'react';
import { OwnerApiError, TEXT } from '../../api.js';
import { listFiles, type FileRecord, type ListRequest } from './files-api.js';

/** `refreshing`: the last list stays on screen while a new search's answer is on its way. */
export type ListState = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; refreshing?: boolean };

/**
 * The file list of a screen or the picker: the first page again whenever the search, sort
 * or kind changes (a late answer to an older request is dropped), 'Load More' appends the
 * next page by cursor, and changes made here (upload, rename, delete) apply in place. While a
 * new search loads, the files shown stay (refreshing), so the grid does not blink away as the
 * owner types or presses a file.
 */
export function useFileList(request: Omit<ListRequest, 'after'>) {
  const [files, setFiles] = useState<FileRecord[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<ListState>({ state: 'loading' });
  const [moreError, setMoreError] = useState<string | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const key = JSON.stringify(request);

  useEffect(() => {
    const mine = ++generation.current;
    setStatus((last) => (last.state === 'ready' ? { state: 'ready', refreshing: true } : { state: 'loading' }));
    listFiles(request).then(
      (page) => {
        if (mine !== generation.current) return;
        setFiles(page.files);
        setNext(page.next);
        setStatus({ state: 'ready' });
      },
      (error: unknown) => mine === generation.current && setStatus({ state: 'error', message: error instanceof OwnerApiError ? error.message : TEXT.loadResults }),
    );
    // `request` is a new object each render; `key` names what it asks for.
  }, [key, attempt]);

  const loadMore = useCallback(() => {
    if (!next) return;
    const mine = generation.current;
    setLoadingMore(true);
    setMoreError(undefined);
    listFiles({ ...request, after: next }).then(
      (page) => {
        if (mine !== generation.current) return;
        setFiles((list) => [...list, ...page.files.filter((f) => !list.some((have) => have.id === f.id))]);
        setNext(page.next);
        setLoadingMore(false);
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        setMoreError(error instanceof OwnerApiError ? error.message : TEXT.loadResults);
        setLoadingMore(false);
      },
    );
  }, [key, next]);

  return {
    status,
    files,
    hasMore: next !== null,
    loadMore,
    loadingMore,
    moreError,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    /** A new upload goes first (it is the newest). */
    prepend: useCallback((file: FileRecord) => setFiles((list) => [file, ...list.filter((f) => f.id !== file.id)]), []),
    replace: useCallback((file: FileRecord) => setFiles((list) => list.map((f) => (f.id === file.id ? file : f))), []),
    remove: useCallback((id: string) => setFiles((list) => list.filter((f) => f.id !== id)), []),
  };
}

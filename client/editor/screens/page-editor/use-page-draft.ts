import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageLayout } from '../../../../blocks/layout-schema.js';
import { OwnerApiError, TEXT } from '../../api.js';
import { dropLocalCopy, startFrom, writeLocalCopy } from './local-copy.js';
import { type Conflict, type EditorPage, saveDraft, VersionConflict } from './page-api.js';

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'offline' | 'conflict' | 'refused';

/** Autosave waits this long after the last change. */
export const AUTOSAVE_MS = 1000;
/** Retries after a network failure: 1 s, 2 s, 4 s ... at most 30 s apart. */
export const retryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
const HISTORY = 200;

/**
 * The draft being edited: the layout, the version it is based on, undo/redo over layout
 * edits, and autosave (1 s after the last change, If-Match of the base version, and at once
 * when the tab is hidden or left). A 412 stops saving and reports who saved; a network
 * failure keeps the edits and retries with backoff. Unsaved edits are also kept in this
 * browser (local-copy.ts) until the server has them: opening the page again restores them,
 * or shows the conflict when the server's draft moved on meanwhile.
 */
export function usePageDraft(first: EditorPage) {
  // A language's own layout (issue 29) keeps its local copy apart from the page's.
  const copyId = first.language ? `${first.id}@${first.language}` : first.id;
  const [start] = useState(() => startFrom(copyId, first.draftVersion, first.draft.layout));
  const [page, setPage] = useState(first);
  const [layout, setLayout] = useState<PageLayout>(start.layout);
  const [state, setState] = useState<SaveState>(start.kind === 'server' ? 'saved' : start.kind === 'restored' ? 'unsaved' : 'conflict');
  const [conflict, setConflict] = useState<Conflict | undefined>(
    start.kind === 'diverged' ? { version: first.draftVersion, author: first.draft.author, savedAt: first.draft.savedAt } : undefined,
  );
  const [refusal, setRefusal] = useState<string | undefined>();
  const [restored, setRestored] = useState(start.kind !== 'server');
  const [savedCount, setSavedCount] = useState(0);
  // A restored copy is one undo step away from the server's draft.
  const [stacks, setStacks] = useState<{ past: PageLayout[]; future: PageLayout[] }>({ past: start.kind === 'server' ? [] : [first.draft.layout], future: [] });

  const layoutRef = useRef(layout);
  const baseRef = useRef(start.kind === 'diverged' ? start.base : first.draftVersion);
  const savedLayout = useRef<PageLayout>(first.draft.layout);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempt = useRef(0);
  const inFlight = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const coalesce = useRef<{ key: string; at: number } | undefined>(undefined);

  /** The local copy follows the edits: kept while they differ from what the server has, dropped once it has them. */
  const keepLocal = useCallback(() => {
    if (layoutRef.current === savedLayout.current) dropLocalCopy(copyId);
    else writeLocalCopy(copyId, baseRef.current, layoutRef.current);
  }, [copyId]);

  const schedule = useCallback((delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), delay);
  }, []);

  const saveNow = useCallback(async (leaving = false): Promise<boolean> => {
    clearTimeout(timer.current);
    if (inFlight.current || stateRef.current === 'conflict') return false;
    const sending = layoutRef.current;
    if (sending === savedLayout.current) {
      setState('saved');
      return true;
    }
    inFlight.current = true;
    setState('saving');
    try {
      const saved = await saveDraft(first.id, baseRef.current, sending, fetch, leaving, first.language);
      attempt.current = 0;
      baseRef.current = saved.draftVersion ?? baseRef.current + 1;
      savedLayout.current = sending;
      keepLocal();
      setPage((p) => ({ ...p, ...saved }));
      setRefusal(undefined);
      setSavedCount((n) => n + 1);
      inFlight.current = false;
      if (layoutRef.current !== sending) {
        setState('unsaved');
        schedule(AUTOSAVE_MS);
      } else setState('saved');
      return true;
    } catch (error) {
      inFlight.current = false;
      if (error instanceof VersionConflict) {
        setConflict(error.current);
        setState('conflict');
      } else if (error instanceof OwnerApiError && (error.status === 0 || error.status >= 500)) {
        setState('offline');
        schedule(retryDelay(attempt.current++));
      } else {
        setRefusal(error instanceof Error ? error.message : TEXT.failed);
        setState('refused');
      }
      return false;
    }
  }, [first.id, first.language, schedule, keepLocal]);

  /** Replaces the layout (an edit): undoable, then autosaved. Edits with the same `key` within 1 s are one undo step (typing). */
  const edit = useCallback((next: PageLayout, key?: string) => {
    const now = Date.now();
    const merge = key !== undefined && coalesce.current?.key === key && now - coalesce.current.at < AUTOSAVE_MS;
    coalesce.current = key === undefined ? undefined : { key, at: now };
    const previous = layoutRef.current;
    if (!merge) setStacks((s) => ({ past: [...s.past, previous].slice(-HISTORY), future: [] }));
    layoutRef.current = next;
    setLayout(next);
    keepLocal();
    if (stateRef.current !== 'conflict') {
      setState('unsaved');
      schedule(AUTOSAVE_MS);
    }
  }, [schedule, keepLocal]);

  const travel = useCallback((from: 'past' | 'future') => {
    setStacks((s) => {
      const list = s[from];
      const target = list[list.length - 1];
      if (!target) return s;
      const current = layoutRef.current;
      layoutRef.current = target;
      setLayout(target);
      keepLocal();
      coalesce.current = undefined;
      if (stateRef.current !== 'conflict') {
        setState('unsaved');
        schedule(AUTOSAVE_MS);
      }
      return from === 'past' ? { past: list.slice(0, -1), future: [...s.future, current] } : { past: [...s.past, current], future: list.slice(0, -1) };
    });
  }, [schedule, keepLocal]);

  /** Takes the server's current draft (after a conflict or a restore): our unsaved edits are dropped. */
  const adopt = useCallback((fresh: EditorPage) => {
    clearTimeout(timer.current);
    baseRef.current = fresh.draftVersion;
    savedLayout.current = fresh.draft.layout;
    layoutRef.current = fresh.draft.layout;
    dropLocalCopy(copyId);
    setRestored(false);
    setLayout(fresh.draft.layout);
    setPage(fresh);
    setConflict(undefined);
    setStacks({ past: [], future: [] });
    setState('saved');
    setSavedCount((n) => n + 1);
  }, [copyId]);

  /** Keep mine: save our layout over the version the conflict named (a new revision; theirs stays in the history). */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    baseRef.current = conflict.version;
    keepLocal();
    setConflict(undefined);
    stateRef.current = 'unsaved';
    setState('unsaved');
    void saveNow();
  }, [conflict, saveNow, keepLocal]);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A restored local copy is saved at once.
  useEffect(() => {
    if (start.kind === 'restored') void saveNow();
  }, [start, saveNow]);
  // Leaving or hiding the tab saves at once (a keepalive request outlives the page); the local copy stays until it lands.
  useEffect(() => {
    const leave = () => {
      if (stateRef.current === 'unsaved' || stateRef.current === 'offline') void saveNow(true);
    };
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [saveNow]);
  // Back online: retry at once rather than at the next backoff step.
  useEffect(() => {
    const online = () => stateRef.current === 'offline' && void saveNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [saveNow]);

  return {
    page, setPage, layout, state, conflict, refusal, savedCount, edit, saveNow: () => saveNow(), adopt, keepMine,
    /** The draft version the server has now (after a save that has not re-rendered yet, too): what the next If-Match names. */
    draftVersion: () => baseRef.current,
    /** The editor opened with edits this browser kept (restored, or in conflict with a newer server draft). */
    restored,
    undo: () => travel('past'), redo: () => travel('future'), canUndo: stacks.past.length > 0, canRedo: stacks.future.length > 0,
    dirty: state !== 'saved',
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteStyles } from '../../../../domain/site-styles/site-styles.js';
import type { SiteStylesState } from '../../../../edge/services/site-styles/site-styles.js';
import { OwnerApiError } from '../../api.js';
import { publishSiteStyles, saveStylesDraft, StylesConflict } from './site-styles-api.js';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'failed';

/** How long after the last change the draft is saved. */
const AUTOSAVE_MS = 600;

/**
 * The site styles being edited: every change is kept locally and saved as the draft a moment
 * later (If-Match on the draft version, one save at a time); a 412 stops saving and says so.
 */
export function useStylesDraft(initial: SiteStylesState) {
  const [server, setServer] = useState(initial);
  const [styles, setStyles] = useState<SiteStyles>(initial.draft.styles);
  const [state, setState] = useState<SaveState>('saved');
  const [message, setMessage] = useState('');
  const pending = useRef<SiteStyles | undefined>(undefined);
  const version = useRef(initial.draft.version);
  const saving = useRef(false);

  const flush = useCallback(async () => {
    if (saving.current || !pending.current) return;
    const next = pending.current;
    pending.current = undefined;
    saving.current = true;
    setState('saving');
    try {
      const saved = await saveStylesDraft(version.current, next);
      version.current = saved.draft.version;
      setServer(saved);
      setState(pending.current ? 'unsaved' : 'saved');
    } catch (err) {
      pending.current ??= next;
      if (err instanceof StylesConflict) {
        setState('conflict');
        setMessage(`${err.current.author ?? 'Someone'} saved the site styles since you opened them. Reload to see their changes.`);
      } else {
        setState('failed');
        setMessage(err instanceof OwnerApiError ? err.message : 'Something went wrong');
      }
    } finally {
      saving.current = false;
    }
  }, []);

  useEffect(() => {
    if (state !== 'unsaved') return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [state, styles, flush]);

  const change = (next: SiteStyles) => {
    setStyles(next);
    pending.current = next;
    if (!saving.current && state !== 'conflict') setState('unsaved');
  };

  const publish = async () => {
    const published = await publishSiteStyles(version.current);
    setServer(published);
    return published;
  };

  return { styles, server, state, message, change, publish, saveNow: flush };
}

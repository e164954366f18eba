import { useEffect, useRef, useState } from 'react';
import { loadLanguageLayout, type LanguageLayout } from './page-api.js';

/** The Cron publishes a due layout within a minute: after the time, ask again this often. */
const RETRY_MS = 30_000;
// setTimeout's longest delay; a later schedule re-arms when it fires.
const MAX_DELAY_MS = 2_147_483_647;

export type ScheduleState = Pick<LanguageLayout, 'publishAt' | 'scheduledVersion' | 'publishedVersion'>;

/**
 * Keeps a language layout's schedule notice true when the server's moves on without this editor
 * (the Cron run publishing it, another tab scheduling or cancelling): the layout is read again
 * whenever the window regains focus and, while `publishAt` is set, when that time passes (then
 * every 30 s until the Cron has run); `onFresh` gets what the server says.
 */
export function useScheduleRefresh(pageId: string, language: string | undefined, publishAt: number | null | undefined, onFresh: (state: ScheduleState) => void): void {
  const latest = useRef(onFresh);
  latest.current = onFresh;
  // Moves on after each read that finds the layout still scheduled, to arm the next wait.
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!language) return;
    let live = true;
    const read = () => {
      loadLanguageLayout(pageId, language).then((own) => {
        if (!live) return;
        latest.current({ publishAt: own.publishAt, scheduledVersion: own.scheduledVersion, publishedVersion: own.publishedVersion });
        if (own.publishAt) setReads((n) => n + 1);
      }, () => live && setReads((n) => n + 1));
    };
    window.addEventListener('focus', read);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (publishAt) {
      const due = publishAt - Date.now();
      timer = setTimeout(read, Math.min(MAX_DELAY_MS, due > 0 ? due : RETRY_MS));
    }
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('focus', read);
    };
  }, [pageId, language, publishAt, reads]);
}

import type { EarlyErrors } from '../early-errors.js';
import { ISLAND_ERROR_EVENT } from '../island.js';
import { readCookie } from './page-info.js';

/** SPEC §9 error reporting: at most 10 queued, at most 20 sends per page, stacks cut at 5000, sends debounced 1 s. */
export const ERROR_LIMITS = { maxQueued: 10, maxSends: 20, maxStack: 5000, debounceMs: 1000, maxMessage: 500 } as const;

interface ErrorEvent {
  event: 'error' | 'unhandledrejection';
  timestamp: number;
  data: { message: string; stack: string; pagePath: string; source?: string; line?: number; column?: number };
}

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  return { message: typeof reason === 'string' ? reason : JSON.stringify(reason) ?? String(reason), stack: '' };
}

/**
 * Reports window errors and unhandled rejections to POST /api/events/RecordJavascriptErrors
 * (JSON list of `{ event, data, timestamp }`, crumb header). Returns `report` for errors
 * caught elsewhere (tracking, reviews, instalments: SPEC §8 says they are reported and do
 * not stop the page) and `stop` for tests. Errors queued in `early` (before the reporter
 * started) are reported first, with the time they happened.
 */
export function installErrorReporter(win: Window = window, early?: EarlyErrors) {
  const queue: ErrorEvent[] = [];
  let sends = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    timer = undefined;
    if (queue.length === 0 || sends >= ERROR_LIMITS.maxSends) return;
    sends++;
    const batch = queue.splice(0, queue.length);
    void fetch('/api/events/RecordJavascriptErrors', {
      method: 'POST',
      body: JSON.stringify(batch),
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': readCookie('crumb') ?? '' },
    }).catch(() => undefined);
  };

  const report = (event: ErrorEvent['event'], reason: unknown, where: { source?: string; line?: number; column?: number } = {}, at = Date.now()) => {
    if (queue.length >= ERROR_LIMITS.maxQueued || sends >= ERROR_LIMITS.maxSends) return;
    const { message, stack } = describe(reason);
    queue.push({
      event,
      timestamp: at,
      data: {
        message: (message || 'Unknown error').slice(0, ERROR_LIMITS.maxMessage),
        stack: stack.slice(0, ERROR_LIMITS.maxStack),
        pagePath: (location.pathname + location.search).slice(0, 2083),
        ...(where.source ? { source: where.source.slice(0, 2083) } : {}),
        ...(where.line ? { line: where.line } : {}),
        ...(where.column ? { column: where.column } : {}),
      },
    });
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(send, ERROR_LIMITS.debounceMs);
  };

  // An event's own time (its timeStamp counts from the page's time origin).
  const when = (e: Event) => (e.timeStamp > 0 ? Math.round(performance.timeOrigin + e.timeStamp) : Date.now());
  const onError = (e: Event) => {
    const ev = e as globalThis.ErrorEvent;
    // Resource load failures (img, script) are not script errors.
    if (!('message' in ev)) return;
    report('error', ev.error ?? ev.message, { source: ev.filename, line: ev.lineno, column: ev.colno }, when(e));
  };
  const onRejection = (e: Event) => report('unhandledrejection', (e as PromiseRejectionEvent).reason, {}, when(e));
  // SPEC §8: a broken island is reported (the loader keeps the rest of the page going).
  const onIsland = (e: Event) => report('error', (e as CustomEvent<{ error?: unknown }>).detail?.error, {}, when(e));
  const handlers: Record<string, (e: Event) => void> = { error: onError, unhandledrejection: onRejection, [ISLAND_ERROR_EVENT]: onIsland };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  win.document.addEventListener(ISLAND_ERROR_EVENT, onIsland);
  // Same task as the listeners above: nothing falls between the buffer and the reporter.
  for (const e of early?.drain() ?? []) handlers[e.type]?.(e);
  return {
    report: (reason: unknown) => report('error', reason),
    stop: () => {
      win.removeEventListener('error', onError);
      win.removeEventListener('unhandledrejection', onRejection);
      win.document.removeEventListener(ISLAND_ERROR_EVENT, onIsland);
    },
  };
}

/** Runs optional page code (tracking, reviews, instalments) so that a failure is reported, never thrown. */
export function guarded(report: (reason: unknown) => void, run: () => void): void {
  try {
    run();
  } catch (err) {
    report(err);
  }
}

import { ISLAND_ERROR_EVENT } from './island.js';

/** SPEC §9: the error reporter queues at most 10 errors; the early buffer keeps no more. */
export const EARLY_ERROR_LIMIT = 10;

/** Errors seen before the traffic runtime started, handed over once. */
export interface EarlyErrors {
  /** Stops listening and returns what was queued, oldest first (later calls return []). */
  drain(): Event[];
}

const WINDOW_EVENTS = ['error', 'unhandledrejection'] as const;

/**
 * Queues window errors, unhandled rejections and failed islands from the moment the
 * loader runs until the error reporter starts (the traffic runtime waits for the page to
 * settle, client/runtime/loader.ts), so an error thrown while the page loads is still
 * reported. A module, not an inline script: the CSP allows only 'self' scripts.
 *
 * @example
 * const early = bufferEarlyErrors();
 * // later, in the reporter: for (const event of early.drain()) handle(event);
 */
export function bufferEarlyErrors(win: Window = window, limit = EARLY_ERROR_LIMIT): EarlyErrors {
  let queued: Event[] = [];
  const keep = (event: Event) => {
    if (queued.length < limit) queued.push(event);
  };
  for (const type of WINDOW_EVENTS) win.addEventListener(type, keep);
  win.document.addEventListener(ISLAND_ERROR_EVENT, keep);
  return {
    drain() {
      for (const type of WINDOW_EVENTS) win.removeEventListener(type, keep);
      win.document.removeEventListener(ISLAND_ERROR_EVENT, keep);
      const events = queued;
      queued = [];
      return events;
    },
  };
}

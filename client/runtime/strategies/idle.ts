// Browsers without requestIdleCallback (Safari) still hydrate, shortly after load.
const FALLBACK_DELAY_MS = 200;
// An idle island hydrates at the latest this long after the page asked.
const IDLE_TIMEOUT_MS = 2000;

/** Hydrate when the main thread is idle: below-the-fold helpers that are not urgent. */
export function whenIdle(_el: HTMLElement, run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, FALLBACK_DELAY_MS);
}

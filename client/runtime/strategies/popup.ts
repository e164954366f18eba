import { whenIdle } from './idle.js';

/**
 * The promo popup's marker: at the first idle period its trigger (popup-trigger.ts, a chunk of
 * its own) is fetched and armed; the island itself loads only when the trigger fires. Nothing
 * of the popup counts against the page's first load.
 */
export function whenPopupTriggered(el: HTMLElement, run: () => void): void {
  whenIdle(el, () => void import('./popup-trigger.js').then((m) => m.armPopup(el, run)).catch(() => undefined));
}
